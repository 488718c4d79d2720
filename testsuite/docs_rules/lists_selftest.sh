#!/bin/sh
# lists_selftest.sh PYTHON3 SRCROOT: scripts/rule-lists.py --check can fail.
# On a copy of the table and the docs it passes; then a rule added to the
# table, a list cut short and a table row of no rule each make it exit 1,
# naming the list; and rewriting the lists makes it pass again.
set -u
py=$1 root=$2
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "lists_selftest.sh: $*" >&2; exit 1; }
copy() {
	rm -rf "$tmp/src" && mkdir -p "$tmp/src/core/model" "$tmp/src/docs/man" &&
	cp "$root/core/model/rules.def" "$tmp/src/core/model/" &&
	cp "$root/docs/README.md" "$root/docs/annotations.md" "$root/docs/hacking.md" "$tmp/src/docs/" &&
	cp "$root/docs/man/cachelint-explain.1" "$tmp/src/docs/man/"
}
check() { "$py" "$root/scripts/rule-lists.py" --check --root "$tmp/src"; }

copy && check > "$tmp/out" || fail "the lists of the tree do not pass: $(cat "$tmp/out")"

# A rule the lists do not have: every list is out of date.
printf '\nCL_RULE(NEW_ONE,\n\t.id = "cachelint-new-one",\n\t.severity = CL_SEV_NOTE,\n\t.summary =\n\t\t"A \\"new\\" rule")\n' >> "$tmp/src/core/model/rules.def"
check > "$tmp/out" && fail "a rule missing from every list passed"
[ "$(grep -c ': error: the list ' "$tmp/out")" = 5 ] || fail "not 5 lists out of date: $(cat "$tmp/out")"
"$py" "$root/scripts/rule-lists.py" --root "$tmp/src" > /dev/null || fail "rewriting failed"
check > "$tmp/out" || fail "the lists rewritten do not pass: $(cat "$tmp/out")"
grep -q '^- \[cachelint-new-one\](rules/cachelint-new-one.md)$' "$tmp/src/docs/README.md" || fail "README.md has no new row"
grep -q '^| \[`cachelint-new-one`\](rules/cachelint-new-one.md) | a "new" rule |$' "$tmp/src/docs/annotations.md" || fail "annotations.md's table has no new row"
grep -q '^a "new" rule$' "$tmp/src/docs/man/cachelint-explain.1" || fail "the man page has no new rule"

# A list cut short, and a row for no rule.
copy && sed -i '/^- \[cachelint-profile\]/d' "$tmp/src/docs/README.md"
check > "$tmp/out" && fail "README.md without cachelint-profile passed"
grep -q "docs/README.md:[0-9]*: error: the list 'rules'" "$tmp/out" || fail "$(cat "$tmp/out")"
copy && sed -i 's/^| rule | when |$/&\n| [`cachelint-gone`](rules\/cachelint-gone.md) | nothing |/' "$tmp/src/docs/annotations.md"
check > "$tmp/out" && fail "annotations.md with a row of no rule passed"
grep -q "docs/annotations.md:[0-9]*: error: the list 'table'" "$tmp/out" || fail "$(cat "$tmp/out")"
echo "lists_selftest.sh: the check fails on each broken copy"
