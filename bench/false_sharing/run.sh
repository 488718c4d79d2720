#!/bin/sh
# bench/false_sharing: what cachelint's proposal is worth at run time.
#
# bench.c is built three times from the same structs.h:
#   original  the layouts as written (page_counter as in Linux v5.10)
#   proposed  after applying the patch the cachelint plugin prints for them
#             (-fplugin-arg-cachelint-propose -fdiagnostics-generate-patch),
#             generated here, during the build, not written by hand
#   padded    every write-hot field on a line of its own (pad.py)
# and the three run side by side, interleaved, REPEAT times; the table shows
# the median ops/s per role and the ratios proposed/original and
# proposed/padded, with each layout's size; then how many thread runs were
# off their CPU more than 10% of the time (another job on the machine),
# with a warning when that is more than a third of them.
#
# Two cases do not depend on structs.h and are the same in the three
# builds: true_sharing (its variants are inside bench.c) and the
# per-thread slots (slots24, slots8: packed arrays against the element
# aligned to the line, as cachelint-false-sharing-objects proposes).  The
# slots' rows of all three builds are pooled: each median is of
# 3 x REPEAT runs, packed and aligned run one after the other in each.
#
#   bench/false_sharing/run.sh [SECONDS] [REPEAT]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
seconds=${1:-1}
repeat=${2:-3}
plugin="$top/build/plugin/cachelint.so"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
[ -f "$plugin" ] || { echo "run.sh: build first (scripts/bootstrap.sh)" >&2; exit 2; }

for v in original proposed padded; do
	mkdir -p "$work/$v"
done
cp "$here/structs.h" "$work/original/structs.h"
cp "$here/structs.h" "$work/proposed/structs.h"
python3 "$here/pad.py" "$here/structs.h" "$work/padded/structs.h"

# The proposed layout: the plugin's own patch, applied with patch(1).
cd "$work/proposed"
printf '#include "structs.h"\n' > tu.c
gcc -I"$top/annotations" -fplugin="$plugin" -fplugin-arg-cachelint-propose \
	-fdiagnostics-generate-patch -fsyntax-only tu.c 2> diag.txt
sed -n '/^--- /,$p' diag.txt > fix.patch
patch -s -p0 < fix.patch
# ... which leaves no finding.
gcc -I"$top/annotations" -fplugin="$plugin" -fsyntax-only tu.c 2> after.txt
if grep -q cachelint- after.txt; then
	echo "run.sh: the proposed layout still has findings:" >&2
	cat after.txt >&2
	exit 1
fi
cd "$work"

for v in original proposed padded; do
	gcc -O2 -pthread -I"$work/$v" -I"$top/annotations" "$here/bench.c" -o "$work/bench-$v"
done

i=0
while [ "$i" -lt "$repeat" ]; do
	for v in original proposed padded; do
		"$work/bench-$v" "$seconds" | sed "s/^/$v /" >> "$work/results"
	done
	i=$((i + 1))
done

# Median ops/s per layout, case and role; then the table and the ratios.
sort -k1,1 -k2,2 -k3,3 -k4,4n "$work/results" | awk -v n="$repeat" '
	{ key = $1 " " $2 " " $3; v[key, ++c[key]] = $4; size[$1 " " $2] = $5
	  runs++; if ($6 < 0.9) short++
	  if ($1 == "original" && $2 == "true_sharing") ts[$3] += $4 / n
	  if ($2 ~ /^slots/) {
		sk = $2 " " $3; sv[sk, ++sc[sk]] = $4
		split($3, vt, "-"); ssize[$2 " " vt[1]] = $5
	  } }
	function median(arr, key, cnt,    i, j, x, tmp) {
		for (i = 1; i <= cnt; i++) tmp[i] = arr[key, i]
		for (i = 2; i <= cnt; i++) {
			x = tmp[i]
			for (j = i - 1; j >= 1 && tmp[j] > x; j--) tmp[j + 1] = tmp[j]
			tmp[j + 1] = x
		}
		return tmp[int((cnt + 1) / 2)]
	}
	END {
		for (k in c) med[k] = v[k, int((c[k] + 1) / 2)]
		printf "%-13s %-10s %-9s %7s %16s %16s %16s\n", "case", "role", "", "size", "original", "proposed", "padded"
		split("page_counter writer|page_counter reader|queue_pair rx-writer|queue_pair tx-writer", rows, "|")
		for (r = 1; r <= 4; r++) {
			split(rows[r], p, " ")
			o = med["original " rows[r]]; q = med["proposed " rows[r]]; d = med["padded " rows[r]]
			printf "%-13s %-10s %-9s %7s %16.0f %16.0f %16.0f\n", p[1], p[2], "ops/s", "", o, q, d
			printf "%-13s %-10s %-9s %7s %16s %15.2fx %15.2fx\n", "", "", "ratio", "", "1.00x", q / o, d / o
			printf "%-13s %-10s %-9s %7s %16s %16s %15.2f\n", "", "", "prop/pad", "", "", "", q / d
		}
		for (c2 = 1; c2 <= 2; c2++) {
			name = c2 == 1 ? "page_counter" : "queue_pair"
			printf "%-13s %-10s %-9s %7s %16d %16d %16d\n", name, "", "bytes", "", size["original " name], size["proposed " name], size["padded " name]
		}
		# True sharing: one counter both threads write, whatever the
		# layout around it (the rows of the original build: the three are
		# variants inside the program): the ops/s of both threads added,
		# the mean over the runs.
		printf "%-13s %-10s %-9s %16s %16s %16s\n", "true_sharing", "", "ops/s", "shared", "padded", "per-thread"
		printf "%-13s %-10s %-9s %16.0f %16.0f %16.0f\n", "", "2 writers", "", ts["shared"], ts["padded"], ts["per-thread"]
		printf "%-13s %-10s %-9s %16s %15.2fx %15.2fx\n", "", "", "ratio", "1.00x", ts["padded"] / ts["shared"], ts["per-thread"] / ts["shared"]
		# Per-thread slots: each thread writes its own element; thread N
		# of the packed array against thread N of the aligned one.
		printf "%-13s %-10s %-9s %16s %16s\n", "slots", "", "ops/s", "packed", "aligned"
		for (c2 = 1; c2 <= 2; c2++) {
			name = c2 == 1 ? "slots24" : "slots8"
			for (t = 0; t <= 1; t++) {
				o = median(sv, name " packed-" t, sc[name " packed-" t])
				q = median(sv, name " aligned-" t, sc[name " aligned-" t])
				printf "%-13s %-10s %-9s %16.0f %16.0f\n", name, "thread " t, "", o, q
				printf "%-13s %-10s %-9s %16s %15.2fx\n", "", "", "ratio", "1.00x", q / o
			}
			printf "%-13s %-10s %-9s %16d %16d\n", name, "", "bytes/elem", ssize[name " packed"], ssize[name " aligned"]
		}
		# A thread that lost its CPU to another job let the other run
		# alone: false sharing needs both on their CPUs at once.  The
		# medians absorb a disturbed run or two, not a busy machine.
		printf "threads on their CPU less than 90%% of a run: %d of %d\n", short, runs
		if (short * 3 > runs)
			printf "run.sh: the machine was busy: the ratios understate false sharing; run it again on a quiet machine\n"
	}'
