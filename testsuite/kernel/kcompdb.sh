#!/bin/bash
# kcompdb.sh DIR... -- COMMAND...
#
# Build the directories DIR... (e.g. mm) of the cached Linux 6.1 tree with
# gcc as the kernel's own make does, without any plugin, write the tree's
# own compile_commands.json with the kernel's script
# (scripts/clang-tools/gen_compile_commands.py) from the .cmd files of that
# build, then run COMMAND in the tree, all holding the tree's lock (the
# other tests patch and rebuild it).  make rebuilds only what changed, so a
# second run is quick: a plugin build of another test changes an object's
# command line, and that object alone is rebuilt.  Exits with COMMAND's
# status.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/testsuite/kernel/lib.sh"

dirs=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
	dirs+=("$1")
	shift
done
[ ${#dirs[@]} -gt 0 ] && [ $# -gt 1 ] || { echo "usage: kcompdb.sh DIR... -- COMMAND..." >&2; exit 2; }
shift

kernel_lock
cd "$tree"
log=$(mktemp)
if ! make ARCH=x86_64 -j2 "${dirs[@]/%//}" >"$log" 2>&1 </dev/null; then
	cat "$log" >&2
	rm -f "$log"
	exit 1
fi
rm -f "$log"
python3 scripts/clang-tools/gen_compile_commands.py -d . -o compile_commands.json "${dirs[@]}"
"$@"
