#!/usr/bin/python3
"""Random C++ class hierarchies with virtual bases, checked against the
compiler: for each seed, a unit of N classes (random direct bases, virtual
or not, random fields, some with a virtual function so that nearly empty and
empty classes occur) and a program that prints, for a real object of each
class, its size and the offset of every base subobject and field (address
differences).  Then

  - the plugin's dump-layout must say exactly that for every class;
  - `cachelint dwarf --dump-layout` on the program built by gcc -g and by
    clang -g must say exactly that for every class, except for the classes
    it names in a note as left out (their virtual bases).

Offsets are compared by name (fields are named f<class>_<k>, bases
<base K<n>>), vptrs are not (their names depend on which base is primary).
An empty virtual base has no field in GCC's layout and is not printed.

usage: cxx_hierarchies.py --gxx G++ --clang CLANG --plugin SO --cachelint EXE
           --tmp DIR --seeds 1,2,3 --classes N
Prints one summary line per front end; exits 1 on a difference.
"""
import argparse
import os
import random
import re
import subprocess
import sys

TYPES = ['char', 'short', 'int', 'long', 'double', 'char[3]', 'int[3]', 'char[13]']


def generate(seed, n):
    """[(name, [(base index, virtual)], [(field, type)], has virtual fn)]"""
    rnd = random.Random(seed)
    classes = []

    def subobjects(bases):
        out, vseen = [], set()

        def walk(bl):
            for b, v in bl:
                if v and b in vseen:
                    continue
                if v:
                    vseen.add(b)
                out.append(b)
                walk(classes[b][1])
        walk(bases)
        return out
    for i in range(n):
        bases = []
        for _ in range(50):
            pick = rnd.sample(range(i), min(i, rnd.randint(0, 3))) if i else []
            bases = [(b, rnd.random() < 0.6) for b in pick]
            subs = subobjects(bases)
            # each class once per object: every subobject can be named
            if len(subs) == len(set(subs)):
                break
        else:
            bases = []
        fields = [('f%d_%d' % (i, k), rnd.choice(TYPES))
                  for k in range(rnd.choice([0, 1, 1, 2, 2, 3]))]
        classes.append(('K%d' % i, bases, fields, rnd.random() < 0.3))
    return classes, subobjects


def write_unit(classes, path):
    src = []
    for name, bases, fields, vfn in classes:
        bl = ', '.join(('virtual ' if v else '') + classes[b][0] for b, v in bases)
        src.append('struct %s%s {' % (name, ' : ' + bl if bl else ''))
        if vfn:
            src.append('\tvirtual void vf_%s() {}' % name)
        for f, t in fields:
            base, _, dim = t.partition('[')
            src.append('\t%s %s%s;' % (base, f, '[' + dim if dim else ''))
        src.append('};')
    src += ['%s obj_%s;' % (c[0], c[0]) for c in classes]
    with open(path, 'w') as f:
        f.write('\n'.join(src) + '\n')


def write_program(classes, subobjects, unit, path):
    def empty(j):
        return not classes[j][2] and not classes[j][3] and \
            all(not v and empty(b) for b, v in classes[j][1])

    def vbases(j, out):
        for b, v in classes[j][1]:
            if v:
                out.add(b)
            vbases(b, out)
        return out
    pr = ['extern "C" int printf(const char *, ...);', '#include "%s"' % unit,
          '#define AT(o, p) ((long)((const char *)(p) - (const char *)&(o)))', 'int main()', '{']
    for i, (name, bases, fields, vfn) in enumerate(classes):
        o = 'obj_' + name
        pr.append('\tprintf("%s size %%d\\n", (int)sizeof(%s));' % (name, name))
        virtual = vbases(i, set())
        for j in [i] + subobjects(bases):
            if j in virtual and empty(j):
                continue
            if j != i:
                pr.append('\tprintf("%s <base %s> %%ld\\n", AT(%s, (%s *)&%s));'
                          % (name, classes[j][0], o, classes[j][0], o))
            for f, _ in classes[j][2]:
                pr.append('\tprintf("%s %s %%ld\\n", AT(%s, &%s.%s));' % (name, f, o, o, f))
    pr += ['\treturn 0;', '}']
    with open(path, 'w') as f:
        f.write('\n'.join(pr) + '\n')


def flatten(dump):
    """dump-layout -> {class: set of 'member offset'} (vptrs left out)"""
    out, cur = {}, None
    for line in open(dump):
        h = re.match(r'^struct (K\d+): size (\d+)', line)
        if h:
            cur = h.group(1)
            out[cur] = {'size ' + h.group(2)}
            continue
        if not line.startswith(' '):
            cur = None
            continue
        m = re.match(r'^ +(.*?): offset (\d+)', line)
        if cur and m and '_vptr' not in m.group(1):
            name = m.group(1) if m.group(1).startswith('<') else m.group(1).split('.')[-1]
            out[cur].add('%s %s' % (name, m.group(2)))
    return out


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, errors='replace', **kw)


def main():
    ap = argparse.ArgumentParser()
    for opt in ('--gxx', '--clang', '--plugin', '--cachelint', '--tmp'):
        ap.add_argument(opt, required=True)
    ap.add_argument('--seeds', default='1,2,3')
    ap.add_argument('--classes', type=int, default=16)
    args = ap.parse_args()
    os.makedirs(args.tmp, exist_ok=True)
    stats = {'plugin': [0, 0, 0], 'dwarf (gcc)': [0, 0, 0], 'dwarf (clang)': [0, 0, 0]}
    bad = False
    for seed in (int(s) for s in args.seeds.split(',')):
        d = os.path.join(args.tmp, 'seed%d' % seed)
        os.makedirs(d, exist_ok=True)
        unit, prog_src = os.path.join(d, 'classes.cc'), os.path.join(d, 'print.cc')
        classes, subobjects = generate(seed, args.classes)
        write_unit(classes, unit)
        write_program(classes, subobjects, unit, prog_src)
        exe = os.path.join(d, 'print')
        r = run([args.gxx, '-w', '-std=c++17', prog_src, '-o', exe])
        if r.returncode:
            print('seed %d: the program does not build: %s' % (seed, r.stderr.strip()))
            return 1
        truth = {}
        for line in run([exe]).stdout.splitlines():
            cls, rest = line.split(' ', 1)
            truth.setdefault(cls, set()).add(rest)
        pdump = os.path.join(d, 'plugin.dump')
        r = run([args.gxx, '-w', '-std=c++17', '-fplugin=' + args.plugin,
                 '-fplugin-arg-cachelint-dump-layout=' + pdump, '-c', unit, '-o', os.devnull])
        if r.returncode:
            print('seed %d: the plugin failed: %s' % (seed, r.stderr.strip()))
            return 1
        results = [('plugin', flatten(pdump), set())]
        for label, cc in (('dwarf (gcc)', args.gxx), ('dwarf (clang)', args.clang)):
            obj, ddump = os.path.join(d, label[7:-1] + '.o'), os.path.join(d, label[7:-1] + '.dump')
            run([cc, '-w', '-g', '-std=c++17', '-c', prog_src, '-o', obj])
            r = run([args.cachelint, 'dwarf', '--fail-on', 'none', '--dump-layout=' + ddump, obj])
            noted = set(re.findall(r"the virtual bases of '(K\d+)' are left out", r.stderr))
            results.append((label, flatten(ddump), noted))
        for label, got, noted in results:
            for cls in sorted(truth):
                if got.get(cls) == truth[cls]:
                    stats[label][0] += 1
                elif cls in noted:
                    stats[label][1] += 1
                else:
                    stats[label][2] += 1
                    bad = True
                    print('seed %d: %s: %s differs: compiler %s, %s %s' % (
                        seed, label, cls, sorted(truth[cls] - got.get(cls, set())), label,
                        sorted(got.get(cls, set()) - truth[cls])))
    for label, (same, noted, wrong) in stats.items():
        print('%s: %d classes as the compiler lays them out, %d left out with a note, %d wrong'
              % (label, same, noted, wrong))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
