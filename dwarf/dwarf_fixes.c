// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dwarf_fixes.c - a correction to the libdwarf this is built with
 *
 * libdwarf up to 0.5.0 (Debian 12 ships 20210528) steps over a
 * DW_FORM_strx3 or DW_FORM_addrx3 value as if it were 4 bytes long (its
 * bug DW202301-001, fixed in 0.6.0 by two lines of
 * _dwarf_get_size_of_val()).  It reads the value itself right, then the
 * next attribute a byte late, and the DIEs that follow are garbage
 * ("DW_DLE_ABBREV_MISSING").  clang names strings with strx3 as soon as
 * a unit has more than 65,535 of them, so valid DWARF 5 of a large unit,
 * and of every executable linked from it, could not be read.
 *
 * libdwarf calls its _dwarf_get_size_of_val() through the PLT, so the
 * definition below, in the program, takes its place: it answers 3 for the
 * two forms and hands every other form to libdwarf's own.  The signature
 * is the same from 20210528 to 2.x; with a libdwarf that has the fix the
 * correction is not built.  A static link of libdwarf would defeat it:
 * dw_libdwarf_caveat() then says so with libdwarf's errors.
 */
#include "dwarf_internal.h"

#include <dlfcn.h>
#include <libdwarf/dwarf.h>

#if !defined(DW_LIBDWARF_VERSION_MAJOR) || \
	(DW_LIBDWARF_VERSION_MAJOR == 0 && DW_LIBDWARF_VERSION_MINOR < 6)

typedef int (*size_of_val_fn)(Dwarf_Debug, Dwarf_Unsigned, Dwarf_Half, Dwarf_Half,
			      Dwarf_Small *, int, Dwarf_Unsigned *, Dwarf_Small *,
			      Dwarf_Error *);

int _dwarf_get_size_of_val(Dwarf_Debug dbg, Dwarf_Unsigned form, Dwarf_Half cu_version,
			   Dwarf_Half address_size, Dwarf_Small *val_ptr, int v_length_size,
			   Dwarf_Unsigned *size_out, Dwarf_Small *section_end_ptr,
			   Dwarf_Error *error);

static size_of_val_fn libdwarf_size_of_val;

/*
 * libdwarf's own, looked up once before main() (the reader may run units
 * on several threads).  Only a libdwarf.so calls the definition below, so
 * the lookup finds it; dw_libdwarf_caveat() says when it did not.
 */
__attribute__((constructor)) static void libdwarf_lookup(void)
{
	libdwarf_size_of_val = (size_of_val_fn)dlsym(RTLD_NEXT, "_dwarf_get_size_of_val");
}

static size_of_val_fn libdwarf_own(void)
{
	return libdwarf_size_of_val;
}

int _dwarf_get_size_of_val(Dwarf_Debug dbg, Dwarf_Unsigned form, Dwarf_Half cu_version,
			   Dwarf_Half address_size, Dwarf_Small *val_ptr, int v_length_size,
			   Dwarf_Unsigned *size_out, Dwarf_Small *section_end_ptr,
			   Dwarf_Error *error)
{
	if (form == DW_FORM_strx3 || form == DW_FORM_addrx3) {
		*size_out = 3;
		return DW_DLV_OK;
	}
	return libdwarf_own()(dbg, form, cu_version, address_size, val_ptr, v_length_size,
			      size_out, section_end_ptr, error);
}

const char *dw_libdwarf_caveat(void)
{
	void *bound = dlsym(RTLD_DEFAULT, "_dwarf_get_size_of_val");

	if (libdwarf_own() && bound == (void *)_dwarf_get_size_of_val)
		return "";
	return " (this libdwarf misreads DW_FORM_strx3 and DW_FORM_addrx3, which clang uses in units of more than 65,535 strings: its bug DW202301-001, fixed in 0.6.0; cachelint's correction is not in effect in this build)";
}

#else

const char *dw_libdwarf_caveat(void)
{
	return "";
}

#endif

/*
 * libdwarf 20210528 applies the relocations of an object file's DWARF for
 * the machines it knows; others (RISC-V's ADD/SUB pairs) fail as an
 * unknown target size.  A linked file has none to apply.
 */
bool dw_relocs_unsupported(Dwarf_Error e)
{
	Dwarf_Unsigned n = e ? dwarf_errno(e) : 0;

	return n == DW_DLE_RELOC_SECTION_RELOC_TARGET_SIZE_UNKNOWN || n == DW_DLE_RELOC_INVALID;
}
