#!/bin/sh
# bench/dwarf_speed/kernels.sh: `cachelint dwarf` against `pahole FILE >
# /dev/null` on the binaries users have: Debian's 6.1 and 6.12 cloud kernels
# with full debug info (scripts/debian-vmlinux.sh fetches and caches them;
# nothing is committed).  Side by side in one run, the tools interleaved
# round by round so that a busy machine slows all of them alike; the best
# round of each counts.  Wall time, CPU time (user + system) and peak
# memory (GNU time), and the ratios pahole / cachelint.
#
# Rows, at -j 1 and -j 2: `cachelint dwarf` (what a user runs: only
# structs that annotations or the profile reach are converted), `--profile`
# with the memcg profile (examples/kernel/memcg.yaml), and `--dump-layout`
# (converts and prints every distinct layout, as pahole does).  With
# CACHELINT_BEFORE=EXE, the same rows for that build too, without -j
# (before/after in one run).  Target: at least 3x faster than pahole at
# -j 1 on both kernels, with at most a quarter of its memory.
#
#   bench/dwarf_speed/kernels.sh [ROUNDS] [KERNEL...]     (3; 6.1 6.12)
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
rounds=${1:-3}
[ $# -gt 0 ] && shift
kernels=${*:-6.1 6.12}
cachelint=${CACHELINT:-$top/build/lint/cachelint}
before=${CACHELINT_BEFORE:-}
profile=$top/examples/kernel/memcg.yaml
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

[ -x "$cachelint" ] || { echo "kernels.sh: build first (scripts/bootstrap.sh)" >&2; exit 2; }
command -v pahole >/dev/null || { echo "kernels.sh: apt-get install dwarves" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "kernels.sh: apt-get install time" >&2; exit 2; }
[ -r "$profile" ] || { echo "kernels.sh: $profile missing" >&2; exit 2; }

# run KERNEL NAME CMD...: append "KERNEL NAME wall cpu peak-KB" for one run
run() {
	k=$1 name=$2
	shift 2
	# --fail-on none: cachelint exits 0 unless it fails
	/usr/bin/time -f "%e %U %S %M" -o "$work/t" "$@" > /dev/null 2>"$work/err" ||
		{ echo "kernels.sh: $name failed:" >&2; cat "$work/err" >&2; exit 2; }
	tail -1 "$work/t" | awk -v k="$k" -v n="$name" '{ print k, n, $1, $2 + $3, $4 }' >> "$work/runs"
}

# rows KERNEL EXE TAG VMLINUX [-j N]: the three rows of one build
rows() {
	k=$1 exe=$2 tag=$3 v=$4
	shift 4
	run "$k" "cachelint$tag" "$exe" dwarf "$@" --quiet --fail-on none "$v"
	run "$k" "cachelint$tag--profile" "$exe" dwarf "$@" --quiet --fail-on none \
		--profile "$profile" "$v"
	run "$k" "cachelint$tag--dump-layout" "$exe" dwarf "$@" --quiet --fail-on none \
		--dump-layout "$v"
}

: > "$work/runs"
for k in $kernels; do
	v=$("$top/scripts/debian-vmlinux.sh" "$k")
	echo "$k: $v ($(du -m "$v" | cut -f1) MB)" >&2
	for r in $(seq "$rounds"); do
		run "$k" pahole pahole "$v"
		rows "$k" "$cachelint" "-j1" "$v" -j 1
		rows "$k" "$cachelint" "-j2" "$v" -j 2
		[ -z "$before" ] || rows "$k" "$before" "(before)" "$v"
	done
done
echo "cachelint: $cachelint${before:+; before: $before}; $rounds rounds, best of each"
sort -k1,1 -k2,2 -k3,3n "$work/runs" | awk '!seen[$1 " " $2]++' > "$work/best"
awk '
	{ key = $1 " " $2; wall[key] = $3; cpu[key] = $4; mem[key] = $5
	  if (!($1 in kseen)) { kseen[$1] = 1; korder[++nk] = $1 }
	  if (!($2 in nseen)) { nseen[$2] = 1; norder[++nn] = $2 } }
	END {
		for (i = 1; i <= nk; i++) {
			k = korder[i]; p = k " pahole"
			printf "\nLinux %s\n%-32s %8s %8s %9s %9s %9s %9s\n", k, "", "wall s", "CPU s",
				"peak MB", "wall x", "CPU x", "memory x"
			for (j = 1; j <= nn; j++) {
				r = k " " norder[j]
				if (!(r in wall)) continue
				printf "%-32s %8.2f %8.2f %9.0f %8.2fx %8.2fx %8.2fx\n", norder[j], wall[r], cpu[r],
					mem[r] / 1024, wall[p] / wall[r], cpu[p] / cpu[r], mem[p] / mem[r]
			}
		}
		printf "\n(x: pahole divided by the row; above 1 is better)\n"
	}' "$work/best"
