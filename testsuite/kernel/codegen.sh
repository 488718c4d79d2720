#!/bin/bash
# codegen.sh [--objects "OBJ..."] FLAG...
#
# Build every object of mm/ and kernel/cgroup/ in the cached Linux tree (6.1,
# or $KVER) twice, from scratch: without the plugin, then with
# KCFLAGS="FLAG..." (the plugin and its arguments), and compare the objects.
# With --objects, only those objects are built (and compared).  Fails if
# either build fails, if the compiler crashed, or if any object differs in
# anything but .comment, the section where GCC records its version (and,
# with -frecord-gcc-switches, the command line, which differs by design).
# This configuration has no debug info, so no DW_AT_producer records the
# command line either.  Prints the number of objects compared, how many are
# byte-identical as a whole, and the distinct cachelint warnings of the
# plugin build, sorted.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/testsuite/kernel/lib.sh"
objects=()
if [ "${1:-}" = --objects ]; then
	read -r -a objects <<<"$2"
	shift 2
fi
[ $# -gt 0 ] || { echo "usage: codegen.sh [--objects \"OBJ...\"] PLUGIN-FLAG..." >&2; exit 2; }

kernel_lock
cd "$tree"
dirs=(mm kernel/cgroup)
[ ${#objects[@]} -eq 0 ] || dirs=("${objects[@]}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# build NAME [KCFLAGS]: a clean build of the directories, objects saved
build() {
	local name=$1
	shift
	local targets=("${dirs[@]/%//}")
	if [ ${#objects[@]} -gt 0 ]; then
		rm -f "${objects[@]}"
		targets=("${objects[@]}")
	else
		find "${dirs[@]}" \( -name '*.o' -o -name '*.a' \) -delete
	fi
	if ! make ARCH=x86_64 -j2 "$@" "${targets[@]}" >"$work/$name.log" 2>&1 </dev/null; then
		cat "$work/$name.log"
		echo "codegen.sh: the build $name failed" >&2
		exit 1
	fi
	if grep -E 'internal compiler error|Segmentation fault|Killed signal' "$work/$name.log"; then
		echo "codegen.sh: the compiler crashed in the build $name" >&2
		exit 1
	fi
	find "${dirs[@]}" -name '*.o' | sort >"$work/$name.list"
	mkdir -p "$work/$name"
	xargs -a "$work/$name.list" cp --parents -t "$work/$name"
}

build plain
build plugin KCFLAGS="$*"

if ! cmp -s "$work/plain.list" "$work/plugin.list"; then
	echo "codegen.sh: the two builds made different sets of objects" >&2
	diff "$work/plain.list" "$work/plugin.list" >&2 || true
	exit 1
fi
total=0 whole=0 differ=0
while read -r o; do
	total=$((total + 1))
	if cmp -s "$work/plain/$o" "$work/plugin/$o"; then
		whole=$((whole + 1))
		continue
	fi
	objcopy --remove-section=.comment "$work/plain/$o" "$work/a.o"
	objcopy --remove-section=.comment "$work/plugin/$o" "$work/b.o"
	if ! cmp -s "$work/a.o" "$work/b.o"; then
		differ=$((differ + 1))
		echo "codegen.sh: $o differs:" >&2
		diff <(objdump -s "$work/a.o" | tail -n +3) <(objdump -s "$work/b.o" | tail -n +3) | head -20 >&2 || true
	fi
done <"$work/plain.list"

echo "objects compared: $total (${dirs[*]})"
echo "identical but for .comment: $((total - differ)), byte-identical: $whole"
echo "distinct warnings of the plugin build:"
grep -E '(warning|error): .*\[cachelint-' "$work/plugin.log" | sort -u || true
[ "$differ" -eq 0 ] && [ "$total" -gt 0 ]
