#!/bin/bash
# kedit.sh FILE SED-SCRIPT
#
# A patch (-p1, for kbuild.sh --patch) that changes FILE, a path in the
# cached Linux tree (6.1, or $KVER), the way SED-SCRIPT does, made from the
# tree itself so that it applies to whatever linux-source the machine has.
# The tree is not touched.  Fails unless the script changes exactly one
# line: a test that deletes one alignment must not delete another one.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/testsuite/kernel/lib.sh"
[ $# -eq 2 ] || { echo "usage: kedit.sh FILE SED-SCRIPT" >&2; exit 2; }
file=$1 script=$2

kernel_lock
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/a/$(dirname "$file")" "$work/b/$(dirname "$file")"
cp "$tree/$file" "$work/a/$file"
sed "$script" "$tree/$file" >"$work/b/$file"
changed=$(diff "$work/a/$file" "$work/b/$file" | grep -c '^<' || true)
if [ "$changed" -ne 1 ]; then
	echo "kedit.sh: '$script' changes $changed lines of $file, not 1" >&2
	exit 1
fi
cd "$work"
diff -u "a/$file" "b/$file" | sed '1,2s/\t.*//' || true
