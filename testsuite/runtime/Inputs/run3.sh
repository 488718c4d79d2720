#!/bin/sh
# run3.sh CACHELINT PROGRAM SOURCE OUT [CFLAGS...]: run PROGRAM three times,
# each with a profile of its own (OUT.1.yaml...), and print what
# `cachelint lint` says of SOURCE (with CFLAGS) with each profile, in order.
# A run that fails, or a lint that errs (status 2), fails the script.
set -eu
cl=$1 prog=$2 src=$3 out=$4
shift 4
for i in 1 2 3; do
	CACHELINT_PROFILE="$out.$i.yaml" "$prog" > /dev/null
	rc=0
	"$cl" lint --profile "$out.$i.yaml" "$src" -- -I"$(dirname "$src")" "$@" || rc=$?
	[ "$rc" -le 1 ] || exit 1
done
