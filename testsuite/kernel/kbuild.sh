#!/bin/bash
# kbuild.sh [--patch FILE] [VAR=VALUE]... TARGET...
#
# Build TARGETs (objects of the kernel tree) in the cached Linux tree
# (scripts/kernel-tree.sh; 6.1, or $KVER), x86_64, -j2, with the make variables given
# (KCFLAGS=..., CACHELINT=..., CFLAGS_foo.o=...), holding the tree's lock,
# with the patch FILE applied for the duration if given.  The TARGETs are
# removed first, so they are always compiled.  `make prepare` with the same
# variables runs first and its output is shown only when it fails: the
# kernel's asm-offsets.c includes <linux/memcontrol.h> and has the same
# findings as any other user of it.  Prints make's output, exits with its
# status.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/testsuite/kernel/lib.sh"

patchfile=
if [ "${1:-}" = --patch ]; then
	patchfile=$2
	shift 2
fi
vars=()
targets=()
for a in "$@"; do
	case $a in
	*=*) vars+=("$a") ;;
	*) targets+=("$a") ;;
	esac
done
[ ${#targets[@]} -gt 0 ] || { echo "kbuild.sh: no target" >&2; exit 2; }

kernel_lock
[ -z "$patchfile" ] || kernel_patch "$patchfile"
cd "$tree"
log=$(mktemp)
if ! make ARCH=x86_64 -j2 "${vars[@]}" prepare >"$log" 2>&1 </dev/null; then
	cat "$log"
	rm -f "$log"
	exit 1
fi
rm -f "$log" "${targets[@]}"
status=0
make ARCH=x86_64 -j2 "${vars[@]}" "${targets[@]}" 2>&1 </dev/null || status=$?
exit $status
