# The program bench_names.test's positive control compiles: the generated
# source with every \xNN escape turned back into its byte, i.e. the names
# as they were before cachelint escaped them.
import re
import sys

text = sys.stdin.read()
sys.stdout.write(re.sub(r'\\x([0-9a-f]{2})', lambda m: chr(int(m.group(1), 16)), text))
