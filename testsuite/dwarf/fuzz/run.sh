#!/bin/sh
# testsuite/dwarf/fuzz/run.sh BUILD_DIR SECONDS: build the DWARF fuzzer with
# clang (libFuzzer, ASan, UBSan) in BUILD_DIR/fuzz and run it for SECONDS on
# a copy of the seed corpus testsuite/dwarf/fuzz-corpus/ (small objects from
# gcc and clang: DWARF 4 and 5, bit-fields, annotations, -gz, split DWARF;
# two-unit executables, which the structural keys read in place; and the
# shapes of a sweep of corrupted ELF files: an i386 object, a member name
# blanked in .debug_str, a section table cut short; a .debug_line whose
# compression type libelf does not know, 125, on which libdwarf's
# dwarf_srcfiles() read past its own array before the header check refused it).
# Prints the executions and the crashes; fails on any crash, sanitizer
# report or leak.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=$1/fuzz
seconds=${2:-60}
clang=$(command -v clang-14 || command -v clang)

mkdir -p "$build"
if ! { cmake -S "$here" -B "$build" -DCMAKE_C_COMPILER="$clang" -DCMAKE_BUILD_TYPE=None &&
       cmake --build "$build" -j2; } > "$build/build.log" 2>&1; then
	tail -30 "$build/build.log"
	echo "dwarf fuzzer: the build failed" >&2
	exit 1
fi
rm -rf "$build/corpus" "$build/artifacts"
mkdir -p "$build/corpus" "$build/artifacts"
cp "$here/../fuzz-corpus/"* "$build/corpus/"
status=0
# libdwarf allocates what a corrupt header counts (a line table of 2^40
# files) and handles the NULL that glibc then returns; ASan would abort
# instead.  Allocation failures in cachelint's own code still abort (cl_xmalloc).
ASAN_OPTIONS=${ASAN_OPTIONS:-allocator_may_return_null=1} \
"$build/fuzz_dwarf" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
	-artifact_prefix="$build/artifacts/" -print_final_stats=1 \
	"$build/corpus" > "$build/log" 2>&1 || status=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$build/log")
crashes=$(find "$build/artifacts" -type f | wc -l)
echo "dwarf fuzzer: ${runs:-0} executions in ${seconds} s, $crashes crashes," \
	"$(find "$build/corpus" -type f | wc -l) inputs in the corpus"
if [ "$status" -ne 0 ] || [ "$crashes" -ne 0 ]; then
	grep -E 'ERROR|SUMMARY|==[0-9]+==' "$build/log" | head -20
	ls "$build/artifacts"
	exit 1
fi
