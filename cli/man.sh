#!/bin/sh
# man.sh CACHELINT OUTDIR [SUBCOMMAND]: write OUTDIR/cachelint.1 or
# OUTDIR/cachelint-SUBCOMMAND.1 with help2man, from the --help and --version
# of the command itself; the NAME line is the subcommand's summary in
# `cachelint --help`.  A page cannot say what --help does not.
set -eu
cachelint=$1 out=$2 sub=${3:-}
mkdir -p "$out/bin"
if [ -z "$sub" ]; then
	name=$("$cachelint" --help | sed -n 2p | sed 's/:.*//')
	exec help2man --no-info --section=1 --name="$name" --output="$out/cachelint.1" "$cachelint"
fi
name=$("$cachelint" --help | sed -n "s/^  $sub  *//p")
[ -n "$name" ] || { echo "man.sh: '$sub' is not in cachelint --help" >&2; exit 1; }
# help2man names the page after the program it runs: a wrapper called
# cachelint-SUB gives the page CACHELINT-SUB(1).
wrapper="$out/bin/cachelint-$sub"
printf '#!/bin/sh\nexec "%s" %s "$@"\n' "$cachelint" "$sub" > "$wrapper"
chmod +x "$wrapper"
# --version prints "cachelint SUB X.Y.Z", which help2man would take as the
# program "cachelint": give it the version alone, so the name is the wrapper's.
version=$("$cachelint" "$sub" --version | sed 's/.* //')
exec help2man --no-info --section=1 --name="$name" --version-string="$version" \
	--output="$out/cachelint-$sub.1" "$wrapper"
