#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""rule-lists.py [--check] [--root DIR] [--cachelint BIN]: the lists of rules
in docs/ and docs/man/ made from the rules table, core/model/rules.def.

Each list stands between two marker lines, in Markdown
    <!-- rule-lists: NAME -->   ...   <!-- rule-lists: end -->
and in roff
    .\\" rule-lists: NAME        ...   .\\" rule-lists: end
Without --check the lists are rewritten from the table; with it nothing is
written and each list that differs is an error ("FILE:LINE: error: ..."),
exit 1.  With --cachelint the table read from rules.def must also be what
`cachelint explain --list` prints (the same IDs, severities and summaries,
in the same order), so that what is read here is the table the program has.

The lists (LISTS below): the rule pages of docs/README.md, the output of
`cachelint explain --list` (docs/annotations.md, its first and last rows)
and of `... | cut -d' ' -f1` (docs/hacking.md), the rules of
cachelint-explain(1); and docs/annotations.md's table of what is reported,
whose second column is written by hand: it is checked to have one row per
rule, and a rule without a row gets one (its summary) when rewriting.
scripts/new-check.sh runs this after adding a rule.
"""
import argparse
import os
import re
import subprocess
import sys


def read_table(root):
    """[(id, severity, summary)] in the order of rules.def."""
    path = os.path.join(root, "core", "model", "rules.def")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    rows = []
    starts = [m.start() for m in re.finditer(r"^CL_(?:CHECK_)?RULE\(", text, re.M)]
    for i, start in enumerate(starts):
        body = text[start:starts[i + 1] if i + 1 < len(starts) else len(text)]
        rid = re.search(r'\.id\s*=\s*"([^"]*)"', body)
        sev = re.search(r"\.severity\s*=\s*CL_SEV_(\w+)", body)
        summ = re.search(r"\.summary\s*=\s*((?:\s*\"(?:[^\"\\]|\\.)*\")+)", body)
        if not (rid and sev and summ):
            sys.exit(f"rule-lists: {path}: a row without .id, .severity or .summary: "
                     f"{body.splitlines()[0]}")
        summary = "".join(bytes(s, "utf-8").decode("unicode_escape")
                          for s in re.findall(r'"((?:[^"\\]|\\.)*)"', summ.group(1)))
        rows.append((rid.group(1), sev.group(1).lower(), summary))
    if not rows:
        sys.exit(f"rule-lists: {path}: no rule")
    return rows


def explain_list(rows):
    width = max(len(r[0]) for r in rows)
    return [f"{rid:<{width}} {sev:<7} {summ}" for rid, sev, summ in rows]


def readme_rules(rows, old):
    return [f"- [{rid}](rules/{rid}.md)" for rid, _, _ in rows]


def annotations_explain(rows, old):
    lines = explain_list(rows)
    return ["```console", "$ cachelint explain --list", lines[0]] + \
        (["...", lines[-1]] if len(lines) > 1 else []) + ["```"]


def hacking_ids(rows, old):
    return ["```console", "$ cachelint explain --list | cut -d' ' -f1"] + \
        [rid for rid, _, _ in rows] + ["```"]


def roff(s):
    return s.replace("\\", "\\e").replace("-", "\\-")


def man_rules(rows, old):
    out = []
    for rid, sev, summ in rows:
        out += [".TP", f'.BR {roff(rid)} " ({sev})"', roff(summ[:1].lower() + summ[1:])]
    return out


ROW = re.compile(r"^\| \[`([^`]+)`\]\(rules/([^)]+)\.md\) \| (.*) \|$")


def annotations_table(rows, old):
    """Keep each rule's row (its words are written by hand), in the order
    they are; drop rows of no rule; add a row for a rule without one."""
    ids = [r[0] for r in rows]
    head = [l for l in old if not ROW.match(l)][:2] or ["| rule | when |", "|---|---|"]
    kept, seen = [], set()
    for l in old:
        m = ROW.match(l)
        if m and m.group(1) in ids and m.group(1) == m.group(2) and m.group(1) not in seen:
            kept.append(l)
            seen.add(m.group(1))
    for rid, _, summ in rows:
        if rid not in seen:
            kept.append(f"| [`{rid}`](rules/{rid}.md) | {summ[:1].lower() + summ[1:]} |")
    return head + kept


# (file, list name, comment style, how it is made)
LISTS = [
    ("docs/README.md", "rules", "md", readme_rules),
    ("docs/annotations.md", "table", "md", annotations_table),
    ("docs/annotations.md", "explain-list", "md", annotations_explain),
    ("docs/hacking.md", "explain-ids", "md", hacking_ids),
    ("docs/man/cachelint-explain.1", "rules", "roff", man_rules),
]


def marker(style, name):
    return f"<!-- rule-lists: {name} -->" if style == "md" else f'.\\" rule-lists: {name}'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 on a difference")
    ap.add_argument("--root", default=os.path.join(os.path.dirname(__file__), ".."),
                    help="the source tree (default: above this script)")
    ap.add_argument("--cachelint", help="also compare the table with `BIN explain --list`")
    args = ap.parse_args()
    rows = read_table(args.root)
    errors = []
    if args.cachelint:
        out = subprocess.run([args.cachelint, "explain", "--list"], capture_output=True,
                             text=True, check=False)
        if out.returncode or out.stdout.splitlines() != explain_list(rows):
            errors.append(f"core/model/rules.def:1: error: the table read here is not what "
                          f"'{args.cachelint} explain --list' prints (exit {out.returncode})")
    for rel, name, style, make in LISTS:
        path = os.path.join(args.root, rel)
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        begin, end = marker(style, name), marker(style, "end")
        try:
            b = lines.index(begin)
            e = lines.index(end, b + 1)
        except ValueError:
            errors.append(f"{rel}:1: error: no list '{name}' ({begin} ... {end})")
            continue
        new = make(rows, lines[b + 1:e])
        if new == lines[b + 1:e]:
            continue
        if args.check:
            errors.append(f"{rel}:{b + 1}: error: the list '{name}' is not the rules "
                          "table's (core/model/rules.def): run scripts/rule-lists.py")
        else:
            lines[b + 1:e] = new
            with open(path, "w", encoding="utf-8") as f:
                f.write("\n".join(lines))
            print(f"rule-lists: {rel}: list '{name}' rewritten")
    for e in errors:
        print(e)
    if args.check:
        print(f"rule-lists: {len(rows)} rules, {len(LISTS)} lists, {len(errors)} problems")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
