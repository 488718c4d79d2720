#!/bin/sh
# roundtrip.sh SRC WORKDIR GCC-WITH-PLUGIN...
#
# The proposal round trip: compile SRC with the plugin's `propose` and
# -fdiagnostics-generate-patch, apply the patch GCC prints with `patch`,
# and compile the patched file again: it must have no cachelint finding.
# Leaves WORKDIR/case.c (patched), diag.txt, fix.patch and after.txt.
set -eu
src=$1
work=$2
shift 2
rm -rf "$work"
mkdir -p "$work"
cp "$src" "$work/case.c"
cd "$work"
"$@" -fplugin-arg-cachelint-propose -fdiagnostics-generate-patch -c case.c -o case.o 2> diag.txt
sed -n '/^--- /,$p' diag.txt > fix.patch
if [ ! -s fix.patch ]; then
	echo "roundtrip: GCC printed no patch" >&2
	cat diag.txt >&2
	exit 1
fi
patch -s -p0 --dry-run < fix.patch
patch -s -p0 < fix.patch
"$@" -c case.c -o fixed.o 2> after.txt
if grep -q 'cachelint-' after.txt; then
	echo "roundtrip: findings remain after the patch:" >&2
	cat after.txt >&2
	exit 1
fi
