# Shared by testsuite/kernel and bench/kernel_overhead (sourced, POSIX sh;
# the caller sets $top to the top of the cachelint checkout).
#
# kernel_lock: find or make the cached Linux tree (scripts/kernel-tree.sh) of
# version $KVER (6.1 when unset; the tests of 6.12 set KVER=6.12), hold its
# lock until the calling process exits, and make sure the tree is pristine:
# a patch that an interrupted run left applied is reversed first.  Sets
# $tree (the kernel tree) and $keydir (the cache directory holding it).
#
# kernel_patch FILE: apply FILE to the tree until the calling process exits.

kernel_lock() {
	tree=$("$top/scripts/kernel-tree.sh" "${KVER:-6.1}") || exit 2
	keydir=$(dirname "$tree")
	exec 8>"$keydir/../lock"
	flock 8
	if [ -e "$keydir/applied.patch" ]; then
		echo "kernel: reversing a patch left applied by an interrupted run" >&2
		kernel_unpatch || exit 2
	fi
}

kernel_unpatch() {
	[ -e "$keydir/applied.patch" ] || return 0
	patch -d "$tree" -p1 -R -s -f <"$keydir/applied.patch" >&2 &&
		rm -f "$keydir/applied.patch"
}

kernel_patch() {
	if ! patch -d "$tree" -p1 -s -f --dry-run <"$1" >&2; then
		echo "kernel: $1 does not apply to $tree" >&2
		exit 2
	fi
	# The copy says what to reverse, even after a kill -9.
	cp "$1" "$keydir/applied.patch.new"
	mv "$keydir/applied.patch.new" "$keydir/applied.patch"
	trap 'kernel_unpatch' EXIT
	trap 'exit 130' INT TERM
	patch -d "$tree" -p1 -s -f <"$1" >&2
}
