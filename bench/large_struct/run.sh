#!/bin/sh
# bench/large_struct: how the plugin's and the lint's cost grows with the
# size of one struct.  For 10k, 20k, 50k and 100k members it compiles a
# generated file (testsuite/tools/gen_large_struct.py) with -fsyntax-only,
# without and with the plugin, side by side in one run (best of ROUNDS),
# and prints the ratio with/without and how each grew from 10k to 100k
# members: 10x is linear, 100x would be quadratic.  Then the same for
# `cachelint lint` on the same files, against `clang -fsyntax-only`.  Then
# the DWARF commands with a proposal (`dwarf --propose`, `layout --propose`,
# `dwarf --format html --propose`) on the files built by clang -g, against
# plain `cachelint dwarf`: CPU seconds (user + system: the machine is
# shared), peak RSS and growth, and with
# CACHELINT_BEFORE the same commands of another build side by side.
#   pairs:   100 of N annotated (50 read-mostly/write-hot pairs), propose
#   all:     every member annotated (200,000 findings at 100k), -w
# Then the sparse cases at N and 2N side by side, each as the ratio
# time(2N) / time(N) (2x is linear, 4x quadratic): `lint --format html`
# with 1 in 100 members annotated (pairs200), with and without --propose;
# and the loader of objects: (testsuite/tools/gen_large_objects.py) under
# `cachelint lint --profile`: N structs: entries, N pairs of one struct, N
# names in one paths: list.
# Then the lists at N, 2N and 4N in one run, each with the ratios
# time(2N) / time(N) and time(4N) / time(2N) (2x is linear, 4x quadratic;
# inputs by bench/large_struct/gen_lists.py): `cachelint merge` of two
# files of N objects: structs, variables and pairs, contention: structs,
# variables, pairs, shared members and touches of a line, lines: budgets
# and member entries; the loader of N structs' lines: budgets under
# `cachelint lint --profile`; and `cachelint diff`'s text with N/2 changed
# structs in one source file.
# Then `cachelint import perf-c2c` at N, 2N and 4N
# (testsuite/tools/gen_large_c2c.py), each doubling's ratio: N cache lines
# of 5 rows with a small access map, and N/10 cache lines against an
# access map of 40N other lines (each row finds its own source line's map
# lines, not the whole map).
#
#   bench/large_struct/run.sh [ROUNDS]
#   CACHELINT_PLUGIN=.so, CACHELINT=exe: another build's plugin or command;
#   CACHELINT_BEFORE=exe: a build to compare the DWARF commands with (each
#   run stopped after LARGE_STRUCT_TIMEOUT seconds, 120 by default);
#   LARGE_STRUCT_SIZES="10000 20000": other sizes (the first is the base of
#   the growth; a quadratic build takes minutes at 100k);
#   LARGE_STRUCT_PARTS="dwarf": only some of plugin, lint, dwarf, sparse,
#   objects, lists, c2c; LARGE_STRUCT_SPARSE="20000 40000" and
#   LARGE_STRUCT_OBJECTS="10000 20000": the N and 2N of those parts;
#   LARGE_STRUCT_LISTS=5000: the N of the lists (2N and 4N follow);
#   LARGE_STRUCT_C2C="5000 10000 20000": the N, 2N and 4N of perf c2c
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
parts="${LARGE_STRUCT_PARTS:-plugin lint sparse objects lists c2c dwarf}"
c2c="${LARGE_STRUCT_C2C:-5000 10000 20000}"
sparse="${LARGE_STRUCT_SPARSE:-20000 40000}"
objects="${LARGE_STRUCT_OBJECTS:-10000 20000}"
lists="${LARGE_STRUCT_LISTS:-5000}"
before="${CACHELINT_BEFORE:-}"
limit="${LARGE_STRUCT_TIMEOUT:-120}"
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

for mode in pairs all; do
	for n in $sizes; do
		python3 "$gen" "$n" "$mode" "$work/$mode$n.c"
	done
done

case " $parts " in *" plugin "*)
printf '%-6s %8s %10s %10s %8s\n' mode members gcc_s plugin_s ratio
for mode in pairs all; do
	first=""
	for n in $sizes; do
		[ -n "$first" ] || first=$n
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
;; esac

# The lint on the same files: libclang parses them too, so clang
# -fsyntax-only is the baseline.
[ -x "$cachelint" ] || { echo "run.sh: no $cachelint" >&2; exit 2; }
case " $parts " in *" lint "*)
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
;; esac

# cpu CMD...: the user + system seconds of one run (time's last line: a
# command that exits non-zero, as diff does on a worse HEAD, gets a line
# saying so first)
cpu() {
	/usr/bin/time -f '%U %S' -o "$work/cpu" "$@" >/dev/null 2>&1 || true
	tail -n 1 "$work/cpu" | awk '{ print $1 + $2 }'
}

# growth WHAT N 2N CMD-AT-N... ::: CMD-AT-2N...: both run in turn,
# $rounds times, and the ratio of the best of each
growth() {
	what=$1 n1=$2 n2=$3
	shift 3
	a=""
	while [ "$1" != ::: ]; do a="$a $1"; shift; done
	shift
	t1="" t2=""
	for r in $(seq "$rounds"); do
		# shellcheck disable=SC2086
		t=$(cpu $a)
		if [ -z "$t1" ] || [ "$(echo "$t < $t1" | bc)" = 1 ]; then t1=$t; fi
		t=$(cpu "$@")
		if [ -z "$t2" ] || [ "$(echo "$t < $t2" | bc)" = 1 ]; then t2=$t; fi
	done
	printf '%-30s %8d %8d %8.2f %8.2f %7.2fx\n' "$what" "$n1" "$n2" "$t1" "$t2" \
		"$(echo "scale=4; ($t2 + 0.005) / ($t1 + 0.005)" | bc)"
}

case " $parts " in *" sparse "*|*" objects "*|*" c2c "*)
printf '\n%-30s %8s %8s %8s %8s %8s\n' "sparse case" N 2N cpu_N cpu_2N ratio
;; esac
case " $parts " in *" sparse "*)
set -- $sparse
for n in "$1" "$2"; do
	python3 "$gen" "$n" pairs200 "$work/sparse$n.c"
	python3 "$gen" "$n" pairs "$work/sparse-plugin$n.c"
done
for extra in "--propose" ""; do
	growth "lint html 1/100 ${extra:-(no propose)}" "$1" "$2" \
		"$cachelint" lint --format html $extra --fail-on none "$work/sparse$1.c" -- -w -I"$top/annotations" ::: \
		"$cachelint" lint --format html $extra --fail-on none "$work/sparse$2.c" -- -w -I"$top/annotations"
done
growth "plugin propose 1/1000" "$1" "$2" \
	gcc -w -fsyntax-only -I"$top/annotations" -fplugin="$plugin" -fplugin-arg-cachelint-propose "$work/sparse-plugin$1.c" ::: \
	gcc -w -fsyntax-only -I"$top/annotations" -fplugin="$plugin" -fplugin-arg-cachelint-propose "$work/sparse-plugin$2.c"
;; esac
case " $parts " in *" objects "*)
set -- $objects
objgen="$top/testsuite/tools/gen_large_objects.py"
for mode in structs pairs paths; do
	for n in "$1" "$2"; do
		python3 "$objgen" "$n" "$mode" "$work/obj-$mode$n.yaml" "$work/obj-$mode$n.c"
	done
	growth "objects: $mode" "$1" "$2" \
		"$cachelint" lint --fail-on none --profile "$work/obj-$mode$1.yaml" "$work/obj-$mode$1.c" -- -I"$top/annotations" ::: \
		"$cachelint" lint --fail-on none --profile "$work/obj-$mode$2.yaml" "$work/obj-$mode$2.c" -- -I"$top/annotations"
done
;; esac

# growth3 WHAT N CMD...: CMD with @N@ replaced by N, 2N and 4N, each run
# in turn $rounds times; the best of each and the ratios of the doublings
growth3() {
	what=$1 n=$2
	shift 2
	t1="" t2="" t4=""
	for r in $(seq "$rounds"); do
		for k in 1 2 4; do
			# shellcheck disable=SC2046
			t=$(cpu $(echo "$@" | sed "s/@N@/$((n * k))/g"))
			eval "b=\$t$k"
			if [ -z "$b" ] || [ "$(echo "$t < $b" | bc)" = 1 ]; then eval "t$k=\$t"; fi
		done
	done
	printf '%-26s %7d %7d %7d %7.2f %7.2f %7.2f %6.2fx %6.2fx\n' "$what" "$n" "$((2 * n))" \
		"$((4 * n))" "$t1" "$t2" "$t4" \
		"$(echo "scale=4; ($t2 + 0.005) / ($t1 + 0.005)" | bc)" \
		"$(echo "scale=4; ($t4 + 0.005) / ($t2 + 0.005)" | bc)"
}

case " $parts " in *" lists "*)
lgen="$top/bench/large_struct/gen_lists.py"
n=$lists
printf '\n%-26s %7s %7s %7s %7s %7s %7s %7s %7s\n' list N 2N 4N cpu_N cpu_2N cpu_4N 2N/N 4N/2N
for k in 1 2 4; do
	m=$((n * k))
	for kind in ostructs ovars opairs cstructs cvars cpairs cshared ctouch budgets members; do
		# two runs of the same items (the sum adds them up), and of other paths
		python3 "$lgen" "$kind" "$m" "$work/$kind-$m-a.yaml"
		python3 "$lgen" "$kind" "$m" "$work/$kind-$m-b.yaml" b
	done
	python3 "$lgen" diff "$m" "$work/diff-$m.c"
	python3 "$lgen" diff "$m" "$work/diff-head-$m.c" head
	"$clang" -g -c -I"$top/annotations" "$work/diff-$m.c" -o "$work/diff-$m.o"
	"$clang" -g -c -I"$top/annotations" "$work/diff-head-$m.c" -o "$work/diff-head-$m.o"
done
printf 'struct one { long m; };\nstruct one one;\n' > "$work/one.c"
for kind in ostructs ovars opairs cstructs cvars cpairs cshared ctouch budgets members; do
	growth3 "merge $kind" "$n" "$cachelint" merge -o "$work/merged.yaml" \
		"$work/$kind-@N@-a.yaml" "$work/$kind-@N@-b.yaml"
done
growth3 "lint --profile lines:" "$n" "$cachelint" lint --fail-on none \
	--profile "$work/budgets-@N@-a.yaml" "$work/one.c"
growth3 "diff text (N/2 changed)" "$n" "$cachelint" diff -j 1 -o "$work/diff.txt" \
	"$work/diff-@N@.o" "$work/diff-head-@N@.o"
;; esac

case " $parts " in *" c2c "*)
c2cgen="$top/testsuite/tools/gen_large_c2c.py"
set -- $c2c
for n in "$@"; do
	python3 "$c2cgen" "$n" "$work/c2c-lines$n.txt" "$work/c2c-lines$n.map"
	python3 "$c2cgen" "$((n / 10))" "$work/c2c-map$n.txt" "$work/c2c-map$n.map" "$((40 * n))"
done
# c2c_growth WHAT N 2N: the import at N and at 2N, side by side
c2c_growth() {
	case $1 in
	lines) label="c2c: N lines, 5 rows each" ;;
	*) label="c2c: N/10 lines, map of 40N" ;;
	esac
	growth "$label" "$2" "$3" \
		"$cachelint" import perf-c2c --access-map "$work/c2c-$1$2.map" "$work/c2c-$1$2.txt" -o /dev/null ::: \
		"$cachelint" import perf-c2c --access-map "$work/c2c-$1$3.map" "$work/c2c-$1$3.txt" -o /dev/null
}
for kind in lines map; do	# not $what: growth() sets it
	c2c_growth "$kind" "$1" "$2"
	c2c_growth "$kind" "$2" "$3"
done
rm -f "$work"/c2c-*
;; esac

# The DWARF commands.  DWARF 4: clang's DWARF 5 names a unit's strings
# past the 65,536th with DW_FORM_strx3, and libdwarf 20210528 then reads
# the member's type reference one byte off ("a type reference points at
# no DIE" from 70k members on).
case " $parts " in *" dwarf "*) ;; *) exit 0 ;; esac
[ -z "$before" ] || [ -x "$before" ] || { echo "run.sh: no $before" >&2; exit 2; }

# measure EXE ARGS...: "cpu_seconds peak_MB" of the best of $rounds runs
# (peak of that run), or ">$limit -" when a run is stopped at the time limit
# (wall time)
measure() {
	best="" mb="-"
	for r in $(seq "$rounds"); do
		rc=0
		timeout "$limit" /usr/bin/time -f '%U %S %M' -o "$work/time" "$@" >/dev/null 2>&1 || rc=$?
		if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
			echo ">$limit -"
			return
		fi
		t=$(echo "$(cut -d' ' -f1 "$work/time") + $(cut -d' ' -f2 "$work/time")" | bc)
		if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then
			best=$t
			mb=$(($(cut -d' ' -f3 "$work/time") / 1024))
		fi
	done
	echo "$best $mb"
}

# run_cmd EXE WHAT OBJ: one of the four commands
run_cmd() {
	case $2 in
	text)	measure "$1" dwarf --fail-on none "$3" ;;
	propose) measure "$1" dwarf --propose --fail-on none "$3" ;;
	layout)	measure "$1" layout --propose --fail-on none big "$3" ;;
	html)	measure "$1" dwarf --format html --propose --fail-on none "$3" ;;
	esac
}

printf '\n%-6s %8s %-8s %8s %8s %8s' mode members command cpu_s peak_MB x_text
[ -z "$before" ] || printf ' %9s %9s %8s' before_s before_MB speedup
printf '\n'
for mode in pairs all; do
	first=""
	for n in $sizes; do
		[ -n "$first" ] || first=$n
		obj="$work/$mode$n.o"
		"$clang" -g -gdwarf-4 -c -I"$top/annotations" "$work/$mode$n.c" -o "$obj"
		for what in text propose layout html; do
			set -- $(run_cmd "$cachelint" "$what" "$obj")
			sec=$1 mb=$2
			[ "$what" = text ] && text=$sec
			printf '%-6s %8d %-8s %8.2f %8s %8.2f' "$mode" "$n" "$what" "$sec" "$mb" \
				"$(echo "scale=4; $sec / ($text + 0.005)" | bc)"
			if [ -n "$before" ]; then
				set -- $(run_cmd "$before" "$what" "$obj")
				case $1 in
				">"*) printf ' %9s %9s %8s' "$1" - - ;;
				*) printf ' %9.2f %9s %7.1fx' "$1" "$2" "$(echo "scale=4; $1 / ($sec + 0.005)" | bc)" ;;
				esac
			fi
			printf '\n'
			eval "sec_$what=\$sec"
			[ "$n" = "$first" ] && eval "first_$what=\$sec"
		done
		rm -f "$obj"
	done
	printf '%-6s growth %s -> %s:' "$mode" "$first" "$n"
	for what in text propose layout html; do
		eval "a=\$first_$what b=\$sec_$what"
		printf ' %s %.1fx' "$what" "$(echo "scale=4; $b / ($a + 0.005)" | bc)"
	done
	printf ' (linear: %sx)\n' "$((n / first))"
done

