#!/usr/bin/env python3
"""Write a copy of an ELF64 little-endian file with one byte of a section changed.

usage: set_section_byte.py IN SECTION OFFSET VALUE OUT
(OFFSET from the section's start; the section must be in the file)
"""
import struct
import sys


def section_offset(data, name):
    shoff, = struct.unpack_from('<Q', data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', data, 0x3a)
    strtab = struct.unpack_from('<Q', data, shoff + shstrndx * shentsize + 0x18)[0]
    for i in range(shnum):
        sh = shoff + i * shentsize
        nameoff, = struct.unpack_from('<I', data, sh)
        end = data.index(b'\0', strtab + nameoff)
        if data[strtab + nameoff:end] == name.encode():
            return struct.unpack_from('<Q', data, sh + 0x18)[0]
    sys.exit('%s: no section %s' % (sys.argv[1], name))


def main():
    src, name, off, value, dst = sys.argv[1:6]
    data = bytearray(open(src, 'rb').read())
    data[section_offset(data, name) + int(off, 0)] = int(value, 0)
    open(dst, 'wb').write(data)


if __name__ == '__main__':
    main()
