#!/usr/bin/env python3
"""Print bench/memcached's findings and their counts.

    summary.py LINT.json PROFILE.yaml NAME[:NAME...] [ROOT]
    summary.py --stability LINT.json...

LINT.json is `cachelint lint --format json` output, PROFILE.yaml the
profile the run wrote.  Prints every finding on the named structs (the
`struct` of a finding without its `struct `/`union ` keyword; a finding
that names a variable instead is matched on it), one GCC-style line and
its note each, grouped by struct; then a table: per struct, the members
the profile counted and the findings per rule, and a row for the findings
on any other struct.  File names under ROOT are printed relative to it.
With --stability: each distinct finding of the runs' lint outputs (its
rule, struct and message with the weights and sample counts taken out)
and in how many of the runs it came back.  Only the standard library.
"""
import collections
import json
import os
import re
import sys


def record_name(f):
    """The name a finding is about: its struct, or its variable."""
    name = f.get("struct") or f.get("variable") or f.get("object") or "?"
    return re.sub(r"^(struct|union|class) ", "", name)


def profile_members(path):
    """Members counted per struct in the profile's structs: section."""
    members = collections.Counter()
    section = None
    record = None
    with open(path) as fh:
        for line in fh:
            if line.startswith("#") or not line.strip():
                continue
            if not line.startswith(" "):
                section = line.split(":", 1)[0]
                continue
            if section != "structs":
                continue
            if re.match(r"^  \S", line):
                record = line.strip().rstrip(":").strip("'\"")
            elif re.match(r"^    \S", line) and record is not None:
                members[record] += 1
    return members


def where(f, root):
    # a member's finding, an object's, or one at the struct (its location)
    fld = f.get("field") or f.get("object") or f.get("location") or {}
    path = fld.get("file", "?")
    if root and path.startswith(root.rstrip("/") + "/"):
        path = os.path.relpath(path, root)
    return "%s:%s:%s" % (path, fld.get("line", "?"), fld.get("column", "?"))


def stable_key(f):
    """A finding without what varies between runs: weights, sample counts."""
    msg = re.sub(r"~[0-9,]+ transfers(/s)?", "~N transfers/s", f.get("message", ""))
    msg = re.sub(r"[0-9,]+ samples", "N samples", msg)
    return (f.get("rule", "?"), record_name(f), msg)


def stability(paths):
    """Each distinct finding of the runs and in how many it came back."""
    seen = collections.Counter()
    for path in paths:
        with open(path) as fh:
            keys = {stable_key(f) for f in json.load(fh).get("findings", [])}
        seen.update(keys)
    print("== the same findings in %d runs?" % len(paths))
    for (rule, rec, msg), n in sorted(seen.items(), key=lambda kv: (-kv[1], kv[0])):
        print("%d/%d  %s  %s: %s" % (n, len(paths), rule, rec, msg[:160]))
    unstable = sum(1 for n in seen.values() if n != len(paths))
    print("%d distinct findings, %d of them not in every run" % (len(seen), unstable))


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--stability":
        stability(sys.argv[2:])
        return
    if len(sys.argv) not in (4, 5):
        raise SystemExit(__doc__)
    root = sys.argv[4] if len(sys.argv) > 4 else None
    with open(sys.argv[1]) as fh:
        report = json.load(fh)
    members = profile_members(sys.argv[2])
    names = sys.argv[3].split(":")
    findings = report.get("findings", [])
    seen = set()
    distinct = []
    for f in findings:
        key = f.get("fingerprint") or json.dumps(f, sort_keys=True)
        if key not in seen:
            seen.add(key)
            distinct.append(f)
    ours = [f for f in distinct if record_name(f) in names]

    print("== findings on %s" % ", ".join(names))
    for name in names:
        mine = [f for f in ours if record_name(f) == name]
        mine.sort(key=lambda f: (f["rule"], (f.get("field") or {}).get("line", 0), f["message"]))
        print("-- %s: %d" % (name, len(mine)))
        for f in mine:
            print("%s: %s: %s" % (where(f, root), f.get("severity", "?"), f["message"]))
            if f.get("note"):
                print("    note: %s" % f["note"])

    rules = sorted({f["rule"] for f in distinct} |
                   {"cachelint-false-sharing", "cachelint-write-groups", "cachelint-true-sharing"})
    short = [r.replace("cachelint-", "") for r in rules]
    counts = collections.Counter((record_name(f) if record_name(f) in names else "(other)", f["rule"])
                                 for f in distinct)
    print()
    print("== summary: %d findings (%d distinct), %d on the structs above"
          % (len(findings), len(distinct), len(ours)))
    width = max(len(s) for s in short) + 1
    print("%-16s %8s" % ("struct", "counted") + "".join("%*s" % (width, s) for s in short) + "%*s" % (7, "total"))
    for name in names + ["(other)"]:
        row = [counts[(name, r)] for r in rules]
        counted = "-" if name == "(other)" else str(members.get(name, 0))
        print("%-16s %8s" % (name, counted) + "".join("%*d" % (width, n) for n in row) + "%*d" % (7, sum(row)))
    total = [sum(counts[(n, r)] for n in names + ["(other)"]) for r in rules]
    print("%-16s %8s" % ("total", "") + "".join("%*d" % (width, n) for n in total) + "%*d" % (7, sum(total)))
    print("(counted: members of the struct with counts in the profile; 0 means the run "
          "counted nothing for it)")


if __name__ == "__main__":
    main()
