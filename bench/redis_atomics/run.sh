#!/bin/sh
# bench/redis_atomics: instrument on a real program nobody here wrote.
# Debian's redis 7.0 keeps its shared counters in `redisAtomic` (_Atomic)
# members and updates them with <stdatomic.h>'s atomic_*_explicit
# (src/atomicvar.h).  This builds redis-server with
# -fplugin-arg-cachelint-instrument (and instrument-notes), runs it on
# 127.0.0.1 with four I/O threads under a bounded redis-benchmark load,
# and prints the profile's counts of the atomic members next to what redis
# itself reports in INFO stats.  Opt-in: not part of the test suite.
#
#   bench/redis_atomics/run.sh [REQUESTS] [CLIENTS]     (default 20000 32)
#
# The source comes from Debian with `apt-get source redis` (a deb-src entry
# in /etc/apt/sources.list.d/cachelint-src.sources, made from debian.sources:
# needs root the first time) into ${CACHELINT_CACHE:-~/.cache/cachelint}/redis
# and is reused from there; the uninstrumented redis-benchmark and redis-cli
# are built once there too, redis-server instrumented on every run.
# CACHELINT_BUILD=DIR takes the plugin and libcachelint-rt from DIR
# (default build/).  The profile, INFO output, notes and logs stay in
# $cache/last/.
#
# Then the contention evidence of io_threads_pending[] (networking.c: one
# counter per I/O thread, which main sets when it hands a thread its
# clients and the thread polls and clears): as shipped, each slot has a
# line of its own (aligned(CACHE_LINE_SIZE)) and `cachelint dwarf` with the
# run's profile finds nothing; in a copy with that alignment removed the
# slots share lines and the run gives the between-objects finding, with the
# main thread's handoff (the same bytes) shown beside it as true sharing.
# REDIS_PENDING=0 skips that part.
set -eu
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
requests=${1:-20000}
clients=${2:-32}
build=$(cd "${CACHELINT_BUILD:-$top/build}" && pwd)
cache=${CACHELINT_CACHE:-$HOME/.cache/cachelint}/redis
plugin="$build/plugin/cachelint.so"
rt="$build/runtime/libcachelint-rt.a"
structs=redisServer:client:threads_pending:io_threads_pending
make_flags="-j2 MALLOC=libc BUILD_TLS=no USE_SYSTEMD=no"

die() { echo "run.sh: $*" >&2; exit 2; }
[ -f "$plugin" ] && [ -f "$rt" ] || die "no plugin or runtime in $build: build first"
mkdir -p "$cache"

# The deb-src entries: the same archives as the deb ones, in a file of our own.
apt_sources() {
	list=/etc/apt/sources.list.d/cachelint-src.sources
	if [ -f "$list" ]; then
		[ "$(id -u)" != 0 ] || timeout 600 apt-get update -qq || die "apt-get update failed"
		return
	fi
	[ "$(id -u)" = 0 ] || die "$list is missing and only root can add it"
	awk 'BEGIN { RS = ""; ORS = "\n\n" }
	     /(^|\n)Types:[ \t]*deb([ \t\n]|$)/ {
		gsub(/\n#[^\n]*/, "")
		sub(/Types:[^\n]*/, "Types: deb-src")
		print
	     }' /etc/apt/sources.list.d/debian.sources > "$list.tmp"
	[ -s "$list.tmp" ] || { rm -f "$list.tmp"; die "no deb entry in debian.sources"; }
	mv "$list.tmp" "$list"
	timeout 600 apt-get update -qq || die "apt-get update failed"
}

# The unpacked source, fetched once.
src=$(ls -d "$cache"/redis-[0-9]*/ 2>/dev/null | head -n 1)
if [ -z "$src" ] || [ ! -f "$src/src/atomicvar.h" ]; then
	apt_sources
	# a half-unpacked tree from an interrupted run stops dpkg-source
	rm -rf "$cache"/redis-[0-9]*/ "$cache"/redis_*
	(cd "$cache" && timeout 900 apt-get source redis > fetch.log 2>&1) ||
		die "apt-get source redis failed: $cache/fetch.log"
	src=$(ls -d "$cache"/redis-[0-9]*/ | head -n 1)
fi
src=${src%/}
echo "redis source: $src"

# Redis's Makefile cleans the tree when its flags change (persist-settings),
# so each variant builds in a copy of its own.
copy_tree() {
	rm -rf "$1"
	cp -a "$src" "$1"
}
if [ ! -x "$cache/plain/src/redis-benchmark" ] || [ ! -x "$cache/plain/src/redis-cli" ]; then
	copy_tree "$cache/plain"
	echo "building redis-benchmark and redis-cli (plain)"
	timeout 1800 make -C "$cache/plain/src" $make_flags redis-benchmark redis-cli \
		> "$cache/plain/build.log" 2>&1 || die "plain build failed: $cache/plain/build.log"
fi
bench="$cache/plain/src/redis-benchmark"
cli="$cache/plain/src/redis-cli"

# build_server NAME BUILD-DIR PLUGIN-ARGS: redis-server counted by that
# build's plugin, in $cache/NAME.  The runtime goes in whole: REDIS_LDFLAGS
# comes before the objects on redis's link line, and FINAL_LIBS cannot be
# added to from make's command line.
build_server() {
	[ -f "$2/plugin/cachelint.so" ] && [ -f "$2/runtime/libcachelint-rt.a" ] ||
		die "no plugin or runtime in $2"
	copy_tree "$cache/$1"
	echo "building redis-server ($1): instrument=$structs $3"
	timeout 1800 make -C "$cache/$1/src" $make_flags \
		REDIS_CFLAGS="-fplugin=$2/plugin/cachelint.so -fplugin-arg-cachelint-instrument=$structs $3" \
		REDIS_LDFLAGS="-Wl,--whole-archive $2/runtime/libcachelint-rt.a -Wl,--no-whole-archive" \
		redis-server > "$cache/$1/build.log" 2>&1 || die "build failed: $cache/$1/build.log"
}

server_pid=
stop_server() {
	[ -n "$server_pid" ] || return 0
	if kill -0 "$server_pid" 2>/dev/null; then
		kill -TERM "$server_pid" 2>/dev/null || true
		sleep 1
		kill -KILL "$server_pid" 2>/dev/null || true
	fi
	wait "$server_pid" 2>/dev/null || true
	server_pid=
}
trap stop_server EXIT
trap 'exit 2' INT TERM

# run_server NAME: $cache/NAME's redis-server on a free loopback port under
# the load, then SHUTDOWN NOSAVE; profile, INFO stats and logs in $out/NAME.
run_server() {
	dir="$out/$1"
	mkdir -p "$dir"
	# bind port 0 and take what the kernel gave
	port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	CACHELINT_PROFILE="$dir/profile.yaml" CACHELINT_THREAD_ROLES=name \
		timeout 900 "$cache/$1/src/redis-server" --bind 127.0.0.1 --port "$port" \
		--io-threads 4 --io-threads-do-reads yes --save '' --appendonly no \
		--daemonize no --dir "$dir" --logfile "$dir/server.log" &
	server_pid=$!
	i=0
	until timeout 5 "$cli" -h 127.0.0.1 -p "$port" ping > /dev/null 2>&1; do
		i=$((i + 1))
		[ "$i" -lt 100 ] || die "redis-server did not answer on port $port: $dir/server.log"
		kill -0 "$server_pid" 2>/dev/null || die "redis-server exited: $dir/server.log"
		sleep 0.1
	done
	echo "load ($1): redis-benchmark -n $requests -c $clients -t set,get,incr on 127.0.0.1:$port"
	timeout 900 "$bench" -h 127.0.0.1 -p "$port" -n "$requests" -c "$clients" \
		-t set,get,incr -q > "$dir/benchmark.txt" 2>&1 ||
		die "redis-benchmark failed or timed out: $dir/benchmark.txt"
	tr '\r' '\n' < "$dir/benchmark.txt" | grep 'requests per second' | sed 's/^/  /'
	timeout 20 "$cli" -h 127.0.0.1 -p "$port" info stats | tr -d '\r' > "$dir/info.txt"
	timeout 20 "$cli" -h 127.0.0.1 -p "$port" shutdown nosave > /dev/null 2>&1 || true
	i=0
	while kill -0 "$server_pid" 2>/dev/null; do
		i=$((i + 1))
		[ "$i" -lt 300 ] || die "redis-server did not exit after SHUTDOWN NOSAVE"
		sleep 0.1
	done
	wait "$server_pid" || die "redis-server exited with status $?: $dir/server.log"
	server_pid=
	[ -s "$dir/profile.yaml" ] || die "no profile written: $dir/server.log"
}

out="$cache/last"
rm -rf "$out"
mkdir -p "$out"
build_server instr "$build" -fplugin-arg-cachelint-instrument-notes
run_server instr
grep 'cachelint: the address of' "$cache/instr/build.log" > "$out/instr/notes.txt" || true
variants=instr
status=0
if [ -n "${CACHELINT_BEFORE:-}" ]; then
	# an older plugin may not know instrument-notes
	build_server before "$(cd "$CACHELINT_BEFORE" && pwd)" ""
	run_server before
	variants="instr before"
fi

# io_threads_pending[]: as shipped (aligned slots), and without the alignment.
pending() {
	name=$1
	"$build/lint/cachelint" dwarf --profile "$out/$name/profile.yaml" "$cache/$name/src/redis-server" \
		> "$out/$name/dwarf.txt" 2> "$out/$name/dwarf.err" || true
	grep -A1 "io_threads_pending\|threads_pending'" "$out/$name/dwarf.txt" | grep -v '^--' |
		sed "s|^|  $name: |" || echo "  $name: nothing on io_threads_pending"
	"$build/lint/cachelint" report --top 3 "$out/$name/profile.yaml" | sed "s|^|  $name report: |"
}
if [ "${REDIS_PENDING:-1}" != 0 ]; then
	echo
	echo "io_threads_pending[] (CACHELINT_SAMPLE=${CACHELINT_SAMPLE:-1024}):"
	pending instr
	copy_tree "$cache/unaligned"
	sed -i 's/typedef struct __attribute__((aligned(CACHE_LINE_SIZE))) threads_pending {/typedef struct threads_pending {/' \
		"$cache/unaligned/src/networking.c"
	grep -q 'typedef struct threads_pending {' "$cache/unaligned/src/networking.c" ||
		die "threads_pending is not declared as expected in networking.c"
	echo "building redis-server (unaligned): instrument=$structs"
	timeout 1800 make -C "$cache/unaligned/src" $make_flags \
		REDIS_CFLAGS="-fplugin=$build/plugin/cachelint.so -fplugin-arg-cachelint-instrument=$structs" \
		REDIS_LDFLAGS="-Wl,--whole-archive $build/runtime/libcachelint-rt.a -Wl,--no-whole-archive" \
		redis-server > "$cache/unaligned/build.log" 2>&1 || die "build failed: $cache/unaligned/build.log"
	run_server unaligned
	pending unaligned
fi

# The members redis declares redisAtomic in struct redisServer.
atomics=$(sed -n 's/^[[:space:]]*redisAtomic[^;]*[[:space:]*]\([A-Za-z_][A-Za-z0-9_]*\)[[:space:]]*;.*/\1/p' \
	"$src/src/server.h")
[ -n "$atomics" ] || die "no redisAtomic member found in $src/src/server.h"
echo
echo "profiles and INFO in $out/"
awk -v atomics="$atomics" -v variants="$variants" -v out="$out" '
	# profile lines: "  struct:" then "    member: {read: {path: n, ...}, write: {...}}"
	function load(v, file,    line, s, m, rest) {
		while ((getline line < file) > 0) {
			if (line ~ /^  [A-Za-z_]/) {
				s = line; sub(/^ +/, "", s); sub(/:.*/, "", s)
			} else if (line ~ /^    [A-Za-z_]/) {
				m = line; sub(/^ +/, "", m); sub(/:.*/, "", m)
				rest = substr(line, index(line, "{"))
				if (match(rest, /read: \{[^}]*\}/))
					paths(v, s "." m, "r", substr(rest, RSTART + 7, RLENGTH - 8))
				if (match(rest, /write: \{[^}]*\}/))
					paths(v, s "." m, "w", substr(rest, RSTART + 8, RLENGTH - 9))
			}
		}
		close(file)
	}
	function paths(v, key, kind, text,    n, i, a, kv) {
		n = split(text, a, ", ")
		for (i = 1; i <= n; i++) {
			split(a[i], kv, ": ")
			cnt[v, key, kind] += kv[2]
			if (!((v, key, kv[1]) in seen)) {
				seen[v, key, kv[1]] = 1
				order[v, key] = order[v, key] " " kv[1]
			}
			by[v, key, kv[1], kind] = kv[2]
		}
	}
	function threads(v, key,    n, i, p, text) {
		n = split(order[v, key], p, " ")
		for (i = 1; i <= n; i++)
			text = text (i > 1 ? ", " : "") p[i] " " sprintf("%.0f/%.0f", by[v, key, p[i], "r"], \
				by[v, key, p[i], "w"])
		return n ? text : "-"
	}
	function info(v, file,    line, kv) {
		while ((getline line < file) > 0)
			if (split(line, kv, ":") == 2)
				inf[v, kv[1]] = kv[2]
		close(file)
	}
	function row(key, label,    v, k) {
		printf "%-34s", label
		for (k = 1; k <= nv; k++)
			printf " %14.0f %12.0f", cnt[vs[k], key, "r"], cnt[vs[k], key, "w"]
		printf "\n"
	}
	# the member as INFO printed it, plus the writes redis makes that INFO
	# cannot show: @expect (the reset at start, accesses after INFO ran)
	function compare(field, key, expect, why,    k, d) {
		printf "%-28s %-28s", field, substr(key, 13)
		for (k = 1; k <= nv; k++) {
			d = cnt[vs[k], key, "w"] - inf[vs[k], field]
			printf " %9.0f %9.0f %+6.0f %-5s", inf[vs[k], field], cnt[vs[k], key, "w"], d, \
				d == expect ? "ok" : "WRONG"
			if (vs[k] == "instr" && d != expect)
				wrong++
		}
		printf " %+d: %s\n", expect, why
	}
	BEGIN {
		nv = split(variants, vs, " ")
		for (k = 1; k <= nv; k++) {
			load(vs[k], out "/" vs[k] "/profile.yaml")
			info(vs[k], out "/" vs[k] "/info.txt")
		}
		printf "%-34s", "redisServer member (redisAtomic)"
		for (k = 1; k <= nv; k++)
			printf " %14s %12s", vs[k] " reads", vs[k] " writes"
		printf "\n"
		na = split(atomics, am, "\n")
		for (i = 1; i <= na; i++)
			row("redisServer." am[i], am[i])
		row("threads_pending.value", "threads_pending.value (networking.c)")
		for (k = 1; k <= nv; k++) {
			printf "\nby thread, reads/writes (%s):\n", vs[k]
			for (i = 1; i <= na; i++)
				printf "  %-28s %s\n", am[i], threads(vs[k], "redisServer." am[i])
			printf "  %-28s %s\n", "threads_pending.value", threads(vs[k], "threads_pending.value")
		}
		printf "\n%-28s %-28s", "INFO stats", "member (writes counted)"
		for (k = 1; k <= nv; k++)
			printf " %9s %9s %6s %-5s", "INFO", vs[k], "diff", ""
		printf " expected\n"
		compare("total_reads_processed", "redisServer.stat_total_reads_processed", 3,
			"reset, the INFO client closing, SHUTDOWN read")
		compare("total_writes_processed", "redisServer.stat_total_writes_processed", 2,
			"reset, the INFO reply")
		compare("total_commands_processed", "redisServer.stat_numcommands", 2,
			"reset, INFO itself (plain member)")
		compare("total_connections_received", "redisServer.stat_numconnections", 2,
			"reset, SHUTDOWN client (plain member)")
		compare("keyspace_hits", "redisServer.stat_keyspace_hits", 1, "reset (plain member)")
		exit wrong > 0
	}' || status=1
notes=$(wc -l < "$out/instr/notes.txt")
echo
echo "instrument-notes: $notes notes (a member address leaving a function: not counted there),"
echo "  $(grep -c -F "$(printf "'redisServer.%s'\n" $atomics)" "$out/instr/notes.txt" || true) of them on a redisAtomic member; by member:"
sed "s/.*the address of '\([^']*\)' leaves [^A-Za-z_]*\([A-Za-z0-9_]*\).*/\1 \2/" "$out/instr/notes.txt" |
	sort | awk '{ f[$1] = f[$1] (f[$1] == "" ? "" : ", ") $2; n[$1]++ }
		END { for (m in f) printf "  %-44s %s\n", m, f[m] }' | sort
exit $status
