#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Cut a perf output short at every line (and in the middle of every line)
and import each cut with `cachelint import KIND`: each must be either the
import of the whole file or an error (exit status 2, a message with the
file and line, no output file).

perf annotate output is a series of tables with nothing after the last one,
so a cut between two tables is a whole output of fewer types: with
--tables, a cut may also import, exactly as the whole file does, the types
whose tables it holds entirely, and nothing else.

usage: truncate_check.py [--tables] CACHELINT KIND INPUT WORKDIR
Prints "N cuts: A whole, B errors" and exits 1 on the first wrong cut.
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
    whole = errors = 0
    for what, head, part in cuts:
        body = '\n'.join(head) + ('\n' if head else '') + (part or '')
        with open(cut, 'w') as f:
            f.write(body)
        rc, err, got = run(cachelint, kind, cut, out)
        if rc == 2:
            if got is not None or not re.match(r'^cachelint: .*cut\.txt(:\d+)*: ', err):
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
        names, open_table = whole_tables(head + ([part] if part else []) + [''])
        want = {n: full_structs[n] for n in names if n in full_structs}
        if not tables or open_table or structs(got) != want:
            print('%s: imported, but not as the whole file:\n%s' % (what, got))
            return 1
        whole += 1
    print('%d cuts: %d whole, %d errors' % (len(cuts), whole, errors))
    return 0


if __name__ == '__main__':
    sys.exit(main())
