#!/bin/sh
# bench/memcached: instrument and lint Debian's memcached 1.6.18 end to end
# (issue 23's proof).  Opt-in: not part of the test suite.
#
#   bench/memcached/run.sh [SECONDS] [CLIENTS]         (default 10 4)
#
# 1. The source comes from Debian with `apt-get source memcached` into
#    ${CACHELINT_CACHE:-~/.cache/cachelint}/memcached, once: a deb-src
#    entry (made from debian.sources) is added for the fetch and removed
#    after it, and libevent-dev installed if missing (needs root the first
#    time).  Never copied into this tree.
# 2. memcached is built in a fresh copy of that tree with the plugin of
#    CACHELINT_BUILD (default build/) in instrument mode for the structs in
#    $structs, linked with its libcachelint-rt, under bear(1) for a compile
#    database.
# 3. It runs with 4 worker threads (-t 4) on a free loopback port under
#    load.py (CLIENTS connections for SECONDS, ~90% get / 10% set over
#    4,000 keys), is stopped with SIGINT (memcached's handler ends the
#    event loop and main() returns, so atexit writes the profile: one
#    path per thread, thread-N, unless CACHELINT_THREAD_ROLES is set).
# 4. `cachelint lint --profile` runs on memcached's units with the build's
#    own flags, and every finding on the structs below is printed, then a
#    table of counts per struct and rule.
#
# Everything of the run stays in $cache/last/ (profile, lint output, logs).
# The same script with CACHELINT_BUILD=NEWER gives the figures after a
# change, to compare with the baseline in bench/README.md.  Also read from
# the environment, for what a newer build may take:
#   MEMCACHED_INSTRUMENT   the instrument= list (default: the six structs
#                          reported; `all` where the plugin knows it)
#   CACHELINT_PLUGIN_ARGS  more plugin flags for the build
#   CACHELINT_LINT_ARGS    more `cachelint lint` options (e.g. --propose)
#   CACHELINT_THREAD_ROLES passed on to the run (name: one path per thread
#                          name, mc-worker... instead of thread-N)
set -eu
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
seconds=${1:-10}
clients=${2:-4}
build=${CACHELINT_BUILD:-$top/build}
[ -d "$build" ] || { echo "run.sh: no build directory $build" >&2; exit 2; }
build=$(cd "$build" && pwd)
cache=${CACHELINT_CACHE:-$HOME/.cache/cachelint}/memcached
plugin="$build/plugin/cachelint.so"
rt="$build/runtime/libcachelint-rt.a"
cli="$build/lint/cachelint"
structs=conn:_mc_resp:thread_stats:stats_state:_stritem:LIBEVENT_THREAD
instrument=${MEMCACHED_INSTRUMENT:-$structs}
version=1.6.18

die() { echo "run.sh: $*" >&2; exit 2; }
case "$seconds$clients" in
*[!0-9]*) die "SECONDS and CLIENTS are whole numbers: $seconds $clients" ;;
esac
[ "$seconds" -gt 0 ] && [ "$clients" -gt 0 ] || die "SECONDS and CLIENTS must be above 0"
# die_log LOG MESSAGE: the last lines of LOG, then the message
die_log() { tail -n 15 "$1" >&2; die "$2: $1"; }
[ -f "$plugin" ] && [ -f "$rt" ] && [ -x "$cli" ] ||
	die "no plugin, runtime or cachelint in $build: build first"
command -v bear >/dev/null || die "bear is missing (apt-get install bear)"
mkdir -p "$cache"

# A deb-src entry for the same archives as the deb ones, only while
# apt-get source runs: it is removed again on the way out, also on error.
src_list=/etc/apt/sources.list.d/cachelint-memcached-src.sources
remove_src_list() {
	[ ! -f "$src_list" ] && return 0
	rm -f "$src_list"
	timeout 600 apt-get -o DPkg::Lock::Timeout=300 update -qq || true
}
add_src_list() {
	[ "$(id -u)" = 0 ] || die "the source is not in $cache and only root can fetch it"
	awk 'BEGIN { RS = ""; ORS = "\n\n" }
	     /(^|\n)Types:[ \t]*deb([ \t\n]|$)/ {
		gsub(/\n#[^\n]*/, "")
		sub(/Types:[^\n]*/, "Types: deb-src")
		print
	     }' /etc/apt/sources.list.d/debian.sources > "$src_list.tmp"
	[ -s "$src_list.tmp" ] || { rm -f "$src_list.tmp"; die "no deb entry in debian.sources"; }
	mv "$src_list.tmp" "$src_list"
	timeout 600 apt-get -o DPkg::Lock::Timeout=300 update -qq || die "apt-get update failed"
}

fetch_source() {
	add_src_list
	# a half-unpacked tree from an interrupted run stops dpkg-source
	rm -rf "$cache"/memcached-[0-9]*/ "$cache"/memcached_*
	(cd "$cache" && timeout 900 apt-get source memcached > fetch.log 2>&1) ||
		{ remove_src_list; die "apt-get source memcached failed: $cache/fetch.log"; }
	remove_src_list
}

src=$cache/memcached-$version
if [ ! -f "$src/memcached.c" ]; then
	trap 'remove_src_list' EXIT
	trap 'exit 2' INT TERM
	fetch_source
	trap - EXIT INT TERM
fi
[ -f "$src/memcached.c" ] || die "no $src/memcached.c after the fetch: $cache/fetch.log"
echo "memcached source: $src"

# Its one library beyond libc; Debian's build also takes libsasl2 and
# libssl for features left off here.
if [ ! -f /usr/include/event2/event.h ]; then
	[ "$(id -u)" = 0 ] || die "libevent-dev is missing and only root can install it"
	timeout 900 apt-get -o DPkg::Lock::Timeout=300 install -y -qq libevent-dev \
		> "$cache/deps.log" 2>&1 || die "apt-get install libevent-dev failed: $cache/deps.log"
fi

# build DIR: memcached instrumented by $build, in a fresh copy of the
# source (the plugin may have changed since the last run), under bear.
# LIBS puts the runtime after memcached's objects on the link line.
build_memcached() {
	rm -rf "$1"
	cp -a "$src" "$1"
	# a tree someone built in: its objects would leave bear nothing to see,
	# and the program run would be theirs
	find "$1" -name '*.o' -delete
	rm -f "$1/memcached" "$1/memcached-debug" "$1/compile_commands.json"
	cc="gcc -fplugin=$plugin -fplugin-arg-cachelint-instrument=$instrument ${CACHELINT_PLUGIN_ARGS:-}"
	echo "building memcached: instrument=$instrument ${CACHELINT_PLUGIN_ARGS:-}"
	(cd "$1" && timeout 900 ./configure -q CC="$cc" CFLAGS="-O2 -g" \
		LIBS="$rt -pthread" > build.log 2>&1) || die_log "$1/build.log" "configure failed"
	(cd "$1" && timeout 1800 bear --output compile_commands.json -- make -j2 memcached \
		>> build.log 2>&1) || die_log "$1/build.log" "build failed"
	# what the plugin said during the build (memcached builds with -Werror)
	grep -h 'cachelint' "$1/build.log" | grep -v '^gcc ' | sort | uniq -c | sed 's/^/build: /' || true
}

server_pid=
stop_server() {
	[ -n "$server_pid" ] || return 0
	if kill -0 "$server_pid" 2>/dev/null; then
		kill -KILL "$server_pid" 2>/dev/null || true
	fi
	wait "$server_pid" 2>/dev/null || true
	server_pid=
}
trap stop_server EXIT
trap 'exit 2' INT TERM

out=$cache/last
rm -rf "$out"
mkdir -p "$out"
build_memcached "$cache/instr"
mc=$cache/instr/memcached

# run_once DIR: memcached under the load, its profile in DIR, the lint of
# memcached's units with it, the summary.
#
# 4 workers on a free loopback port (bind port 0, take what the kernel
# gave), UDP off, under the load; then SIGINT.  memcached's handler only
# sets stop_main_loop; the main loop sees it within a second (its clock
# event), main() returns and the runtime's atexit writes the profile.  As
# root memcached wants -u USER; root itself keeps the profile's directory
# writable (as nobody the runtime says "Permission denied").
run_once() {
	dir=$1
	mkdir -p "$dir"
	user=
	[ "$(id -u)" != 0 ] || user="-u root"
	port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	CACHELINT_PROFILE="$dir/profile.yaml" "$mc" -t 4 -l 127.0.0.1 -p "$port" -U 0 -m 64 $user \
		> "$dir/memcached.log" 2>&1 &
	server_pid=$!
	i=0
	until python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), timeout=1)" 2>/dev/null; do
		i=$((i + 1))
		[ "$i" -lt 100 ] || die_log "$dir/memcached.log" "memcached did not listen on $port"
		kill -0 "$server_pid" 2>/dev/null || die_log "$dir/memcached.log" "memcached exited"
		sleep 0.1
	done
	python3 "$here/load.py" "$port" "$seconds" "$clients" > "$dir/load.txt" 2>&1 ||
		die_log "$dir/load.txt" "the load failed"
	cat "$dir/load.txt"
	kill -INT "$server_pid"
	i=0
	while kill -0 "$server_pid" 2>/dev/null; do
		i=$((i + 1))
		[ "$i" -lt 100 ] || die "memcached did not exit 10 s after SIGINT"
		sleep 0.1
	done
	rc=0
	wait "$server_pid" || rc=$?
	server_pid=
	[ "$rc" = 0 ] || die_log "$dir/memcached.log" "memcached exited with status $rc"
	[ -s "$dir/profile.yaml" ] || die_log "$dir/memcached.log" "no profile written"
	echo "profile: $dir/profile.yaml ($(awk '/^[^ #]/ { s = /^structs:/ } s && /^  [^ ]/' "$dir/profile.yaml" | wc -l) structs)"
	# Feed the profile back: the lint on memcached's units with their own
	# flags (bear's compile database; the plugin's flags are dropped by
	# the lint), then every finding on the structs and the counts.  Status
	# 1 is "findings".
	rc=0
	"$cli" lint -p "$cache/instr" -j 2 --profile "$dir/profile.yaml" ${CACHELINT_LINT_ARGS:-} --format json \
		-o "$dir/lint.json" 2> "$dir/lint.log" || rc=$?
	[ "$rc" -le 1 ] || { cat "$dir/lint.log" >&2; die "cachelint lint failed (status $rc)"; }
	python3 "$here/summary.py" "$dir/lint.json" "$dir/profile.yaml" "$structs" "$cache/instr" | tee "$dir/summary.txt"
}

# MEMCACHED_RUNS=N: the same workload N times, each run's findings, then
# which finding came back in how many of the runs (weights aside).
runs=${MEMCACHED_RUNS:-1}
case "$runs" in
''|*[!0-9]*|0) die "MEMCACHED_RUNS must be a whole number from 1: $runs" ;;
esac
n=1
while [ "$n" -le "$runs" ]; do
	echo "== run $n of $runs"
	run_once "$out/run$n"
	n=$((n + 1))
done
[ "$runs" = 1 ] || python3 "$here/summary.py" --stability "$out"/run*/lint.json | tee "$out/stability.txt"
echo "run: $(date -u '+%Y-%m-%d %H:%M UTC'), cachelint $build ($(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo ?)), results in $out"
