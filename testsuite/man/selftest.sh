#!/bin/sh
# selftest.sh PYTHON3 BUILD SOURCE FILECHECK: check_man.py finds every
# problem of the broken page in Inputs/bad (the wrong title, an option and
# a rule left out, a groff warning, an example that fails) and exits 1: the
# check of docs/man can fail.
set -u
here=$(dirname "$0")
out=$("$1" "$here/check_man.py" --build "$2" --source "$3" --man-dir "$here/Inputs/bad" \
	cachelint-explain.1)
rc=$?
if [ "$rc" -ne 1 ]; then
	printf '%s\n' "$out"
	echo "selftest.sh: check_man.py exited $rc on Inputs/bad, not 1" >&2
	exit 1
fi
printf '%s\n' "$out" | "$4" --implicit-check-not=error: "$here/Inputs/bad.expect"
