#!/bin/sh
# layers.sh SRCROOT: core/model/ is the ground floor -- every file there
# includes only core/model/'s own headers (and system ones), never one of
# core's other folders (checks/, profile/, emit/, ...).  Prints each
# include that climbs, file:line, and fails; with no such include, prints
# how many files and includes it read.
set -eu
root=$1
files=0 includes=0 bad=0
for f in "$root"/core/model/*.[ch]; do
	files=$((files + 1))
	n=0
	while IFS= read -r line; do
		n=$((n + 1))
		case $line in
		'#include "'*)
			h=${line#\#include \"}
			h=${h%%\"*}
			includes=$((includes + 1))
			if [ ! -f "$root/core/model/$h" ]; then
				echo "${f#"$root"/}:$n: includes \"$h\", which is not in core/model/" >&2
				bad=$((bad + 1))
			fi
			;;
		esac
	done < "$f"
done
[ "$files" -gt 0 ] || { echo "layers.sh: no file in $root/core/model" >&2; exit 1; }
[ "$bad" = 0 ] || exit 1
echo "core/model: $files files, $includes includes, none from core's other folders"
