#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Cut a perf output short at every line (and in the middle of every line)
and import each cut with `cachelint import KIND`.  Each must be one of:

- the import of the whole file;
- an import with a warning that names the file and line of what is
  missing, whose every count is one the whole file's import has, no larger,
  and 0 only where the whole file's is 0: a member the cut does not list
  gets no count, never a 0 that says "measured none";
- an error (exit status 2, a message with the file and line, no output
  file), for a line cut in the middle that reads as nothing perf prints.

perf annotate output is a series of tables with nothing after the last one,
so a cut between two tables is a whole output of fewer types: with
--tables, a cut may also import without a warning, exactly as the whole
file does, the types whose tables it holds entirely, and nothing else.

usage: truncate_check.py [--tables] CACHELINT KIND INPUT WORKDIR
Prints "N cuts: A whole, W warned, B errors" and exits 1 on the first wrong
cut.
"""
import os
import re
import subprocess
import sys


def run(cachelint, kind, path, out):
    if os.path.exists(out):
        os.unlink(out)
    kind = kind.split()
    p = subprocess.run([cachelint, 'import', kind[0], '--quiet', '-o', out] + kind[1:] + [path],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    body = None
    if os.path.exists(out):
        with open(out) as f:
            body = f.read()
    return p.returncode, p.stderr, body


def structs(profile):
    """The entries of each struct of a profile cachelint import wrote."""
    res, cur = {}, None
    for line in profile.split('\n'):
        if re.match(r'^  \S.*:$', line):
            cur = line.strip()[:-1]
            res[cur] = []
        elif line.startswith('    ') and cur:
            res[cur].append(line)
    return res


def counts(profile):
    """{(struct, member, 'reads'|'writes'): count} of a profile's entries."""
    res = {}
    for st, entries in structs(profile).items():
        for e in entries:
            m = re.match(r'^    (\S+): \{(.*)\}', e)
            if not m:
                continue
            for key, value in re.findall(r'(reads|writes): (\d+)', m.group(2)):
                res[(st, m.group(1), key)] = int(value)
    return res


def subset_of(got, full):
    """The first count of @got that the whole import @full contradicts, or None."""
    for key, value in sorted(got.items()):
        if key not in full or value > full[key] or (value == 0 and full[key] != 0):
            return '%s: %d (whole file: %s)' % ('.'.join(key), value, full.get(key))
    return None


def whole_tables(lines):
    """Struct names of the perf annotate tables wholly inside @lines."""
    names, name, last = [], None, None
    for i, line in enumerate(lines):
        m = re.search(r"Annotate type: '(?:struct |union )?([^' ]+)'", line)
        if m:
            name = m.group(1)
        elif name and line.strip() == '' and last is not None:
            names.append(name)
            name = None
        last = line if line.strip() else last
    return names, name


def main():
    args = sys.argv[1:]
    tables = args and args[0] == '--tables'
    if tables:
        args = args[1:]
    cachelint, kind, src, work = args
    with open(src) as f:
        text = f.read()
    lines = text.split('\n')
    if lines and lines[-1] == '':
        lines.pop()
    os.makedirs(work, exist_ok=True)
    cut, out = os.path.join(work, 'cut.txt'), os.path.join(work, 'cut.yaml')

    with open(cut, 'w') as f:
        f.write(text)
    rc, err, full = run(cachelint, kind, cut, out)
    if rc != 0:
        print('the whole file does not import: %s' % err)
        return 1
    full_structs = structs(full)

    cuts = []
    for k in range(len(lines)):
        cuts.append(('after line %d' % k, lines[:k], None))
        if len(lines[k].strip()) > 1:
            cuts.append(('inside line %d' % (k + 1), lines[:k], lines[k][:len(lines[k]) // 2]))
    whole = warned = errors = 0
    warning = re.compile(r'^cachelint: warning: .*cut\.txt(:\d+)?: ', re.M)
    full_counts = counts(full)
    for what, head, part in cuts:
        body = '\n'.join(head) + ('\n' if head else '') + (part or '')
        with open(cut, 'w') as f:
            f.write(body)
        rc, err, got = run(cachelint, kind, cut, out)
        if rc == 2:
            if got is not None or not re.search(r'^cachelint: .*cut\.txt(:\d+)*: ', err, re.M):
                print('%s: exit 2 but output %s, message %r' % (what, got is not None, err))
                return 1
            errors += 1
            continue
        if rc != 0 or got is None:
            print('%s: exit %d, %r' % (what, rc, err))
            return 1
        if got == full:
            whole += 1
            continue
        if warning.search(err):
            wrong = subset_of(counts(got), full_counts)
            if wrong:
                print('%s: imported with a warning, but %s:\n%s' % (what, wrong, got))
                return 1
            warned += 1
            continue
        names, open_table = whole_tables(head + ([part] if part else []) + [''])
        want = {n: full_structs[n] for n in names if n in full_structs}
        if not tables or open_table or structs(got) != want:
            print('%s: imported without a warning, but not as the whole file:\n%s' % (what, got))
            return 1
        whole += 1
    print('%d cuts: %d whole, %d warned, %d errors' % (len(cuts), whole, warned, errors))
    return 0


if __name__ == '__main__':
    sys.exit(main())
