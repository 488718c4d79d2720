#!/bin/sh
# Quick start, step 2: install what is missing, build, and run the whole test
# suite with ctest; then build core/ with AddressSanitizer + UBSan and run its
# unit tests again under them.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
"$top/scripts/bootstrap.sh"
jobs=$(nproc 2>/dev/null || echo 2)
ctest --test-dir build --output-on-failure -j "$jobs"

echo "== core/ under AddressSanitizer + UBSan" >&2
cmake -S . -B build-asan -DCACHELINT_SANITIZE=ON -DCACHELINT_CORE_ONLY=ON \
	-DCMAKE_BUILD_TYPE=Debug >/dev/null
cmake --build build-asan -j "$jobs" >&2
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
	ctest --test-dir build-asan --output-on-failure -j "$jobs"
