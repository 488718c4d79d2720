#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""check_rule_pages.py CACHELINT RULES_DIR: the rule pages and the rules table agree.

The table is what `cachelint explain --list` prints (core/model/rules.c):
one line per rule, "ID SEVERITY SUMMARY".  Every rule has RULES_DIR/ID.md,
every page there names a rule that exists, and each page

  - starts with the title "# ID",
  - gives, before its first section, the summary as a quote "> SUMMARY" and
    the severity as "Severity: **SEVERITY**", as the table has them,
  - has the four sections below, once each and in this order, the last one
    holding an example that runs (a ```console block, see
    testsuite/docs/run_examples.py, which runs it).

Prints one line per problem, "PAGE:LINE: error: ...", and exits 1 if there
is any; 2 if the table cannot be read.
"""
import os
import re
import subprocess
import sys

SECTIONS = [
    "## What the hardware does",
    "## How cachelint detects it",
    "## How to fix it",
    "## Example",
]


def read_table(cachelint):
    out = subprocess.run([cachelint, "explain", "--list"], capture_output=True,
                         text=True, check=False)
    if out.returncode != 0:
        sys.exit(f"check_rule_pages: {cachelint} explain --list: exit {out.returncode}")
    table = {}
    for line in out.stdout.splitlines():
        m = re.match(r"(\S+)\s+(error|warning|note)\s+(.*)$", line)
        if not m:
            print(f"check_rule_pages: unreadable line of explain --list: {line!r}",
                  file=sys.stderr)
            sys.exit(2)
        table[m.group(1)] = (m.group(2), m.group(3))
    if not table:
        print("check_rule_pages: explain --list printed no rule", file=sys.stderr)
        sys.exit(2)
    return table


def check_page(path, rule, row, errors):
    severity, summary = row
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")

    def err(lineno, msg):
        errors.append(f"{path}:{lineno}: error: {msg}")

    if lines[0] != f"# {rule}":
        err(1, f"the title is {lines[0]!r}, not '# {rule}'")
    first = next((i for i, l in enumerate(lines) if l.startswith("## ")), len(lines))
    head = lines[:first]
    if f"> {summary}" not in head:
        err(2, f"no '> {summary}' (the table's summary) before the first section")
    sev = [i for i, l in enumerate(head) if l.startswith("Severity: ")]
    if not sev:
        err(2, f"no 'Severity: **{severity}**' before the first section")
    for i in sev:
        if not lines[i].startswith(f"Severity: **{severity}**"):
            err(i + 1, f"the severity is {lines[i]!r}, the table says '{severity}'")

    found = [(i, l) for i, l in enumerate(lines) if l.startswith("## ")]
    names = [l for _, l in found]
    for s in SECTIONS:
        if names.count(s) != 1:
            err(first + 1, f"section '{s}' appears {names.count(s)} times, not once")
    if all(names.count(s) == 1 for s in SECTIONS) and \
            [l for l in names if l in SECTIONS] != SECTIONS:
        err(first + 1, "the sections are not in the order: " + ", ".join(SECTIONS))
    example = [i for i, l in found if l == SECTIONS[-1]]
    if example:
        start = example[0]
        end = next((i for i, l in found if i > start), len(lines))
        if not any(re.match(r"```console\s*$", l) for l in lines[start:end]):
            err(start + 1, "the example section has no ```console block that runs")


def main():
    if len(sys.argv) != 3:
        print(__doc__.split("\n")[0], file=sys.stderr)
        return 2
    cachelint, rules_dir = sys.argv[1:]
    table = read_table(cachelint)
    errors = []
    pages = sorted(p for p in os.listdir(rules_dir) if p.endswith(".md"))
    for page in pages:
        rule = page[:-3]
        path = os.path.join(rules_dir, page)
        if rule not in table:
            errors.append(f"{path}:1: error: '{rule}' is no rule of "
                          "cachelint explain --list")
            continue
        check_page(path, rule, table[rule], errors)
    for rule in table:
        if f"{rule}.md" not in pages:
            errors.append(f"{os.path.join(rules_dir, rule + '.md')}: error: "
                          f"rule '{rule}' has no page")
    for e in errors:
        print(e)
    print(f"check_rule_pages: {len(table)} rules, {len(pages)} pages, "
          f"{len(errors)} problems")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
