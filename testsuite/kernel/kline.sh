#!/bin/bash
# kline.sh [--patch FILE] HEADER STRUCT FIELD
#
# The line of HEADER (a path in the cached Linux tree, 6.1 or $KVER) that declares
# member FIELD of struct STRUCT, after applying the patch FILE if given (to
# a copy: the tree is not touched).  The tests compare the plugin's
# diagnostics against it, so that they name the right line even if a Debian
# update of linux-source-6.1 moves the declarations.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/testsuite/kernel/lib.sh"

patchfile=
if [ "${1:-}" = --patch ]; then
	patchfile=$2
	shift 2
fi
[ $# -eq 3 ] || { echo "usage: kline.sh [--patch FILE] HEADER STRUCT FIELD" >&2; exit 2; }
header=$1 struct=$2 field=$3

kernel_lock
file="$tree/$header"
if [ -n "$patchfile" ]; then
	copy=$(mktemp -d)
	trap 'rm -rf "$copy"' EXIT
	# The files the patch changes, so that it applies whole.
	sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$patchfile" | while read -r f; do
		if [ -e "$tree/$f" ]; then
			mkdir -p "$copy/$(dirname "$f")"
			cp "$tree/$f" "$copy/$f"
		fi
	done
	patch -d "$copy" -p1 -s -f <"$patchfile" >&2
	file="$copy/$header"
fi
awk -v s="$struct" -v f="$field" '
	$0 ~ "^struct " s " \\{" { inside = 1; next }
	inside && /^};/ { inside = 0 }
	inside && $0 ~ "(^|[^A-Za-z0-9_])" f "([ \t]*\\[[^]]*\\])*([ \t]*:[ \t]*[0-9]+)?([ \t]+__[A-Za-z_]+)?[ \t]*[;,]" { print NR; n++ }
	END { if (n != 1) { printf "kline.sh: struct %s member %s declared %d times\n", s, f, n > "/dev/stderr"; exit 1 } }
' "$file"
