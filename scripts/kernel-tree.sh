#!/bin/sh
# Print the path of a Linux 6.1 tree that is configured (x86_64 defconfig +
# CONFIG_MEMCG) and prepared (make prepare), ready for single-object builds
# with the cachelint plugin.  Used by testsuite/kernel and
# bench/kernel_overhead.
#
# The tree is Debian's linux-source-6.1, unpacked once into
#   ${XDG_CACHE_HOME:-$HOME/.cache}/cachelint/linux-6.1/<package version>-<gcc version>/
# and reused; a tree for another package or compiler version is removed when
# the new one is made.  As root, the packages it needs are installed when
# missing (they are not in scripts/bootstrap.sh: the quick start does not
# need a 140 MB kernel source); as a user, it says which ones to install and
# exits with status 2.
#
# Creation takes the lock ($cache/lock) that the users of the tree hold while
# they build in it.  Progress goes to stderr, the path to stdout.
set -eu

packages="linux-source-6.1 make gcc bc flex bison libssl-dev libelf-dev xz-utils"
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
	apt-get update -qq >&2
	# shellcheck disable=SC2086
	apt-get install -y -qq --no-install-recommends $missing >&2
fi

tarball=/usr/src/linux-source-6.1.tar.xz
[ -r "$tarball" ] || { say "$tarball missing (package linux-source-6.1)"; exit 2; }
version=$(dpkg-query -W -f='${Version}' linux-source-6.1)
cache=${XDG_CACHE_HOME:-${HOME:?kernel-tree: set HOME or XDG_CACHE_HOME}/.cache}/cachelint/linux-6.1
key="$version-gcc$(gcc -dumpfullversion)"
dir="$cache/$key"
tree="$dir/linux-source-6.1"

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
	say "configuring: x86_64 defconfig + CONFIG_MEMCG"
	make -s -C "$tree" ARCH=x86_64 defconfig >&2
	"$tree/scripts/config" --file "$tree/.config" -e MEMCG
	make -s -C "$tree" ARCH=x86_64 olddefconfig >&2
	say "make prepare"
	make -s -C "$tree" ARCH=x86_64 -j2 prepare >&2
	echo "$version" >"$dir/prepared"
fi
echo "$tree"
