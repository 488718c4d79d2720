"""man_covers_help.py CACHELINT MANPAGE [SUBCOMMAND]: every option that
`cachelint [SUBCOMMAND] --help` lists, and every word of it, is in the man
page (roff escapes removed), and the page is titled after the command.
Prints what it checked."""
import re
import subprocess
import sys

cachelint, page = sys.argv[1], sys.argv[2]
sub = sys.argv[3:]
help_text = subprocess.run([cachelint] + sub + ['--help'], check=True,
                           capture_output=True, text=True).stdout
roff = open(page).read()
text = re.sub(r'\\f[BIRP]|\\/|\\,', '', roff).replace('\\-', '-')
opts = sorted(set(re.findall(r'(?m)^\s+(--?[a-zA-Z][-a-zA-Z0-9]*)', help_text)))
missing = [o for o in opts if o not in text]
title = 'CACHELINT' + ('-' + sub[0].upper() if sub else '')
if not re.search(r'(?m)^\.TH "?%s"? "1"' % re.escape(title), roff):
    sys.exit('%s: no .TH %s' % (page, title))
if missing:
    sys.exit('%s: options of --help missing: %s' % (page, ' '.join(missing)))
# Case aside: help2man turns "Options:" into the section OPTIONS.
words = set(re.findall(r"[a-z][a-z0-9_']+", text.lower()))
lost = sorted(set(re.findall(r"[a-z][a-z0-9_']+", help_text.lower())) - words - {'usage'})
if lost:
    sys.exit('%s: words of --help missing: %s' % (page, ' '.join(lost)))
print('%s: %d options, all in the page' % (title, len(opts)))
