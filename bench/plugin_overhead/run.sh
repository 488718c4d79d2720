#!/bin/sh
# bench/plugin_overhead: what loading the cachelint plugin costs gcc on a
# large annotated translation unit (1,500 struct types, ~25k lines), at -O0
# and -O2, with and without the plugin, measured side by side in one run as
# instruction counts (valgrind --tool=callgrind, all processes of the gcc
# driver summed): repeatable on a shared, noisy machine, unlike seconds.
# Then the cost of structs with findings (a warning + note each).
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

python3 "$(dirname "$0")/gen.py" "$structs" 0 "$work/clean.c"
python3 "$(dirname "$0")/gen.py" "$structs" "$findings" "$work/findings.c"

# instructions FILE OPT [PLUGIN-ARGS]: total instructions of every process
instructions() {
	src=$1; opt=$2; shift 2
	rm -f "$work"/callgrind.out.*
	valgrind --tool=callgrind --trace-children=yes \
		--callgrind-out-file="$work/callgrind.out.%p" -q \
		gcc "$opt" -I"$top/annotations" "$@" -c "$src" -o "$work/out.o" 2>"$work/diag"
	cat "$work"/callgrind.out.* | awk '/^(summary|totals):/ { s += $2 } END { print s }'
}

lines=$(wc -l < "$work/clean.c")
echo "translation unit: $lines lines, $structs struct types, all annotated"
printf '%-6s %16s %16s %9s\n' opt "without plugin" "with plugin" ratio
for opt in -O0 -O2; do
	base=$(instructions "$work/clean.c" $opt)
	with=$(instructions "$work/clean.c" $opt -fplugin="$plugin")
	warnings=$(grep -c 'warning:' "$work/diag" || true)
	printf '%-6s %16s %16s %9s   (%s warnings)\n' $opt "$base" "$with" \
		"$(awk -v a="$with" -v b="$base" 'BEGIN { printf "%.4f", a / b }')" "$warnings"
done

base=$(instructions "$work/findings.c" -O0)
with=$(instructions "$work/findings.c" -O0 -fplugin="$plugin")
warnings=$(grep -c 'warning:' "$work/diag" || true)
echo "with $findings structs that have a finding (-O0): $warnings warnings printed"
printf '%-6s %16s %16s %9s\n' -O0 "$base" "$with" \
	"$(awk -v a="$with" -v b="$base" 'BEGIN { printf "%.4f", a / b }')"
awk -v a="$with" -v b="$base" -v n="$warnings" -v c="$(instructions "$work/clean.c" -O0 -fplugin="$plugin")" \
	-v c0="$(instructions "$work/clean.c" -O0)" \
	'BEGIN { printf "cost per warning (with its note): %.2fM instructions\n", ((a - b) - (c - c0)) / n / 1e6 }'
