#!/bin/sh
# bench/plugin_overhead: what loading the cachelint plugin costs gcc, measured
# side by side in one run as instruction counts (valgrind --tool=callgrind,
# all processes of the gcc driver summed): repeatable on a shared, noisy
# machine, unlike seconds.
#
# Translation units (~24k lines, 1,500 struct types embedded in chains):
#   typical   30 of the struct types annotated (2%), no findings
#   annotated every struct type annotated, no findings (worst case)
#   findings  every struct type annotated, FINDINGS of them with a finding
# each compiled at -O0 and -O2 without and with the plugin.
#
#   bench/plugin_overhead/run.sh [STRUCTS] [FINDINGS]
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
structs=${1:-1500}
findings=${2:-100}
plugin="$top/build/plugin/cachelint.so"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

[ -f "$plugin" ] || { echo "run.sh: build first (scripts/bootstrap.sh)" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "run.sh: apt-get install valgrind" >&2; exit 2; }

gen="$(dirname "$0")/gen.py"
python3 "$gen" "$structs" 30 0 "$work/typical.c"
python3 "$gen" "$structs" "$structs" 0 "$work/annotated.c"
python3 "$gen" "$structs" "$structs" "$findings" "$work/findings.c"

# instructions FILE OPT [GCC-ARGS]: total instructions of every process
instructions() {
	src=$1; opt=$2; shift 2
	rm -f "$work"/callgrind.out.*
	valgrind --tool=callgrind --trace-children=yes \
		--callgrind-out-file="$work/callgrind.out.%p" -q \
		gcc "$opt" -I"$top/annotations" "$@" -c "$src" -o "$work/out.o" 2>"$work/diag"
	cat "$work"/callgrind.out.* | awk '/^summary:/ { s += $2 } END { print s }'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", a / b }'; }

echo "translation units: $(wc -l < "$work/typical.c") lines, $structs struct types"
printf '%-10s %-4s %15s %15s %8s %9s\n' unit opt without with ratio warnings
for unit in typical annotated findings; do
	for opt in -O0 -O2; do
		[ "$unit" = findings ] && [ "$opt" = -O2 ] && continue
		base=$(instructions "$work/$unit.c" $opt)
		with=$(instructions "$work/$unit.c" $opt -fplugin="$plugin")
		warnings=$(grep -c 'warning:' "$work/diag" || true)
		printf '%-10s %-4s %15s %15s %8s %9s\n' $unit $opt "$base" "$with" \
			"$(ratio "$with" "$base")" "$warnings"
		eval "base_${unit}_${opt#-}=$base with_${unit}_${opt#-}=$with warn_${unit}=$warnings"
	done
done
# A finding costs what the findings unit adds over the annotated one.
awk -v f="$with_findings_O0" -v f0="$base_findings_O0" -v a="$with_annotated_O0" \
	-v a0="$base_annotated_O0" -v n="$warn_findings" \
	'BEGIN { printf "cost of a finding (warning + note): %.2fM instructions\n", ((f - f0) - (a - a0)) / n / 1e6 }'
