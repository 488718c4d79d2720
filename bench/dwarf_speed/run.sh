#!/bin/sh
# bench/dwarf_speed: `cachelint dwarf` against `pahole FILE > /dev/null` on
# one large binary with debug info, side by side in one run: wall time and
# peak memory (GNU time) of both, and their ratios.
#
# The binary is generated (gen.py): UNITS compile units that each repeat
# STRUCTS shared struct types in their DWARF, as the units of a kernel build
# repeat their headers' types (300 x 400 = 120,000 struct DIEs for ~400
# layouts), plus local structs and functions; built by clang with -g, so
# that btf_decl_tag annotations are in it.
#
# Also measured: `cachelint dwarf --dump-layout` (converts and prints every
# distinct layout, the closest to what pahole does) and `cachelint layout`
# of one struct.
#
#   bench/dwarf_speed/run.sh [UNITS] [STRUCTS]
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
units=${1:-300}
structs=${2:-400}
cachelint=${CACHELINT:-$top/build/lint/cachelint}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

[ -x "$cachelint" ] || { echo "run.sh: build first (scripts/bootstrap.sh)" >&2; exit 2; }
command -v pahole >/dev/null || { echo "run.sh: apt-get install dwarves" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "run.sh: apt-get install time" >&2; exit 2; }
clang=$(command -v clang-14 || command -v clang)

python3 "$(dirname "$0")/gen.py" "$work/src" "$units" "$structs"
echo "building $units units with -g ($structs shared struct types)..." >&2
make -s -C "$work/src" -j2 CC="$clang" \
	CFLAGS="-g -O1 -fno-eliminate-unused-debug-types -I$top/annotations" prog >&2
prog="$work/src/prog"
echo "binary: $(du -k "$prog" | cut -f1) KB, $(readelf -S "$prog" | grep -c debug) debug sections" >&2

# run NAME CMD...: append "NAME seconds peak-KB" for one run
run() {
	name=$1; shift
	/usr/bin/time -f "%e %M" -o "$work/t" "$@" > /dev/null 2>"$work/err" || true
	echo "$name $(tail -1 "$work/t")" >> "$work/runs"
}

# Five rounds, the tools interleaved so that a busy machine slows all of
# them alike; the best round of each counts.
: > "$work/runs"
for round in 1 2 3 4 5; do
	run pahole pahole "$prog"
	run cachelint-dwarf "$cachelint" dwarf --quiet "$prog"
	run cachelint-dump-layout "$cachelint" dwarf --quiet --dump-layout "$prog"
	run cachelint-layout "$cachelint" layout --quiet s100 "$prog"
done
sort -k1,1 -k2,2n "$work/runs" | awk '!seen[$1]++' > "$work/results"
awk '
	{ t[$1] = $2; m[$1] = $3 }
	END {
		printf "%-24s %8s %10s %12s %12s\n", "", "seconds", "peak MB", "speed-up", "memory"
		n = split("pahole cachelint-dwarf cachelint-dump-layout cachelint-layout", order, " ")
		for (i = 1; i <= n; i++) {
			k = order[i]
			printf "%-24s %8.2f %10.1f %11.2fx %11.2fx\n", k, t[k], m[k] / 1024,
				t["pahole"] / t[k], m["pahole"] / m[k]
		}
		printf "(speed-up and memory: pahole divided by the row; above 1 is better)\n"
	}' "$work/results"
