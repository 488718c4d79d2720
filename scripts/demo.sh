#!/bin/sh
# Quick start, step 1: install what is missing, build, and compile the
# page_counter example (struct page_counter as in Linux v5.10, annotated)
# with the cachelint GCC plugin loaded.  It prints the warnings, the layout
# as it is and as proposed, and the proposed reordering as a patch; then
# runs bench/false_sharing, which measures what the proposal is worth.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/scripts/bootstrap.sh" --demo
echo "== gcc -fplugin=build/plugin/cachelint.so on examples/page_counter (Linux v5.10 layout)" >&2
make -s -C "$top/examples/page_counter" -B
# The same findings as a picture; README.md shows doc/page_counter.png, made so.
html="$top/build/examples/page_counter.html"
echo "== the picture: $html" >&2
if command -v chromium >/dev/null 2>&1; then
	tmp=$(mktemp -d)
	chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
		--user-data-dir="$tmp" --window-size=1280,430 \
		--screenshot="$top/build/examples/page_counter.png" "file://$html" 2>/dev/null
	rm -rf "$tmp"
	echo "   and its screenshot: $top/build/examples/page_counter.png" >&2
fi
echo "== bench/false_sharing: the v5.10 layout, cachelint's proposal and full padding, side by side" >&2
"$top/bench/false_sharing/run.sh" 1 3
