#!/bin/sh
# bench/kernel_overhead: what loading the cachelint plugin costs on real
# kernel objects: every object of mm/ in a Linux 6.1 tree (Debian's
# linux-source-6.1, x86_64 defconfig + CONFIG_MEMCG, cached by
# scripts/kernel-tree.sh), compiled with the exact gcc command Kbuild used,
# in four variants side by side in one run:
#   base     as Kbuild compiles it (-O2, -Werror, ...)
#   off      + -fplugin=cachelint.so -fplugin-arg-cachelint-infer=off: the
#            plugin without the static tier (nothing annotated in 6.1: the
#            cost of looking at every struct)
#   plugin   + -fplugin=cachelint.so: the plugin as a user loads it, the
#            static tier on (its default), so the access walk runs and
#            infers classes for every struct of the unit
#   map      + -fplugin-arg-cachelint-access-map=DIR/: the same, writing the
#            unit's access map too, as a build for `cachelint infer` does
# First, unless --no-callgrind, instructions (valgrind --tool=callgrind, all
# processes of gcc) for a sample: every 8th object of mm/ by name, plus
# mm/page_counter.o and mm/memcontrol.o; exact and repeatable.  Then CPU
# time (user+sys of gcc and its children) for all of mm/ over ROUNDS rounds
# (0: none), the variants of each object back to back in an order
# that rotates: the ratio of the totals, its spread over rounds,
# and the ratio of the best-of-rounds totals (each object's fastest run,
# the least disturbed by the rest of the machine).  Last, when the rounds
# wrote a map for every object, the time `cachelint infer` takes to read
# all of mm/'s maps and write the profile.
#
#   bench/kernel_overhead/run.sh [--no-callgrind] [ROUNDS]     (default 5)
#
# PLUGIN=path/to/cachelint.so overrides build/plugin/cachelint.so and
# CACHELINT=path/to/cachelint build/lint/cachelint; PROFILE=1 adds the
# variant `profile` (the plugin with examples/kernel/memcg.yaml: 59 of the
# 68 units print its six warnings); CALLGRIND=all counts all of mm/ (about
# four hours here), CALLGRIND=OBJ,... the objects named.
# Takes ~40 min for the instruction counts and ~4.5 min per round here.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
here=$top/bench/kernel_overhead
callgrind=${CALLGRIND:-every:8,mm/page_counter.o,mm/memcontrol.o}
if [ "${1:-}" = --no-callgrind ]; then
	callgrind=
	shift
fi
rounds=${1:-5}
plugin=${PLUGIN:-$top/build/plugin/cachelint.so}
cachelint=${CACHELINT:-$top/build/lint/cachelint}
profile=$top/examples/kernel/memcg.yaml
[ -f "$plugin" ] && [ -x "$cachelint" ] ||
	{ echo "run.sh: build first (scripts/bootstrap.sh)" >&2; exit 2; }
if [ -n "$callgrind" ] && ! command -v valgrind >/dev/null; then
	echo "run.sh: apt-get install valgrind (or --no-callgrind)" >&2
	exit 2
fi

. "$top/testsuite/kernel/lib.sh"
kernel_lock
maps=$(mktemp -d)
trap 'rm -rf "$maps"' EXIT
trap 'exit 130' INT TERM
echo "run.sh: building mm/ without the plugin in $tree" >&2
make -s -C "$tree" ARCH=x86_64 -j2 mm/ >&2
set -- off="-fplugin=$plugin -fplugin-arg-cachelint-infer=off" \
	plugin="-fplugin=$plugin" \
	map="-fplugin=$plugin -fplugin-arg-cachelint-access-map=$maps/"
[ -z "${PROFILE:-}" ] ||
	set -- "$@" profile="-fplugin=$plugin -fplugin-arg-cachelint-profile=$profile"
/usr/bin/python3 "$here/measure.py" --rounds "$rounds" ${callgrind:+--callgrind "$callgrind"} \
	"$tree" mm "$@"

# The whole build's maps, as `cachelint infer` reads them after a build.
units=$(find "$tree/mm" -maxdepth 1 -name '.*.o.cmd' | wc -l)
got=$(find "$maps/mm" -maxdepth 1 -name '*.cachelint.map' 2>/dev/null | wc -l)
if [ "$got" -ne "$units" ]; then
	echo "run.sh: $got maps for $units objects of mm/: no infer timing (ROUNDS >= 1)" >&2
	exit 0
fi
echo "cachelint infer over the maps of all of mm/ ($got maps," \
	"$(cat "$maps"/mm/*.cachelint.map | wc -c) bytes), best of 3:"
best=
for _ in 1 2 3; do
	t=$(/usr/bin/time -f '%U %S %e %M' "$cachelint" infer --quiet \
		--access-map "$maps/mm" -o "$maps/inferred.yaml" 2>&1 >/dev/null | tail -1)
	cpu=$(echo "$t" | awk '{ printf "%.2f", $1 + $2 }')
	[ -n "$best" ] && [ "$(echo "$cpu >= ${best%% *}" | bc)" = 1 ] ||
		best="$cpu $(echo "$t" | awk '{ printf "%.2f %d", $3, $4 / 1024 }')"
done
echo "$best" | awk '{ printf "  cpu %ss  wall %ss  peak %d MB\n", $1, $2, $3 }'
echo "  $(grep -c '^  "' "$maps/inferred.yaml") structs in the profile"
