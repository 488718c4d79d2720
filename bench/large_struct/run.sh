#!/bin/sh
# bench/large_struct: how the plugin's and the lint's cost grows with the
# size of one struct.  For 10k, 20k, 50k and 100k members it compiles a
# generated file (testsuite/tools/gen_large_struct.py) with -fsyntax-only,
# without and with the plugin, side by side in one run (best of ROUNDS),
# and prints the ratio with/without and how each grew from 10k to 100k
# members: 10x is linear, 100x would be quadratic.  Then the same for
# `cachelint lint` on the same files, against `clang -fsyntax-only`.
#   pairs:   100 of N annotated (50 read-mostly/write-hot pairs), propose
#   all:     every member annotated (200,000 findings at 100k), -w
#
#   bench/large_struct/run.sh [ROUNDS]
#   CACHELINT_PLUGIN=.so, CACHELINT=exe: another build's plugin or command;
#   LARGE_STRUCT_SIZES="10000 20000": other sizes (the first is the base of
#   the growth; a quadratic build takes minutes at 100k)
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
rounds=${1:-3}
plugin="${CACHELINT_PLUGIN:-$top/build/plugin/cachelint.so}"
cachelint="${CACHELINT:-$top/build/lint/cachelint}"
sizes="${LARGE_STRUCT_SIZES:-10000 20000 50000 100000}"
clang=$(command -v clang-14 || command -v clang || echo clang)
gen="$top/testsuite/tools/gen_large_struct.py"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
[ -f "$plugin" ] || { echo "run.sh: build first (scripts/bootstrap.sh)" >&2; exit 2; }

# seconds CMD...: the best wall time of $rounds runs
seconds() {
	best=""
	for r in $(seq "$rounds"); do
		t0=$(date +%s.%N)
		"$@" >/dev/null 2>&1 || true
		t=$(echo "$(date +%s.%N) - $t0" | bc)
		if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
	done
	echo "$best"
}

printf '%-6s %8s %10s %10s %8s\n' mode members gcc_s plugin_s ratio
for mode in pairs all; do
	first=""
	for n in $sizes; do
		[ -n "$first" ] || first=$n
		python3 "$gen" "$n" "$mode" "$work/$mode$n.c"
		args="-w -fsyntax-only -I$top/annotations"
		[ "$mode" = pairs ] && extra="-fplugin-arg-cachelint-propose" || extra=""
		# shellcheck disable=SC2086
		plain=$(seconds gcc $args "$work/$mode$n.c")
		# shellcheck disable=SC2086
		with=$(seconds gcc $args -fplugin="$plugin" $extra "$work/$mode$n.c")
		printf '%-6s %8d %10.2f %10.2f %8.2f\n' "$mode" "$n" "$plain" "$with" \
			"$(echo "scale=4; $with / $plain" | bc)"
		[ "$n" = "$first" ] && plain0=$plain && with0=$with
	done
	printf '%-6s growth %s -> %s: gcc %.1fx, gcc with the plugin %.1fx (linear: %sx)\n' "$mode" \
		"$first" "$n" "$(echo "scale=4; $plain / $plain0" | bc)" \
		"$(echo "scale=4; $with / $with0" | bc)" "$((n / first))"
done

# The lint on the same files: libclang parses them too, so clang
# -fsyntax-only is the baseline.
[ -x "$cachelint" ] || { echo "run.sh: no $cachelint" >&2; exit 2; }
printf '\n%-6s %8s %10s %10s %8s\n' mode members clang_s lint_s ratio
for mode in pairs all; do
	first=""
	for n in $sizes; do
		[ -n "$first" ] || first=$n
		args="-w -I$top/annotations"
		[ "$mode" = pairs ] && extra="--propose" || extra=""
		# shellcheck disable=SC2086
		plain=$(seconds "$clang" -fsyntax-only $args "$work/$mode$n.c")
		# shellcheck disable=SC2086
		with=$(seconds "$cachelint" lint $extra --fail-on none "$work/$mode$n.c" -- $args)
		printf '%-6s %8d %10.2f %10.2f %8.2f\n' "$mode" "$n" "$plain" "$with" \
			"$(echo "scale=4; $with / $plain" | bc)"
		[ "$n" = "$first" ] && plain0=$plain && with0=$with
	done
	printf '%-6s growth %s -> %s: clang %.1fx, cachelint lint %.1fx (linear: %sx)\n' "$mode" \
		"$first" "$n" "$(echo "scale=4; $plain / $plain0" | bc)" \
		"$(echo "scale=4; $with / $with0" | bc)" "$((n / first))"
done
