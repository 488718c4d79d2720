#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""check_man.py --build BUILD --source SRC [--man-dir DIR] [PAGE...]: the
written man pages (docs/man) agree with the programs they describe.

  - there is a page per subcommand that `cachelint --help` lists
    (cachelint-SUB.1), one for the command (cachelint.1) and one for the
    GCC plugin (cachelint-plugin.7), and no other;
  - each is titled after its command (.TH CACHELINT-SUB 1);
  - every option that `cachelint [SUB] --help` names (--word anywhere,
    -x at the start of a line) is in the page; cachelint-explain.1 also
    names every rule of `cachelint explain --list`, cachelint-plugin.7
    every key of the plugin's own help (gcc --help -v) as
    -fplugin-arg-cachelint-KEY;
  - `groff -man -ww -z` prints no warning;
  - the EXAMPLES lines that start with "$ " run, in order, in one bash
    session in a scratch directory that mirrors the source tree (a link to
    each top-level entry, `build` to the build directory, build/lint on
    PATH): each exits 0, or 1 where it is a cachelint lint, dwarf or layout
    that reports findings or a cachelint diff whose second build is worse.
    Lines without "$ " (perf, a kernel tree) are shown, not run.

With PAGE arguments only those pages are checked (and not the set of
pages).  Prints one line per problem, "PAGE: error: ...", and a summary;
exit status 1 if there is a problem.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, check=False, **kw)


def roff_text(roff):
    """The page's source without comments, font changes and escapes."""
    roff = re.sub(r'(?m)^\.?\\".*$', "", roff)
    text = re.sub(r"\\f[BIRP]|\\&|\\c\n|\\/|\\,", "", roff)
    for esc, char in ((r"\-", "-"), (r"\(aq", "'"), (r"\(dq", '"'),
                      (r"\(en", "-"), (r"\e", "\\")):
        text = text.replace(esc, char)
    return text


def help_options(help_text):
    longs = re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*)", help_text)
    shorts = re.findall(r"(?m)^\s+(-[a-zA-Z])\b", help_text)
    return sorted(set(longs + shorts))


def has_word(text, word):
    return re.search(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", text) is not None


def subcommands(cachelint):
    out = run([cachelint, "--help"]).stdout
    block = out.split("Subcommands:", 1)[1] if "Subcommands:" in out else ""
    return re.findall(r"(?m)^  ([a-z][a-z-]*)  ", block)


def plugin_keys(gcc, plugin):
    out = run([gcc, "-fplugin=" + plugin, "--help", "-v", "-x", "c", "/dev/null",
               "-fsyntax-only"])
    text = out.stdout + out.stderr
    m = re.search(r"(?m)^ cachelint:\n((?:    .*\n)+)", text)
    if not m or "Arguments:" not in m.group(1):
        return None
    args = m.group(1).split("Arguments:", 1)[1]
    return sorted({re.split(r"[\[=]", w)[0] for w in args.split()})


def examples(roff):
    m = re.search(r"(?ms)^\.SH EXAMPLES\n(.*?)(?=^\.SH |\Z)", roff)
    if not m:
        return None
    return [roff_text(l)[2:] for l in m.group(1).split("\n") if l.startswith("$ ")]


def run_examples(page, cmds, args, errors):
    scratch = tempfile.mkdtemp(prefix="cachelint-man-")
    # `clang` as the examples spell it: Debian's clang-14 alone installs
    # only clang-14.
    tools = tempfile.mkdtemp(prefix="cachelint-man-bin-")
    os.symlink(args.clang, os.path.join(tools, "clang"))
    try:
        for entry in os.listdir(args.source):
            if entry not in ("build", ".git"):
                os.symlink(os.path.join(args.source, entry), os.path.join(scratch, entry))
        os.symlink(os.path.abspath(args.build), os.path.join(scratch, "build"))
        env = dict(os.environ, LC_ALL="C.UTF-8",
                   PATH=os.path.join(os.path.abspath(args.build), "lint") + ":" +
                   tools + ":" + os.environ.get("PATH", ""))
        for cmd in cmds:
            r = run(["bash", "-o", "pipefail", "-c", cmd], cwd=scratch, env=env,
                    timeout=300)
            findings = r.returncode == 1 and re.match(r"cachelint (lint|dwarf|layout|diff) ", cmd)
            if r.returncode != 0 and not findings:
                errors.append(f"{page}: error: example '{cmd}' exited {r.returncode}: "
                              + (r.stderr.strip().split("\n") or [""])[-1])
    finally:
        shutil.rmtree(scratch)
        shutil.rmtree(tools, ignore_errors=True)


def check_page(path, args, subs, errors):
    page = os.path.basename(path)
    roff = open(path, encoding="utf-8").read()
    text = roff_text(roff)
    m = re.match(r"cachelint(?:-([a-z-]+))?\.([17])$", page)
    sub = m.group(1) if m else None
    title = page.rsplit(".", 1)[0].upper()
    if not re.search(r"(?m)^\.TH %s %s " % (re.escape(title).replace("-", r"\\-"),
                                           m.group(2) if m else "1"), roff):
        errors.append(f"{page}: error: no '.TH {title}' line")
    names = []
    if sub == "plugin":
        keys = plugin_keys(args.gcc, os.path.join(args.build, "plugin", "cachelint.so"))
        if keys is None:
            errors.append(f"{page}: error: the plugin's help lists no Arguments:")
            keys = []
        names = ["-fplugin-arg-cachelint-" + k for k in keys]
    else:
        cmd = [args.cachelint] + ([sub] if sub else []) + ["--help"]
        r = run(cmd)
        if r.returncode != 0:
            errors.append(f"{page}: error: {' '.join(cmd)} exited {r.returncode}")
        names = help_options(r.stdout)
        if sub == "explain":
            names += [l.split()[0] for l in run([args.cachelint, "explain", "--list"])
                      .stdout.splitlines() if l.strip()]
    missing = [n for n in names if not has_word(text, n)]
    if missing:
        errors.append(f"{page}: error: not in the page: {' '.join(missing)}")
    r = run(["groff", "-man", "-ww", "-z", path])
    if r.returncode != 0 or r.stderr.strip():
        for line in (r.stderr.strip() or f"groff exited {r.returncode}").split("\n"):
            errors.append(f"{page}: error: groff: {line}")
    cmds = examples(roff)
    if cmds is None:
        errors.append(f"{page}: error: no EXAMPLES section")
    elif not args.no_examples:
        run_examples(page, cmds, args, errors)
    return len(names), len(cmds or [])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--man-dir")
    ap.add_argument("--gcc", default="gcc")
    ap.add_argument("--clang", default=shutil.which("clang-14") or "clang")
    ap.add_argument("--no-examples", action="store_true")
    ap.add_argument("pages", nargs="*")
    args = ap.parse_args()
    args.source = os.path.abspath(args.source)
    args.cachelint = os.path.join(args.build, "lint", "cachelint")
    man_dir = args.man_dir or os.path.join(args.source, "docs", "man")
    errors = []
    subs = subcommands(args.cachelint)
    if not subs:
        errors.append("cachelint --help: error: no subcommands listed")
    if args.pages:
        pages = args.pages
    else:
        want = {"cachelint.1", "cachelint-plugin.7"} | {f"cachelint-{s}.1" for s in subs}
        have = {p for p in os.listdir(man_dir) if re.search(r"\.[1-9]$", p)}
        for p in sorted(want - have):
            errors.append(f"{p}: error: no such page in {man_dir}")
        for p in sorted(have - want):
            errors.append(f"{p}: error: a page for no subcommand of cachelint --help")
        pages = sorted(want & have)
    counted = ran = 0
    for p in pages:
        n, e = check_page(os.path.join(man_dir, p), args, subs, errors)
        counted += n
        ran += e
    for e in errors:
        print(e)
    print(f"check_man: {len(pages)} pages, {counted} options and keys, "
          f"{ran} examples{' (not run)' if args.no_examples else ''}, "
          f"{len(errors)} problems")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
