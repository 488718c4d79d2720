#!/usr/bin/python3
"""bench/lint_speed: what `cachelint lint` costs over parsing alone.

`cachelint lint` and `clang -fsyntax-only` run on the same files with the
same flags, side by side in one run, on two corpora:

  generated  UNITS translation units of LINES lines each (gen.py, >= 100k
             lines in all) including one header of 400 struct types
  kernel     real C from Debian's linux-source-6.1 (/usr/src): libbpf
             (tools/lib/bpf), dtc and libfdt (scripts/dtc) and kconfig
             (scripts/kconfig), the files that clang parses as they are
  kernel-db  the kernel itself: mm/ of the Linux 6.1 tree that
             scripts/kernel-tree.sh prepares, built with gcc and described
             by the tree's own compile_commands.json (the kernel's
             gen_compile_commands.py, via testsuite/kernel/kcompdb.sh);
             `cachelint lint -p` against clang -fsyntax-only with each
             entry's own flags (less those that the lint's note says it
             dropped, plus the -w it adds): mm/memcontrol.c alone, and all
             of mm/ (--mm-repeat runs, 1 by default: it takes minutes)

Each command runs REPEAT times, alternating; the CPU time (user + system)
of the best run of each is compared, which on a shared machine is steadier
than wall time.  Prints the ratio lint / clang per corpus; the target is
at most 1.2.

usage: bench/lint_speed/run.py [--units 20] [--lines 5200] [--repeat 3]
                               [--mm-repeat 1] [--no-kernel-db]
"""
import argparse
import glob
import json
import os
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TARBALL = '/usr/src/linux-source-6.1.tar.xz'
KERNEL_PARTS = ['scripts/dtc', 'scripts/kconfig', 'tools/lib/bpf', 'tools/include',
                'tools/arch/x86/include']


def cpu(cmd, cwd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode not in (0, 1):
        sys.exit('lint_speed: %s failed (%d):\n%s' % (cmd[0], r.returncode, r.stderr[-2000:]))
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def compare(name, files, flags, cwd, repeat, cachelint, clang):
    lines = sum(sum(1 for _ in open(os.path.join(cwd, f), errors='replace')) for f in files)
    lint = [cachelint, 'lint', '--quiet', '--fail-on', 'none', '-j', '1'] + files + ['--'] + flags
    parse = [clang, '-fsyntax-only'] + flags + files
    t_lint, t_clang = [], []
    for _ in range(repeat):
        t_clang.append(cpu(parse, cwd))
        t_lint.append(cpu(lint, cwd))
    a, b = min(t_lint), min(t_clang)
    print('%-9s %3d files %7d lines  clang -fsyntax-only %7.2fs  cachelint lint %7.2fs  ratio %.3f'
          % (name, len(files), lines, b, a, a / b))
    return a / b


def kernel_files(cache, clang):
    """Files of the kernel tarball that clang parses, with their flags."""
    src = os.path.join(cache, 'linux-source-6.1')
    if not os.path.isdir(os.path.join(src, 'tools/lib/bpf')):
        os.makedirs(cache, exist_ok=True)
        subprocess.run(['tar', '-xJf', TARBALL, '-C', cache, '--wildcards'] +
                       ['linux-source-6.1/%s/*' % p for p in KERNEL_PARTS], check=True)
    flags = ['-w', '-D_GNU_SOURCE', '-Itools/lib', '-Itools/include', '-Itools/include/uapi',
             '-Itools/arch/x86/include', '-Iscripts/dtc', '-Iscripts/dtc/libfdt', '-Iscripts/kconfig']
    files = []
    for pattern in ['tools/lib/bpf/*.c', 'scripts/dtc/*.c', 'scripts/dtc/libfdt/*.c',
                    'scripts/kconfig/*.c']:
        for f in sorted(glob.glob(os.path.join(src, pattern))):
            rel = os.path.relpath(f, src)
            if subprocess.run([clang, '-fsyntax-only'] + flags + [rel], cwd=src,
                              capture_output=True).returncode == 0:
                files.append(rel)
    return src, files, flags


def db_flags(entry, dropped):
    """clang's flags for a compile database entry: its command less the
    compiler, the output, the dependency file, the source and the flags
    the lint dropped, plus -w as the lint adds."""
    args = entry['arguments'] if 'arguments' in entry else shlex.split(entry['command'])
    out, skip = [], False
    src = os.path.normpath(os.path.join(entry['directory'], entry['file']))
    for a in args[1:]:
        if skip:
            skip = False
        elif a in ('-o', '-MF', '-MT', '-MQ'):
            skip = True
        elif a in ('-c', '-MD', '-MMD') or a.startswith('-Wp,') or a in dropped:
            pass
        elif os.path.normpath(os.path.join(entry['directory'], a)) == src:
            pass
        else:
            out.append(a)
    return out + ['-w']


def kernel_db(args, cachelint, clang):
    """mm/ of the prepared 6.1 tree with its own compile_commands.json."""
    r = subprocess.run([os.path.join(TOP, 'testsuite', 'kernel', 'kcompdb.sh'), 'mm', '--', 'pwd'],
                       stdout=subprocess.PIPE, text=True)
    if r.returncode:
        print('kernel-db skipped: the Linux 6.1 tree could not be prepared (scripts/kernel-tree.sh)')
        return
    tree = r.stdout.strip().splitlines()[-1]
    entries = json.load(open(os.path.join(tree, 'compile_commands.json')))
    note = subprocess.run([cachelint, 'lint', '-p', '.', '--quiet', '--fail-on', 'none',
                           'mm/memcontrol.c'], cwd=tree, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True).stderr
    dropped = set()
    for line in note.splitlines():
        if 'flags not passed to libclang' in line:
            dropped.update(line.split(': ')[-1].split())
    def side_by_side(name, units, repeat):
        if repeat < 1:
            return
        t_lint, t_clang = [], []
        for _ in range(repeat):
            t = 0.0
            for e in units:
                t += cpu([clang, '-fsyntax-only'] + db_flags(e, dropped) + [e['file']], e['directory'])
            t_clang.append(t)
            t_lint.append(cpu([cachelint, 'lint', '-p', '.', '--quiet', '--fail-on', 'none', '-j', '1'] +
                              [os.path.relpath(e['file'], tree) for e in units], tree))
        a, b = min(t_lint), min(t_clang)
        lines = sum(sum(1 for _ in open(e['file'], errors='replace')) for e in units)
        print('%-9s %3d files %7d lines  clang -fsyntax-only %7.2fs  cachelint lint %7.2fs  ratio %.3f'
              % (name, len(units), lines, b, a, a / b))

    memcg = [e for e in entries if e['file'].endswith('/mm/memcontrol.c')]
    side_by_side('kdb-memcg', memcg, args.repeat)
    side_by_side('kdb-mm', entries, args.mm_repeat)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--units', type=int, default=20)
    ap.add_argument('--lines', type=int, default=5200)
    ap.add_argument('--repeat', type=int, default=3)
    ap.add_argument('--mm-repeat', type=int, default=1)
    ap.add_argument('--no-kernel-db', action='store_true')
    ap.add_argument('--only-kernel-db', action='store_true')
    ap.add_argument('--build', default=os.path.join(TOP, 'build'))
    args = ap.parse_args()
    cachelint = os.path.abspath(os.path.join(args.build, 'lint', 'cachelint'))
    clang = shutil.which('clang-14') or shutil.which('clang')
    if not os.path.exists(cachelint):
        sys.exit('lint_speed: %s not built (scripts/bootstrap.sh)' % cachelint)
    if args.only_kernel_db:
        kernel_db(args, cachelint, clang)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        gen = os.path.join(tmp, 'gen')
        subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), 'gen.py'), gen,
                        str(args.units), str(args.lines)], check=True)
        files = sorted(os.path.basename(f) for f in glob.glob(os.path.join(gen, '*.c')))
        compare('generated', files, ['-w', '-I' + os.path.join(TOP, 'annotations')], gen,
                args.repeat, cachelint, clang)
    if os.path.exists(TARBALL):
        src, files, flags = kernel_files(os.path.abspath(os.path.join(args.build, 'bench-lint-src')), clang)
        compare('kernel', files, flags, src, args.repeat, cachelint, clang)
    else:
        print('kernel    skipped: %s not installed (apt-get install linux-source-6.1)' % TARBALL)
    if not args.no_kernel_db:
        kernel_db(args, cachelint, clang)
    return 0


if __name__ == '__main__':
    sys.exit(main())
