#!/bin/sh
# selftest.sh PYTHON3 CACHELINT FILECHECK: check_rule_pages.py finds every
# problem of the broken pages in Inputs/bad (a wrong title, summary and
# severity, a missing section, sections out of order, an example that does
# not run, a page for no rule, rules without a page) and exits 1: the check
# of docs/rules can fail.
set -u
here=$(dirname "$0")
out=$("$1" "$here/check_rule_pages.py" "$2" "$here/Inputs/bad")
rc=$?
if [ "$rc" -ne 1 ]; then
	printf '%s\n' "$out"
	echo "selftest.sh: check_rule_pages.py exited $rc on Inputs/bad, not 1" >&2
	exit 1
fi
printf '%s\n' "$out" | "$3" --implicit-check-not=bad/cachelint-false-sharing.md \
	--implicit-check-not=bad/cachelint-write-groups.md \
	--implicit-check-not=bad/cachelint-no-such-rule.md "$here/Inputs/bad.expect"
