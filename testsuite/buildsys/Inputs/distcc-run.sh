#!/bin/sh
# distcc-run.sh DIR GCC PLUGIN: a distccd on 127.0.0.1 only (a free port,
# at most 60 s, stopped on exit), then three compiles through it:
#   plain     a unit without the plugin (the server works: it compiles it)
#   fallback  the unit with the plugin (refused by the server, compiled here)
#   strict    the same with DISTCC_FALLBACK=0 (fails)
# Each prints "== NAME rc=N" and the compiler's output; the server's log
# follows as "== server".
set -u
dir=$1 gcc=$2 plugin=$3
cd "$dir" || exit 2
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir -p state
# Run as root, distccd works as nobody, in $TMPDIR: give it one it may use.
spool=$(mktemp -d /tmp/cachelint-distcc.XXXXXX) && chmod 1777 "$spool" || exit 2
TMPDIR=$spool timeout 60 distccd --no-detach --daemon --listen 127.0.0.1 --port "$port" \
	--allow 127.0.0.1 --log-stderr --log-level info -j 1 2> server.log &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$spool"' EXIT
# Wait until it listens (at most 10 s).
i=0
while ! grep -q "listening on" server.log && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
if ! grep -q "listening on" server.log; then
	echo "== the server did not start:"; cat server.log
	exit 1
fi
# A state directory of its own: no back-off left from other runs.
export DISTCC_DIR="$dir/state" DISTCC_HOSTS="127.0.0.1:$port/1"
flags="-fplugin=$plugin -fplugin-arg-cachelint-profile=$dir/queue.yaml -fdiagnostics-plain-output"
printf 'int plain_unit;\n' > plain.c
timeout 30 distcc "$gcc" -c plain.c -o plain.o > out 2>&1
echo "== plain rc=$?"; cat out
# shellcheck disable=SC2086
timeout 30 distcc "$gcc" $flags -c queue.c -o queue.o > out 2>&1
echo "== fallback rc=$?"; cat out
# shellcheck disable=SC2086
DISTCC_FALLBACK=0 timeout 30 distcc "$gcc" $flags -c queue.c -o queue.o > out 2>&1
echo "== strict rc=$?"; cat out
echo "== server"
grep -E "compile from|Warning" server.log | sed 's/^distccd\[[0-9]*\] //'
