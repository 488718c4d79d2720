#!/bin/sh
# Quick start, step 1: install what is missing, build, and compile the
# page_counter example (struct page_counter as in Linux v5.10, annotated)
# with the cachelint GCC plugin loaded.  It prints the warnings, the layout
# as it is and as proposed, and the proposed reordering as a patch; then
# runs bench/false_sharing, which measures what the proposal is worth.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/scripts/bootstrap.sh"
echo "== gcc -fplugin=build/plugin/cachelint.so on examples/page_counter (Linux v5.10 layout)" >&2
make -s -C "$top/examples/page_counter" -B
echo "== bench/false_sharing: the v5.10 layout, cachelint's proposal and full padding, side by side" >&2
"$top/bench/false_sharing/run.sh" 1 3
