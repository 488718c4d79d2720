#!/bin/sh
# bench/liburcu: patches that apply, on a real tree nobody here wrote
# (issue 24, item 4).  liburcu's struct urcu_reader is declared in
# include/urcu/static/urcu-common.h and embeds a struct cds_list_head
# 'node' declared in include/urcu/list.h; src/urcu.c is compiled from src/
# with -I../include, as liburcu's own Makefile does.  With the what-if
# profile urcu_reader.yaml the first finding names 'node.next' (in list.h).
# This runs, and checks:
#   1. the lint from src/ with --propose --patch-out: the header is not below
#      src/, so an error (status 2, no patch), not "a/../include/...";
#   2. the same with --source-root ..: the patch names
#      include/urcu/static/urcu-common.h and `patch -p1 --dry-run` from the
#      root applies it;
#   3. the plugin from src/ with propose and -fdiagnostics-parseable-fixits:
#      every fix-it is in urcu-common.h, none in list.h;
#   4. the plugin from the root (-Iinclude) with
#      -fdiagnostics-generate-patch: `patch -p0 --dry-run` applies GCC's patch;
#   5. the patch applied to a copy: the lint finds nothing in urcu_reader.
# Opt-in: not part of the test suite.  Exit 0 when every check holds.
#
#   bench/liburcu/run.sh
#
# The source comes from Debian with `apt-get source liburcu`, through a
# deb-src entry made from /etc/apt/sources.list.d/debian.sources in a
# temporary apt list folder of its own (nothing under /etc changes), into
# ${CACHELINT_CACHE:-~/.cache/cachelint}/liburcu, configured once there
# (configured/) and reused.  CACHELINT_BUILD=DIR takes cachelint and the
# plugin from DIR (default build/).  Outputs stay in $cache/last/.
set -eu
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
build=$(cd "${CACHELINT_BUILD:-$top/build}" && pwd)
cache=${CACHELINT_CACHE:-$HOME/.cache/cachelint}/liburcu
lint="$build/lint/cachelint"
plugin="$build/plugin/cachelint.so"
profile="$here/urcu_reader.yaml"
header=include/urcu/static/urcu-common.h
cflags="-DHAVE_CONFIG_H -I../include -include config.h -I. -DRCU_MEMBARRIER"

die() { echo "run.sh: $*" >&2; exit 2; }
[ -x "$lint" ] && [ -f "$plugin" ] || die "no cachelint or plugin in $build: build first"
mkdir -p "$cache"

# apt-get source with a deb-src list of our own: a private sources folder
# and lists folder, so the system's apt configuration is left as it was.
fetch() {
	apt=$(mktemp -d)
	trap 'rm -rf "$apt"' EXIT
	mkdir -p "$apt/parts" "$apt/lists/partial"
	awk 'BEGIN { RS = ""; ORS = "\n\n" }
	     /(^|\n)Types:[ \t]*deb([ \t\n]|$)/ {
		gsub(/\n#[^\n]*/, "")
		sub(/Types:[^\n]*/, "Types: deb-src")
		print
	     }' /etc/apt/sources.list.d/debian.sources > "$apt/parts/cachelint-src.sources"
	[ -s "$apt/parts/cachelint-src.sources" ] || die "no deb entry in debian.sources"
	set -- -o Dir::Etc::sourcelist=/dev/null -o "Dir::Etc::sourceparts=$apt/parts" \
		-o "Dir::State::Lists=$apt/lists"
	timeout 600 apt-get "$@" update -qq > "$cache/fetch.log" 2>&1 ||
		die "apt-get update failed: $cache/fetch.log"
	# a half-unpacked tree from an interrupted run stops dpkg-source
	rm -rf "$cache"/liburcu-[0-9]*/ "$cache"/liburcu_* "$cache/configured"
	(cd "$cache" && timeout 900 apt-get "$@" source liburcu >> fetch.log 2>&1) ||
		die "apt-get source liburcu failed: $cache/fetch.log"
	rm -rf "$apt"
	trap - EXIT
}

src=$(ls -d "$cache"/liburcu-[0-9]*/ 2>/dev/null | head -n 1)
if [ -z "$src" ] || [ ! -f "$src/$header" ]; then
	fetch
	src=$(ls -d "$cache"/liburcu-[0-9]*/ | head -n 1)
fi
src=${src%/}
echo "liburcu source: $src"

# ./configure writes include/config.h and include/urcu/config.h; once.
if [ ! -f "$cache/configured/include/urcu/config.h" ]; then
	rm -rf "$cache/configured"
	cp -a "$src" "$cache/configured"
	(cd "$cache/configured" && timeout 600 ./configure > configure.log 2>&1) ||
		die "configure failed: $cache/configured/configure.log"
fi
out="$cache/last"
rm -rf "$out" "$cache/work"
mkdir -p "$out"
cp -a "$cache/configured" "$cache/work"
root="$cache/work"
fails=0
check() {	# check WHAT CONDITION...
	what=$1
	shift
	if "$@"; then
		echo "  ok: $what"
	else
		echo "  FAILED: $what"
		fails=$((fails + 1))
	fi
}

echo "== 1. lint from src/, no --source-root"
echo "\$ cd src && cachelint lint --propose --profile urcu_reader.yaml --patch-out ../fix.diff urcu.c -- $cflags"
set +e
(cd "$root/src" && "$lint" lint --propose --profile "$profile" --patch-out "$out/none.diff" \
	urcu.c -- $cflags > "$out/lint1.txt" 2> "$out/lint1.err")
status=$?
set -e
sed 's/^/  /' "$out/lint1.err"
check "status 2 (got $status)" test "$status" -eq 2
check "no patch written" test ! -e "$out/none.diff"
check "no a/../ path" sh -c "! grep -q 'a/\.\./' '$out/lint1.err'"

echo "== 2. lint from src/ with --source-root .."
echo "\$ cd src && cachelint lint --propose --source-root .. --profile urcu_reader.yaml --patch-out ../fix.diff urcu.c -- $cflags"
set +e
(cd "$root/src" && "$lint" lint --propose --source-root .. --profile "$profile" \
	--patch-out "$out/fix.diff" urcu.c -- $cflags > "$out/lint2.txt" 2> "$out/lint2.err")
status=$?
set -e
grep "urcu_reader\|'node\." "$out/lint2.txt" | sed 's/^/  /' || true
check "status 1: findings (got $status)" test "$status" -eq 1
check "the first finding names 'node.next'" grep -q "field 'node.next' .*'struct urcu_reader'" "$out/lint2.txt"
sed -n '1,2s/^/  /p' "$out/fix.diff"
check "the patch edits $header only" sh -c \
	"[ \"\$(grep '^--- \\|^+++ ' '$out/fix.diff')\" = \"--- a/$header
+++ b/$header\" ]"
echo "\$ patch -p1 --dry-run < fix.diff        (from the root)"
(cd "$root" && patch -p1 --dry-run < "$out/fix.diff" > "$out/dry-run.txt" 2>&1) && status=0 || status=$?
sed 's/^/  /' "$out/dry-run.txt"
check "patch -p1 --dry-run applies it (status $status)" test "$status" -eq 0
echo "== 3. plugin from src/: fix-its"
echo "\$ cd src && gcc -fplugin=cachelint.so -fplugin-arg-cachelint-profile=urcu_reader.yaml -fplugin-arg-cachelint-propose -fdiagnostics-parseable-fixits -fsyntax-only $cflags urcu.c"
(cd "$root/src" && gcc -fplugin="$plugin" -fplugin-arg-cachelint-profile="$profile" \
	-fplugin-arg-cachelint-propose -fdiagnostics-plain-output -fdiagnostics-parseable-fixits \
	-fsyntax-only $cflags urcu.c 2> "$out/plugin.txt") || true
grep '^fix-it:' "$out/plugin.txt" | sed 's/^/  /' || true
check "fix-its given" grep -q '^fix-it:' "$out/plugin.txt"
check "every fix-it in $header" sh -c "! grep '^fix-it:' '$out/plugin.txt' | grep -qv '^fix-it:\"../$header\"'"

echo "== 4. plugin from the root (-Iinclude): GCC's patch"
echo "\$ gcc ... -fdiagnostics-generate-patch -Iinclude -Isrc -include config.h src/urcu.c; patch -p0 --dry-run"
(cd "$root" && gcc -fplugin="$plugin" -fplugin-arg-cachelint-profile="$profile" \
	-fplugin-arg-cachelint-propose -fdiagnostics-plain-output -fdiagnostics-generate-patch \
	-fsyntax-only -DHAVE_CONFIG_H -Iinclude -include config.h -Isrc -DRCU_MEMBARRIER \
	src/urcu.c 2> "$out/gcc.txt") || true
sed -n '/^--- /,$p' "$out/gcc.txt" > "$out/gcc.patch"
sed -n '1,2s/^/  /p' "$out/gcc.patch"
check "GCC's patch names $header" grep -q "^--- $header\$" "$out/gcc.patch"
check "patch -p0 --dry-run applies it" sh -c "cd '$root' && patch -s -p0 --dry-run < '$out/gcc.patch'"

echo "== 5. the lint's patch applied: urcu_reader again"
(cd "$root" && patch -s -p1 < "$out/fix.diff")
set +e
(cd "$root/src" && "$lint" lint --profile "$profile" urcu.c -- $cflags > "$out/after.txt" 2>&1)
status=$?
set -e
check "no finding in urcu_reader (status $status)" sh -c "! grep -q urcu_reader '$out/after.txt'"

echo "outputs in $out; $fails check(s) failed"
[ "$fails" -eq 0 ]
