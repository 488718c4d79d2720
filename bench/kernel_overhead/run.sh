#!/bin/sh
# bench/kernel_overhead: what loading the cachelint plugin costs on real
# kernel objects: every object of mm/ in a Linux 6.1 tree (Debian's
# linux-source-6.1, x86_64 defconfig + CONFIG_MEMCG, cached by
# scripts/kernel-tree.sh), compiled with the exact gcc command Kbuild used,
# in three variants side by side in one run:
#   base     as Kbuild compiles it (-O2, -Werror, ...)
#   plugin   + -fplugin=cachelint.so (nothing annotated in 6.1: the cost of
#            looking at every struct)
#   profile  + the memcg profile (examples/kernel/memcg.yaml): every unit
#            that includes <linux/memcontrol.h> prints six warnings
# First, unless --no-callgrind, instructions (valgrind --tool=callgrind, all
# processes of gcc) for a sample: every 8th object of mm/ by name, plus
# mm/page_counter.o and mm/memcontrol.o; exact and repeatable.  Then CPU
# time (user+sys of gcc and its children) for all of mm/ over ROUNDS rounds
# (0: none), the three variants of each object back to back in an order
# that rotates: the ratio of the totals, its spread over rounds,
# and the ratio of the best-of-rounds totals (each object's fastest run,
# the least disturbed by the rest of the machine).
#
#   bench/kernel_overhead/run.sh [--no-callgrind] [ROUNDS]     (default 5)
#
# PLUGIN=path/to/cachelint.so overrides build/plugin/cachelint.so;
# CALLGRIND=all counts all of mm/ (about three hours here), CALLGRIND=OBJ,...
# the objects named.
# Takes ~30 min for the instruction counts and ~3.5 min per round here.
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
profile=$top/examples/kernel/memcg.yaml
[ -f "$plugin" ] || { echo "run.sh: build first (scripts/bootstrap.sh)" >&2; exit 2; }
if [ -n "$callgrind" ] && ! command -v valgrind >/dev/null; then
	echo "run.sh: apt-get install valgrind (or --no-callgrind)" >&2
	exit 2
fi

. "$top/testsuite/kernel/lib.sh"
kernel_lock
echo "run.sh: building mm/ without the plugin in $tree" >&2
make -s -C "$tree" ARCH=x86_64 -j2 mm/ >&2
/usr/bin/python3 "$here/measure.py" --rounds "$rounds" ${callgrind:+--callgrind "$callgrind"} \
	"$tree" mm plugin="-fplugin=$plugin" \
	profile="-fplugin=$plugin -fplugin-arg-cachelint-profile=$profile"
