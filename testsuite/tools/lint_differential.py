#!/usr/bin/python3
"""Differential test of the two source front ends: the GCC plugin and
`cachelint lint` (libclang) must see the same structs the same way.

For every C test input of the plugin suite (and any extra files given), in
every configuration its RUN lines use (-D macros, profiles, line size,
alignment, adjacent) plus the default one, both front ends run with
dump-layout; then

  - the dump-layout outputs, split into per-record blocks and sorted, must be
    identical byte for byte, and
  - the findings must be the same lines: the plugin's `warning:`/`note:`
    lines on stderr against the lint's text output, in order.

Configurations in which GCC itself reports an error (the inputs that test
the plugin's error messages) have nothing to compare and are listed as
skipped, with the reason, so that the test pins them.

usage: lint_differential.py --gcc GCC --plugin SO --cachelint EXE
           --annotations DIR --inputs DIR [--extra FILE...] [--min-structs N]
"""
import argparse
import glob
import os
import re
import shlex
import subprocess
import sys
import tempfile

KEYS = {'profile', 'line-size', 'alignment', 'adjacent'}


def run_variants(path, inputs):
    """The plugin configurations of a test file's `%gcc-cl` RUN lines."""
    variants = [()]
    with open(path, encoding='utf-8', errors='replace') as f:
        for line in f:
            m = re.search(r'RUN:\s*(.*)$', line)
            if not m or '%gcc-cl' not in m.group(1) or m.group(1).lstrip().startswith('not '):
                continue
            cmd = m.group(1).split('|')[0].replace('%inputs', inputs)
            words = shlex.split(cmd)
            if any('disable' in w or 'werror' in w for w in words):
                continue
            v = []
            for w in words:
                if w.startswith('-D') or w.startswith('-std='):
                    v.append(('cc', w))
                elif w.startswith('-fplugin-arg-cachelint-'):
                    key, _, value = w[len('-fplugin-arg-cachelint-'):].partition('=')
                    if key in KEYS:
                        v.append((key, value))
            v = tuple(v)
            if v not in variants:
                variants.append(v)
    return variants


def blocks(dump):
    """Per-record blocks of a dump-layout: a header line and its members."""
    out, cur = [], []
    for line in dump.splitlines(keepends=True):
        if not line.startswith(' ') and cur:
            out.append(''.join(cur))
            cur = []
        cur.append(line)
    if cur:
        out.append(''.join(cur))
    return sorted(out)


def diagnostics(text):
    # The lint, which sees every input, also reports profile structs that no
    # input defines; the plugin, which sees one unit, must not.
    return [l for l in text.splitlines() if (': warning: ' in l or ': note: ' in l)
            and 'which no input defines [cachelint-profile]' not in l]


def commands(args, path, variant, gdump, tool):
    """The plugin's gcc command (dump-layout to @gdump) and the options of
    the cachelint command @tool for the same configuration; (gcc, tool, cc),
    cc the configuration's compiler flags."""
    cc = [w for k, w in variant if k == 'cc']
    header = ['-x', 'c'] if path.endswith('.h') else []
    gcc = [args.gcc, '-fplugin=' + args.plugin, '-fdiagnostics-plain-output',
           '-fplugin-arg-cachelint-dump-layout=' + gdump, '-I' + args.annotations,
           '-I' + args.inputs, '-fsyntax-only'] + cc + header + [path]
    for key, value in variant:
        if key == 'profile':
            tool += ['--profile=' + p for p in value.split(':')]
            gcc.insert(2, '-fplugin-arg-cachelint-profile=' + value)
        elif key in KEYS:
            tool.append('--%s=%s' % (key, value) if value else '--' + key)
            gcc.insert(2, '-fplugin-arg-cachelint-%s%s' % (key, '=' + value if value else ''))
    if os.path.exists(gdump):
        os.unlink(gdump)
    return gcc, tool, cc + header


def verdict(gb, ob, gd, od, other):
    """Compare the plugin's dump blocks @gb and diagnostics @gd with those
    of the other front end: the compare() result."""
    problems = []
    if gb != sorted(ob):
        problems.append('dump-layout differs:\n--- plugin only\n%s--- %s only\n%s' %
                        (''.join(b for b in gb if b not in ob), other,
                         ''.join(b for b in ob if b not in gb)))
    if gd != od:
        problems.append('findings differ:\n--- plugin\n%s\n--- %s\n%s' %
                        ('\n'.join(gd), other, '\n'.join(od)))
    if problems:
        return 'fail', '\n'.join(problems), len(gb), 0
    return 'ok', '', len(gb), len(gd)


def run_plugin(gcc):
    """Run the plugin's command: (result, why it has nothing to compare or None)."""
    g = subprocess.run(gcc, capture_output=True, text=True, errors='replace')
    if g.returncode != 0 or ': error: ' in g.stderr:
        first = next((l for l in g.stderr.splitlines() if 'error:' in l), 'exit %d' % g.returncode)
        return g, 'gcc: ' + first.split('error: ', 1)[-1]
    return g, None


def compare(args, path, variant, tmp):
    gdump, ldump = os.path.join(tmp, 'gcc.dump'), os.path.join(tmp, 'lint.dump')
    gcc, lint, cc = commands(args, path, variant, gdump,
                             [args.cachelint, 'lint', '--dump-layout=' + ldump])
    lint += [path, '--', '-I' + args.annotations, '-I' + args.inputs] + cc
    if os.path.exists(ldump):
        os.unlink(ldump)
    g, why = run_plugin(gcc)
    if why:
        return 'skip', why, 0, 0
    l = subprocess.run(lint, capture_output=True, text=True, errors='replace')
    if l.returncode == 2 and ': error: ' in l.stderr:
        first = next(x for x in l.stderr.splitlines() if ': error: ' in x)
        return 'skip', 'clang: ' + first.split('error: ', 1)[-1], 0, 0
    if l.returncode not in (0, 1):
        return 'fail', 'lint exit %d: %s' % (l.returncode, l.stderr.strip()), 0, 0
    gb = blocks(open(gdump).read()) if os.path.exists(gdump) else []
    lb = blocks(open(ldump).read()) if os.path.exists(ldump) else []
    return verdict(gb, lb, diagnostics(g.stderr), diagnostics(l.stdout), 'lint')


def run_all(files, inputs_dir, compare_one, title):
    """Run compare_one(path, variant, tmp) -> (status, detail, structs, findings)
    over every configuration of every file; print the skipped, the different
    and a summary line.  Returns (structs compared, anything different)."""
    structs = configs = findings = 0
    failures, skips = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            for variant in run_variants(path, inputs_dir):
                status, detail, n, k = compare_one(path, variant, tmp)
                name = os.path.basename(path)
                desc = ' '.join('%s=%s' % kv for kv in variant) or 'default'
                if status == 'skip':
                    skips.append('%s [%s]: %s' % (name, desc, detail))
                elif status == 'fail':
                    failures.append('%s [%s]: %s' % (name, desc, detail))
                else:
                    configs += 1
                    structs += n
                    findings += k
    for s in skips:
        print('skipped: ' + s)
    for f in failures:
        print('DIFFERENT: ' + f)
    print('%s: %d structs, %d findings in %d configurations of %d files; '
          '%d skipped, %d different' % (title, structs, findings, configs, len(files), len(skips),
                                        len(failures)))
    return structs, bool(failures)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--gcc', required=True)
    ap.add_argument('--plugin', required=True)
    ap.add_argument('--cachelint', required=True)
    ap.add_argument('--annotations', required=True)
    ap.add_argument('--inputs', required=True, help='the plugin suite directory')
    ap.add_argument('--extra', nargs='*', default=[])
    ap.add_argument('--min-structs', type=int, default=1,
                    help='fail when fewer structs were compared (a broken run compares none)')
    args = ap.parse_args()
    inputs_dir = os.path.join(args.inputs, 'Inputs')
    args.inputs, suite = inputs_dir, args.inputs
    files = sorted(glob.glob(os.path.join(suite, '*.c'))) + args.extra
    structs, different = run_all(files, inputs_dir, lambda path, variant, tmp:
                                 compare(args, path, variant, tmp), 'differential')
    if structs < args.min_structs:
        print('error: only %d structs compared, expected at least %d' % (structs, args.min_structs))
        return 1
    return 1 if different else 0


if __name__ == '__main__':
    sys.exit(main())
