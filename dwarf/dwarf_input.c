// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dwarf_input.c - from a path to a libdwarf session, with an error that
 * says what is wrong with the file
 *
 * libdwarf answers "no DWARF" for a missing file, a text file and a
 * stripped binary alike, and trusts section headers that point past the
 * end of a truncated file.  So the file is checked first: it exists and is
 * a regular file, starts with the ELF magic, and libelf can read its header
 * and section table with every section inside the file.  Only then does
 * libdwarf see it: through its own ELF reader for a relocatable object or
 * compressed sections, else through the file's own mappings (below).
 */
#include "dwarf_input.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libdwarf/dwarf.h>
#include <libelf.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/**
 * struct elf_facts - what the section table says
 * @debug_info: has .debug_info (possibly compressed, or .zdebug_info)
 * @debug_info_dwo: has .debug_info.dwo (a split-DWARF .dwo file)
 * @skeleton: the first unit of .debug_info is a DWARF 5 split-DWARF
 *            skeleton (its types are in a .dwo file)
 * @debuglink: the file named by .gnu_debuglink, or "" if none
 */
struct elf_facts {
	bool debug_info;
	bool debug_info_dwo;
	bool skeleton;
	char debuglink[256];
};

static int check_magic(int fd, const char *path, struct cl_diag *err)
{
	unsigned char ident[EI_NIDENT];
	ssize_t n = pread(fd, ident, sizeof(ident), 0);

	if (n < 0) {
		cl_diag_set(err, path, 0, 0, "cannot read: %s", strerror(errno));
		return -1;
	}
	if (n >= 8 && !memcmp(ident, "!<arch>\n", 8)) {
		cl_diag_set(err, path, 0, 0,
			    "an ar archive, not an ELF object: extract its members (ar x) and pass those");
		return -1;
	}
	if (n < 4 || memcmp(ident, ELFMAG, SELFMAG)) {
		cl_diag_set(err, path, 0, 0, "not an ELF file");
		return -1;
	}
	if (n < EI_NIDENT) {
		cl_diag_set(err, path, 0, 0, "truncated ELF file (%zd bytes)", n);
		return -1;
	}
	return 0;
}

static void read_debuglink(Elf *elf, Elf_Scn *scn, struct elf_facts *f)
{
	Elf_Data *d = elf_getdata(scn, NULL);

	if (d && d->d_buf && d->d_size > 1) {
		size_t n = strnlen(d->d_buf, d->d_size);

		if (n >= sizeof(f->debuglink))
			n = sizeof(f->debuglink) - 1;
		memcpy(f->debuglink, d->d_buf, n);
		f->debuglink[n] = 0;
	}
	(void)elf;
}

/*
 * The unit type of the first unit header (DWARF 5): a skeleton unit has no
 * types, and libdwarf cannot even read some of them in relocatable objects.
 */
static void read_unit_type(Elf_Scn *scn, const GElf_Shdr *sh, struct elf_facts *f)
{
	const unsigned char *p;
	Elf_Data *d;
	size_t off = 4;

	if ((sh->sh_flags & SHF_COMPRESSED) && elf_compress(scn, 0, 0) < 0)
		return;
	d = elf_getdata(scn, NULL);
	if (!d || !d->d_buf || d->d_size < 12)
		return;
	p = d->d_buf;
	if (p[0] == 0xff && p[1] == 0xff && p[2] == 0xff && p[3] == 0xff)
		off = 12;
	if (d->d_size < off + 3)
		return;
	/* version 5 (little-endian), then the unit type */
	if (p[off] == 5 && p[off + 1] == 0 && p[off + 2] == DW_UT_skeleton)
		f->skeleton = true;
}

static int check_sections(Elf *elf, const char *path, off_t file_size, struct elf_facts *f,
			  struct cl_diag *err)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;

	if (elf_getshdrstrndx(elf, &shstrndx)) {
		cl_diag_set(err, path, 0, 0, "corrupt ELF section table: %s", elf_errmsg(-1));
		return -1;
	}
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *name;

		if (!gelf_getshdr(scn, &sh)) {
			cl_diag_set(err, path, 0, 0, "corrupt ELF section header: %s", elf_errmsg(-1));
			return -1;
		}
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (!name)
			name = "?";
		if (sh.sh_type != SHT_NOBITS &&
		    (sh.sh_offset > (uint64_t)file_size ||
		     sh.sh_size > (uint64_t)file_size - sh.sh_offset)) {
			cl_diag_set(err, path, 0, 0,
				    "truncated ELF file: section '%s' extends past the end of the file (%llu bytes)",
				    name, (unsigned long long)file_size);
			return -1;
		}
		if (!strcmp(name, ".debug_info")) {
			f->debug_info = true;
			read_unit_type(scn, &sh, f);
		} else if (!strcmp(name, ".zdebug_info")) {
			f->debug_info = true;
		}
		else if (!strcmp(name, ".debug_info.dwo"))
			f->debug_info_dwo = true;
		else if (!strcmp(name, ".gnu_debuglink"))
			read_debuglink(elf, scn, f);
	}
	return 0;
}

/*
 * The section header table must lie inside the file.  libelf reads a table
 * that runs past the end as no table at all: without this check a file cut
 * inside its section headers would be reported as having no DWARF.
 * e_shnum 0 with a table means more than 0xff00 sections, the count being
 * in the first header's sh_size (libelf reads it from there).
 */
static int check_table(Elf *elf, const GElf_Ehdr *eh, const char *path, off_t file_size,
		       struct cl_diag *err)
{
	uint64_t size = (uint64_t)file_size, n = eh->e_shnum, end;
	size_t count = 0;

	if (!eh->e_shoff)
		return 0;
	if (!n && eh->e_shentsize && eh->e_shoff + eh->e_shentsize <= size &&
	    !elf_getshdrnum(elf, &count))
		n = count;
	if (!n)
		n = 1;	/* at least the header that holds the count */
	end = eh->e_shoff + n * eh->e_shentsize;
	if (eh->e_shentsize && (n > size / eh->e_shentsize || end > size)) {
		cl_diag_set(err, path, 0, 0,
			    "truncated ELF file: the section table (%llu headers at offset %llu) runs past the end of the file (%llu bytes)",
			    (unsigned long long)n, (unsigned long long)eh->e_shoff,
			    (unsigned long long)size);
		return -1;
	}
	return 0;
}

static int check_elf(int fd, const char *path, off_t file_size, bool *big_endian,
		     bool *relocatable, struct cl_diag *err)
{
	struct elf_facts f = { 0 };
	GElf_Ehdr eh;
	Elf *elf;
	int rc = -1;

	if (elf_version(EV_CURRENT) == EV_NONE) {
		cl_diag_set(err, path, 0, 0, "libelf is too old: %s", elf_errmsg(-1));
		return -1;
	}
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF) {
		cl_diag_set(err, path, 0, 0, "not a readable ELF file: %s", elf_errmsg(-1));
		goto out;
	}
	if (!gelf_getehdr(elf, &eh)) {
		cl_diag_set(err, path, 0, 0, "truncated or corrupt ELF header: %s", elf_errmsg(-1));
		goto out;
	}
	if (eh.e_shoff > (uint64_t)file_size) {
		cl_diag_set(err, path, 0, 0,
			    "truncated ELF file: the section table is past the end of the file");
		goto out;
	}
	if (check_table(elf, &eh, path, file_size, err))
		goto out;
	if (check_sections(elf, path, file_size, &f, err))
		goto out;
	*big_endian = eh.e_ident[EI_DATA] == ELFDATA2MSB;
	*relocatable = eh.e_type == ET_REL;
	if (f.skeleton && !*big_endian) {
		cl_diag_set(err, path, 0, 0,
			    "a split-DWARF skeleton (-gsplit-dwarf): the types are in its .dwo file; run on that, or build without -gsplit-dwarf");
		goto out;
	}
	if (!f.debug_info && !f.debug_info_dwo) {
		if (f.debuglink[0])
			cl_diag_set(err, path, 0, 0,
				    "no DWARF debug information: it was split off into '%s' (.gnu_debuglink); run on that file",
				    f.debuglink);
		else
			cl_diag_set(err, path, 0, 0,
				    "no DWARF debug information (build with -g, and do not strip)");
		goto out;
	}
	rc = 0;
out:
	if (elf)
		elf_end(elf);
	return rc;
}

/* ------------------------------------------------------------------ */
/* libdwarf on the file's own mapping                                   */

/*
 * libdwarf's own ELF reader copies every section it loads into memory it
 * allocates (163 MB of .debug_info for the 6.1 kernel), and at the start
 * reads every relocation section with the symbol table, even where they
 * are applied already and it is told not to apply them (vmlinux keeps
 * 255 MB of .rela.debug_info).  For a linked file, libdwarf reads the
 * sections through these methods instead: from the mappings of libelf
 * and dwarf_raw.c, without copies, and without relocation sections.
 */
static Elf_Scn *access_section(struct dw_access *a, Dwarf_Half index, GElf_Shdr *sh)
{
	Elf_Scn *scn = index < a->nsections ? elf_getscn(a->raw->elf, index) : NULL;

	return scn && gelf_getshdr(scn, sh) ? scn : NULL;
}

static int access_info(void *obj, Dwarf_Half index, Dwarf_Obj_Access_Section *out, int *error)
{
	struct dw_access *a = obj;
	size_t shstrndx;
	GElf_Shdr sh;
	const char *name;

	if (!access_section(a, index, &sh) || elf_getshdrstrndx(a->raw->elf, &shstrndx))
		return DW_DLV_NO_ENTRY;
	name = elf_strptr(a->raw->elf, shstrndx, sh.sh_name);
	memset(out, 0, sizeof(*out));
	out->name = name ? name : "";
	out->addr = sh.sh_addr;
	out->type = sh.sh_type;
	out->size = sh.sh_size;
	out->link = sh.sh_link;
	out->info = sh.sh_info;
	out->entrysize = sh.sh_entsize;
	/* applied already: libdwarf must not even load them */
	if (sh.sh_type == SHT_REL || sh.sh_type == SHT_RELA) {
		out->name = ".cachelint.applied";
		out->type = SHT_NULL;
		out->size = 0;
		out->link = out->info = out->entrysize = 0;
	}
	(void)error;
	return DW_DLV_OK;
}

static Dwarf_Endianness access_byte_order(void *obj)
{
	return ((struct dw_access *)obj)->raw->big_endian ? DW_OBJECT_MSB : DW_OBJECT_LSB;
}

/* What libdwarf's own reader says: 8 for ELFCLASS64, 4 for ELFCLASS32. */
static Dwarf_Small access_word_size(void *obj)
{
	return ((struct dw_access *)obj)->is64 ? 8 : 4;
}

static Dwarf_Unsigned access_count(void *obj)
{
	return ((struct dw_access *)obj)->nsections;
}

static int access_load(void *obj, Dwarf_Half index, Dwarf_Small **data, int *error)
{
	struct dw_access *a = obj;
	Elf_Data *d;
	GElf_Shdr sh;
	Elf_Scn *scn = index ? access_section(a, index, &sh) : NULL;

	if (!scn || sh.sh_type == SHT_NOBITS || sh.sh_type == SHT_REL || sh.sh_type == SHT_RELA ||
	    !sh.sh_size)
		return DW_DLV_NO_ENTRY;
	/*
	 * .debug_info from dwarf_raw.c's mapping, whose finished units leave
	 * memory; libdwarf only reads it (it writes sections only to relocate)
	 */
	if (index == a->raw->info_index && a->raw->info.p && a->raw->info.n == sh.sh_size) {
		*data = (Dwarf_Small *)(uintptr_t)a->raw->info.p;
		return DW_DLV_OK;
	}
	d = elf_getdata(scn, NULL);
	if (!d || !d->d_buf || d->d_size != sh.sh_size) {
		*error = DW_DLE_SECTION_INDEX_BAD;
		return DW_DLV_ERROR;
	}
	*data = d->d_buf;
	return DW_DLV_OK;
}

/*
 * libdwarf 20210528 asks for section flags through a global hook that its
 * own ELF reader sets to a function of its own object type: a file read
 * through it earlier in the run would leave the hook pointing there.  Weak:
 * a libdwarf without the hook gets its own reader (access_possible()).
 */
extern int (*_dwarf_get_elf_flags_func_ptr)(void *obj, Dwarf_Half index,
					    Dwarf_Unsigned *flags, Dwarf_Unsigned *align,
					    int *error) __attribute__((weak));

static int access_flags(void *obj, Dwarf_Half index, Dwarf_Unsigned *flags,
			Dwarf_Unsigned *align, int *error)
{
	GElf_Shdr sh;

	if (!index)
		return DW_DLV_OK;
	if (!access_section(obj, index, &sh)) {
		*error = DW_DLE_SECTION_INDEX_BAD;
		return DW_DLV_ERROR;
	}
	*flags = sh.sh_flags;
	*align = sh.sh_addralign;
	return DW_DLV_OK;
}

static const Dwarf_Obj_Access_Methods access_methods = {
	access_info, access_byte_order, access_word_size, access_word_size,
	access_count, access_load, NULL,
};

/*
 * Whether libdwarf can read the file through the methods above: a linked
 * file (nothing to relocate) without compressed sections (libdwarf
 * decompresses those itself, by the sizes in the section headers).
 */
static bool access_possible(struct dw_raw *r, bool relocatable)
{
	Elf_Scn *scn = NULL;
	size_t n;

	if (relocatable || !r->elf || elf_getshdrnum(r->elf, &n) || n > 0xffff ||
	    !&_dwarf_get_elf_flags_func_ptr)
		return false;
	while ((scn = elf_nextscn(r->elf, scn))) {
		GElf_Shdr sh;

		if (!gelf_getshdr(scn, &sh) || (sh.sh_flags & SHF_COMPRESSED))
			return false;
	}
	return true;
}

static int access_init(struct dw_input *in, bool relocatable, Dwarf_Error *e)
{
	struct dw_access *a = &in->access;
	size_t n = 0;

	if (!access_possible(&in->raw, relocatable))
		return dwarf_init_b(in->fd, DW_DLC_READ, DW_GROUPNUMBER_ANY, NULL, NULL,
				    &in->dbg, e);
	elf_getshdrnum(in->raw.elf, &n);
	a->tag = 'C';
	a->raw = &in->raw;
	a->nsections = n;
	a->is64 = gelf_getclass(in->raw.elf) == ELFCLASS64;
	in->iface.object = a;
	in->iface.methods = &access_methods;
	_dwarf_get_elf_flags_func_ptr = access_flags;
	return dwarf_object_init_b(&in->iface, NULL, NULL, DW_GROUPNUMBER_ANY, &in->dbg, e);
}

int dw_input_open(const char *path, struct dw_input *in, bool own_reader, struct cl_diag *err)
{
	Dwarf_Error e = NULL;
	const char *lists;
	char why[64];
	uint64_t off = 0;
	bool relocatable = false;
	struct stat st;
	int rc;

	memset(in, 0, sizeof(*in));
	in->fd = -1;
	if (stat(path, &st)) {
		cl_diag_set(err, path, 0, 0, "cannot open: %s", strerror(errno));
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		cl_diag_set(err, path, 0, 0, "not a regular file");
		return -1;
	}
	in->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (in->fd < 0) {
		cl_diag_set(err, path, 0, 0, "cannot open: %s", strerror(errno));
		return -1;
	}
	if (check_magic(in->fd, path, err) ||
	    check_elf(in->fd, path, st.st_size, &in->big_endian, &relocatable, err))
		goto fail;
	/*
	 * Only a relocatable object's debug relocations are still to be
	 * applied.  A linked file that keeps them (vmlinux: --emit-relocs) has
	 * them applied already, and libdwarf would load and apply the
	 * 24-byte entries of .rela.debug_info again for nothing: 0.5 GB more
	 * for the 6.1 kernel's.  The flag is libdwarf's global, set per file.
	 * The reference reader (@own_reader) reads as libdwarf does by default,
	 * relocations applied: what the fast path is checked against.
	 */
	dwarf_set_reloc_application(relocatable || own_reader);
	/* a file whose DIEs cannot be read in place is read by libdwarf alone */
	dw_raw_open(&in->raw, in->fd);
	rc = access_init(in, relocatable || own_reader, &e);
	if (rc == DW_DLV_ERROR) {
		cl_diag_set(err, path, 0, 0, "corrupt DWARF: %s", dwarf_errmsg(e));
		dwarf_dealloc(NULL, e, DW_DLA_ERROR);
		in->dbg = NULL;
		goto fail;
	}
	if (rc == DW_DLV_NO_ENTRY) {
		cl_diag_set(err, path, 0, 0, "no DWARF debug information (build with -g)");
		in->dbg = NULL;
		goto fail;
	}
	lists = dw_raw_lists_bad(&in->raw, &off, why, sizeof(why));
	if (lists) {
		cl_diag_set(err, path, 0, 0, "corrupt DWARF: %s: the unit header at offset 0x%llx %s",
			    lists, (unsigned long long)off, why);
		dw_input_close(in);
		return -1;
	}
	return 0;
fail:
	dw_raw_close(&in->raw);
	close(in->fd);
	in->fd = -1;
	return -1;
}

void dw_input_close(struct dw_input *in)
{
	/* libdwarf may hold pointers into the mappings until it is done */
	if (in->dbg) {
		Dwarf_Error e = NULL;

		if (dwarf_finish(in->dbg, &e) == DW_DLV_ERROR)
			dwarf_dealloc(NULL, e, DW_DLA_ERROR);
		in->dbg = NULL;
	}
	dw_raw_close(&in->raw);
	if (in->fd >= 0)
		close(in->fd);
	in->fd = -1;
}
