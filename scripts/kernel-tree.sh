#!/bin/sh
# kernel-tree.sh [6.1|6.12]
#
# Print the path of a Linux tree (Debian's linux-source-VERSION, 6.1 when no
# version is given) that is configured and prepared (make prepare), ready
# for single-object builds with the cachelint plugin.  6.1 is x86_64
# defconfig + CONFIG_MEMCG (the memcg structs); 6.12 is x86_64 defconfig
# (the networking structs with the 6.8+ cacheline groups).  Used by
# testsuite/kernel, testsuite/kernel612 and bench/kernel_overhead.
#
# The tree is unpacked once into
#   ${XDG_CACHE_HOME:-$HOME/.cache}/cachelint/linux-VERSION/<package version>-<gcc version>/
# and reused; a tree for another package or compiler version is removed when
# the new one is made.  As root, the packages it needs are installed when
# missing (they are not in scripts/bootstrap.sh: the quick start does not
# need a 140 MB kernel source); as a user, it says which ones to install and
# exits with status 2.
#
# Creation takes the lock ($cache/lock) that the users of the tree hold while
# they build in it.  Progress goes to stderr, the path to stdout.
set -eu

kver=${1:-6.1}
case $kver in
6.1|6.12) ;;
*) echo "kernel-tree: unknown kernel version '$kver' (6.1 or 6.12)" >&2; exit 2 ;;
esac
src=linux-source-$kver
packages="$src make gcc bc flex bison libssl-dev libelf-dev xz-utils"
have() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q '^install ok installed'; }
say() { echo "kernel-tree: $*" >&2; }

missing=""
for p in $packages; do
	have "$p" || missing="$missing $p"
done
if [ -n "$missing" ]; then
	if [ "$(id -u)" -ne 0 ]; then
		say "missing Debian packages:$missing"
		say "as root: apt-get install$missing"
		exit 2
	fi
	say "installing:$missing"
	export DEBIAN_FRONTEND=noninteractive
	apt-get -o DPkg::Lock::Timeout=900 update -qq >&2
	# shellcheck disable=SC2086
	apt-get -o DPkg::Lock::Timeout=900 install -y -qq --no-install-recommends $missing >&2
fi

tarball=/usr/src/$src.tar.xz
[ -r "$tarball" ] || { say "$tarball missing (package $src)"; exit 2; }
version=$(dpkg-query -W -f='${Version}' "$src")
cache=${XDG_CACHE_HOME:-${HOME:?kernel-tree: set HOME or XDG_CACHE_HOME}/.cache}/cachelint/linux-$kver
key="$version-gcc$(gcc -dumpfullversion)"
dir="$cache/$key"
tree="$dir/$src"

mkdir -p "$cache"
exec 9>"$cache/lock"
flock 9
if [ ! -e "$dir/prepared" ]; then
	for old in "$cache"/*/; do
		[ -d "$old" ] && { say "removing ${old%/}"; rm -rf "${old%/}"; }
	done
	mkdir -p "$dir"
	say "unpacking $tarball ($version) into $dir"
	tar -xJf "$tarball" -C "$dir"
	say "configuring: x86_64 defconfig"
	make -s -C "$tree" ARCH=x86_64 defconfig >&2
	if [ "$kver" = 6.1 ]; then
		say "configuring: + CONFIG_MEMCG"
		"$tree/scripts/config" --file "$tree/.config" -e MEMCG
		make -s -C "$tree" ARCH=x86_64 olddefconfig >&2
	fi
	say "make prepare"
	make -s -C "$tree" ARCH=x86_64 -j2 prepare >&2
	echo "$version" >"$dir/prepared"
fi
echo "$tree"
