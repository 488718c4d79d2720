#!/usr/bin/python3
"""Differential test of the DWARF front end over the plugin's test corpus:
every C input of testsuite/plugin, in every configuration its RUN lines use
(as lint_differential.py finds them), compiled by clang with -g (DWARF 5,
-fno-eliminate-unused-debug-types) so that the annotations travel as
btf_decl_tag DIEs, then

  - `cachelint dwarf --dump-layout` must equal the plugin's dump-layout,
    record by record (sorted blocks), and
  - the findings must be the same: the plugin's warning/note lines against
    `cachelint dwarf`'s text output, compared as file basename, line,
    severity and message (DWARF from clang has no DW_AT_decl_column).

What DWARF cannot carry is listed in a known-differences file (one per
line: "EXPECTED member line | ACTUAL member line"), applied wherever it
occurs; each entry must be used at least once, so the list cannot go stale.
Inputs that one compiler rejects are listed as skipped with the reason.

usage: dwarf_differential.py --gcc GCC --clang CLANG --plugin SO --cachelint EXE
           --annotations DIR --inputs DIR --known FILE [--min-structs N]
"""
import argparse
import glob
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lint_differential import run_all, commands, run_plugin, verdict, blocks, diagnostics  # noqa: E402

# Types of the C library's headers that clang's DWARF carries and the
# plugin, which skips system headers, does not dump.
SYSTEM_TYPES = ('max_align_t: ',)


def findings(lines):
    out = []
    for line in lines:
        m = re.match(r'(.*?):(\d+):(?:\d+:)? (warning|note): (.*)$', line)
        out.append('%s:%s: %s: %s' % (os.path.basename(m.group(1)), m.group(2), m.group(3),
                                      m.group(4)) if m else line)
    return out


def compare(args, known, used, path, variant, tmp):
    gdump, ddump = os.path.join(tmp, 'gcc.dump'), os.path.join(tmp, 'dwarf.dump')
    obj = os.path.join(tmp, 'clang.o')
    gcc, dwarf, cc = commands(args, path, variant, gdump,
                              [args.cachelint, 'dwarf', '--fail-on', 'none',
                               '--dump-layout=' + ddump])
    for f in (ddump, obj):
        if os.path.exists(f):
            os.unlink(f)
    g, why = run_plugin(gcc)
    if why:
        return 'skip', why, 0, 0
    # The plugin leaves the C library's types to the system headers; a unit
    # that includes the thread library's (<pthread.h>, or <stdlib.h>, which
    # brings them through <sys/types.h>) carries dozens of them in DWARF.
    text = open(path, encoding='utf-8', errors='replace').read()
    for header in ('<pthread.h>', '<stdlib.h>'):
        if '#include ' + header in text:
            return 'skip', 'includes %s, whose types DWARF carries and the plugin skips' % header, 0, 0
    # What DWARF does not keep, which the input says in a line of its own
    # ("// dwarf-differential: skip: REASON"); the test pins each reason.
    m = re.search(r'^// dwarf-differential: skip: (.*)$', text, re.M)
    if m:
        return 'skip', m.group(1), 0, 0
    c = subprocess.run([args.clang, '-g', '-gdwarf-5', '-fno-eliminate-unused-debug-types', '-w',
                        '-I' + args.annotations, '-I' + args.inputs, '-c'] + cc +
                       [path, '-o', obj], capture_output=True, text=True, errors='replace')
    if c.returncode != 0:
        first = next((l for l in c.stderr.splitlines() if 'error:' in l), 'exit %d' % c.returncode)
        return 'skip', 'clang: ' + first.split('error: ', 1)[-1], 0, 0
    d = subprocess.run(dwarf + [obj], capture_output=True, text=True, errors='replace')
    if d.returncode != 0 and 'no DWARF debug information' in d.stderr and not (
            os.path.exists(gdump) and os.path.getsize(gdump)):
        return 'ok', '', 0, 0    # no record in the unit: nothing in either
    if d.returncode != 0:
        return 'fail', 'dwarf exit %d: %s' % (d.returncode, d.stderr.strip()), 0, 0
    gb = blocks(open(gdump).read()) if os.path.exists(gdump) else []
    db = []
    for b in (blocks(open(ddump).read()) if os.path.exists(ddump) else []):
        if b.startswith(SYSTEM_TYPES):
            continue
        for i, (want, have) in enumerate(known):
            if have in b and b.replace(have, want) in gb:
                b = b.replace(have, want)
                used[i] = True
        db.append(b)
    return verdict(gb, db, findings(diagnostics(g.stderr)), findings(diagnostics(d.stdout)),
                   'dwarf')


def main():
    ap = argparse.ArgumentParser()
    for opt in ('--gcc', '--clang', '--plugin', '--cachelint', '--annotations', '--inputs',
                '--known'):
        ap.add_argument(opt, required=True)
    ap.add_argument('--min-structs', type=int, default=1,
                    help='fail when fewer structs were compared (a broken run compares none)')
    args = ap.parse_args()
    known = []
    for line in open(args.known):
        if line.strip() and not line.startswith('#'):
            want, have = line.rstrip('\n').split(' | ')
            known.append((want + '\n', have + '\n'))
    used = [False] * len(known)
    suite = args.inputs
    args.inputs = os.path.join(suite, 'Inputs')
    files = sorted(glob.glob(os.path.join(suite, '*.c')))
    structs, different = run_all(files, args.inputs, lambda path, variant, tmp:
                                 compare(args, known, used, path, variant, tmp),
                                 'dwarf differential')
    for (want, have), u in zip(known, used):
        if not u:
            print('STALE known difference: %s | %s' % (want.strip(), have.strip()))
    if structs < args.min_structs:
        print('error: only %d structs compared, expected at least %d' % (structs, args.min_structs))
        return 1
    return 1 if different or not all(used) else 0


if __name__ == '__main__':
    sys.exit(main())
