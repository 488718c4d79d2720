// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dwarf_raw.c - the sections of a linked file through libelf, unit headers,
 * abbreviation tables and DIEs decoded in place (DWARF 2 to 5)
 */
#include "dwarf_raw.h"

#include <gelf.h>
#include <libdwarf/dwarf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* ------------------------------------------------------------------ */
/* the sections                                                         */

static bool starts_with(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/* The sections this reader reads; a .dwo file has them with ".dwo". */
static struct dw_raw_section *wanted(struct dw_raw *r, const char *name)
{
	static const char *const names[] = {
		".debug_info", ".debug_abbrev", ".debug_str", ".debug_line_str",
		".debug_str_offsets", ".debug_line", ".debug_rnglists", ".debug_loclists",
	};
	struct dw_raw_section *sections[] = {
		&r->info, &r->abbrev, &r->str, &r->line_str, &r->str_offsets, &r->line,
		&r->rnglists, &r->loclists,
	};
	size_t n = strlen(name);

	if (n > 4 && !strcmp(name + n - 4, ".dwo"))
		n -= 4;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i]) == n && !strncmp(name, names[i], n))
			return sections[i];
	return NULL;
}

static int load_section(Elf_Scn *scn, const GElf_Shdr *sh, struct dw_raw_section *s)
{
	Elf_Data *d;

	if (sh->sh_type == SHT_NOBITS)
		return -1;
	if ((sh->sh_flags & SHF_COMPRESSED) && elf_compress(scn, 0, 0) < 0)
		return -1;
	d = elf_getdata(scn, NULL);
	if (!d || (!d->d_buf && d->d_size))
		return -1;
	s->p = d->d_buf;
	s->n = d->d_size;
	return 0;
}

/* .debug_info as it is in the file: a mapping of our own. */
static int map_info(struct dw_raw *r, int fd, const GElf_Shdr *sh)
{
	long page = sysconf(_SC_PAGESIZE);
	uint64_t start = sh->sh_offset - sh->sh_offset % (uint64_t)page;
	void *m;

	if (page <= 0 || !sh->sh_size || sh->sh_size > SIZE_MAX - (sh->sh_offset - start))
		return -1;
	r->info_map_len = (size_t)(sh->sh_offset - start + sh->sh_size);
	m = mmap(NULL, r->info_map_len, PROT_READ, MAP_PRIVATE, fd, (off_t)start);
	if (m == MAP_FAILED) {
		r->info_map_len = 0;
		return -1;
	}
	r->info_map = m;
	r->info.p = (const unsigned char *)m + (sh->sh_offset - start);
	r->info.n = (size_t)sh->sh_size;
	return 0;
}

/*
 * Whether the DIEs can be read in place: a linked file (a relocatable
 * object's .debug_info holds zeros where relocations write string offsets),
 * no .zdebug section (libdwarf alone reads that old compression).
 *
 * A linked file may still carry the relocations of its debug sections: the
 * kernel links vmlinux with --emit-relocs (for its relocs tool and livepatch
 * tools), which keeps .rela.debug_info next to the section the linker has
 * already relocated.  Its values are final all the same; only an ET_REL
 * object's relocations are still to be applied.  Anything else with
 * relocations of a debug section (there is nothing else in ELF: ET_EXEC,
 * ET_DYN or a core file) is read in place too.
 */
static bool keys_possible(Elf *elf, size_t shstrndx, const GElf_Ehdr *eh)
{
	Elf_Scn *scn = NULL;

	if (eh->e_type == ET_REL)
		return false;
	while ((scn = elf_nextscn(elf, scn))) {
		const char *name;
		GElf_Shdr sh;

		if (!gelf_getshdr(scn, &sh))
			return false;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (!name || starts_with(name, ".zdebug"))
			return false;
	}
	return true;
}

/*
 * Every file's sections are read, for the structure of its DIEs and line
 * tables (which relocations never change); their values only count when
 * @r->keys says so.
 */
static int load_sections(struct dw_raw *r, Elf *elf, int fd, const GElf_Ehdr *eh)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return -1;
	r->keys = keys_possible(elf, shstrndx, eh);
	while ((scn = elf_nextscn(elf, scn))) {
		struct dw_raw_section *s;
		const char *name;
		GElf_Shdr sh;

		if (!gelf_getshdr(scn, &sh))
			return -1;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (!name)
			return -1;
		s = wanted(r, name);
		if (!s)
			continue;
		if (s == &r->info && !strcmp(name, ".debug_info.dwo"))
			r->split = true;
		if (s->p) {
			/* both a section and its .dwo namesake: which is libdwarf's? */
			r->ambiguous = true;
			continue;
		}
		if (s == &r->info && sh.sh_type != SHT_NOBITS && !(sh.sh_flags & SHF_COMPRESSED)) {
			if (map_info(r, fd, &sh))
				r->keys = false;
			else
				r->info_index = elf_ndxscn(scn);
		} else if (load_section(scn, &sh, s)) {
			memset(s, 0, sizeof(*s));
			r->keys = false;
			r->line_unread |= s == &r->line;
		}
	}
	if (r->ambiguous)
		memset(&r->info, 0, sizeof(r->info));
	r->keys = r->keys && r->info.n && r->abbrev.n;
	return 0;
}

int dw_raw_open(struct dw_raw *r, int fd)
{
	GElf_Ehdr eh;
	Elf *elf;

	memset(r, 0, sizeof(*r));
	cl_arena_init(&r->arena);
	if (elf_version(EV_CURRENT) == EV_NONE)
		return -1;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf)
		return -1;
	r->elf = elf;
	if (elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh) ||
	    load_sections(r, elf, fd, &eh)) {
		dw_raw_close(r);
		return -1;
	}
	r->big_endian = eh.e_ident[EI_DATA] == ELFDATA2MSB;
	return r->keys ? 0 : -1;
}

void dw_raw_close(struct dw_raw *r)
{
	if (r->info_map)
		munmap(r->info_map, r->info_map_len);
	if (r->elf)
		elf_end(r->elf);
	free(r->tables);
	free(r->table_offs);
	cl_arena_free(&r->arena);
	memset(r, 0, sizeof(*r));
}

void dw_raw_release(struct dw_raw *r, uint64_t from, uint64_t to)
{
	long page = sysconf(_SC_PAGESIZE);
	uintptr_t a, b;

	if (!r->info_map || page <= 0 || from >= to || to > r->info.n)
		return;
	/* the whole pages inside the range: its neighbours may still be read */
	a = (uintptr_t)(r->info.p + from);
	b = (uintptr_t)(r->info.p + to);
	a = (a + (uintptr_t)page - 1) / (uintptr_t)page * (uintptr_t)page;
	b = b / (uintptr_t)page * (uintptr_t)page;
	if (a < b)
		madvise((void *)a, b - a, MADV_DONTNEED);
}

/* ------------------------------------------------------------------ */
/* reading numbers                                                      */

/* A cursor over [p, end): reads past the end set @bad and return 0. */
struct cursor {
	const unsigned char *p, *end;
	bool big_endian;
	bool bad;
};

static uint64_t rd(struct cursor *c, unsigned n)
{
	uint64_t v = 0;

	if ((size_t)(c->end - c->p) < n) {
		c->bad = true;
		c->p = c->end;
		return 0;
	}
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (!c->big_endian && n <= sizeof(v)) {
		memcpy(&v, c->p, n);
		c->p += n;
		return v;
	}
#endif
	for (unsigned i = 0; i < n; i++) {
		unsigned shift = c->big_endian ? 8 * (n - 1 - i) : 8 * i;

		v |= (uint64_t)c->p[i] << shift;
	}
	c->p += n;
	return v;
}

static uint64_t uleb(struct cursor *c)
{
	uint64_t v = 0;
	unsigned shift = 0;

	if (c->p < c->end && !(*c->p & 0x80))
		return *c->p++;

	while (c->p < c->end) {
		unsigned char b = *c->p++;

		if (shift < 64)
			v |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
		if (!(b & 0x80))
			return v;
	}
	c->bad = true;
	return 0;
}

static int64_t sleb(struct cursor *c)
{
	uint64_t v = 0;
	unsigned shift = 0;

	while (c->p < c->end) {
		unsigned char b = *c->p++;

		if (shift < 64)
			v |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
		if (!(b & 0x80)) {
			if (shift < 64 && (b & 0x40))
				v |= ~(uint64_t)0 << shift;
			return (int64_t)v;
		}
	}
	c->bad = true;
	return 0;
}

static void skip(struct cursor *c, uint64_t n)
{
	if ((uint64_t)(c->end - c->p) < n) {
		c->bad = true;
		c->p = c->end;
		return;
	}
	c->p += n;
}

static struct cursor cursor_at(const struct dw_raw_section *s, uint64_t off, uint64_t end,
			       bool big_endian)
{
	struct cursor c = { .big_endian = big_endian };

	if (!s->p || end > s->n || off > end) {
		c.bad = true;
		return c;
	}
	c.p = s->p + off;
	c.end = s->p + end;
	return c;
}

/* ------------------------------------------------------------------ */
/* abbreviation tables                                                  */

struct dw_raw_spec {
	uint16_t at, form;
	int64_t implicit;
};

/*
 * @fixed: the size of the attributes of a DIE of this abbreviation when
 * every form has a size fixed by the unit (no LEB128, string or block),
 * else -1: the walk steps over such a DIE without decoding it.
 */
struct dw_raw_abbrev {
	bool present;
	uint16_t tag;
	bool children;
	uint16_t n;
	int32_t fixed;
	const struct dw_raw_spec *spec;
};

/*
 * Abbreviations by code; codes are small and dense in practice.  A table
 * is parsed for the address size, offset size and version of the units
 * that use it, which decide the sizes of forms.
 */
struct dw_raw_table {
	uint64_t ncodes;
	struct dw_raw_abbrev *by_code;
	unsigned addr_size, offset_size, version;
};

#define CODES_MAX 65536

struct parsed {
	uint64_t code;
	struct dw_raw_abbrev ab;
};

static int parse_abbrev(struct dw_raw *r, struct cursor *c, struct parsed *out)
{
	struct dw_raw_spec *v = NULL;
	size_t n = 0, cap = 0;

	out->ab.present = true;
	out->ab.tag = (uint16_t)uleb(c);
	out->ab.children = rd(c, 1) != 0;
	for (;;) {
		uint64_t at = uleb(c), form = uleb(c);
		struct dw_raw_spec *s;

		if (c->bad || at > 0xffff || form > 0xffff) {
			free(v);
			return -1;
		}
		if (!at && !form)
			break;
		s = cl_vec_push(&v, &n, &cap);
		s->at = (uint16_t)at;
		s->form = (uint16_t)form;
		if (form == DW_FORM_implicit_const)
			s->implicit = sleb(c);
	}
	if (n > DW_RAW_VALUES_MAX) {
		free(v);
		return -1;
	}
	out->ab.n = (uint16_t)n;
	if (n) {
		struct dw_raw_spec *copy = cl_arena_alloc(&r->arena, n * sizeof(*copy));

		memcpy(copy, v, n * sizeof(*copy));
		out->ab.spec = copy;
	}
	free(v);
	return 0;
}

/*
 * The width in bytes that a form's name gives (data2, ref4, strx3, the
 * length of block1...), 0 for a form whose name gives none.
 */
static unsigned form_width(uint16_t form)
{
	switch (form) {
	case DW_FORM_data1:
	case DW_FORM_ref1:
	case DW_FORM_block1:
	case DW_FORM_flag:
	case DW_FORM_strx1:
	case DW_FORM_addrx1:
		return 1;
	case DW_FORM_data2:
	case DW_FORM_ref2:
	case DW_FORM_block2:
	case DW_FORM_strx2:
	case DW_FORM_addrx2:
		return 2;
	case DW_FORM_strx3:
	case DW_FORM_addrx3:
		return 3;
	case DW_FORM_data4:
	case DW_FORM_ref4:
	case DW_FORM_block4:
	case DW_FORM_strx4:
	case DW_FORM_addrx4:
	case DW_FORM_ref_sup4:
		return 4;
	case DW_FORM_data8:
	case DW_FORM_ref8:
	case DW_FORM_ref_sig8:
	case DW_FORM_ref_sup8:
		return 8;
	default:
		return 0;
	}
}

/* The size of a form's value in a unit with these sizes; -1 if it varies. */
static int form_size(uint16_t form, const struct dw_raw_table *t)
{
	switch (form) {
	case DW_FORM_flag_present:
	case DW_FORM_implicit_const:
		return 0;
	case DW_FORM_data16:
		return 16;
	case DW_FORM_addr:
		return (int)t->addr_size;
	case DW_FORM_strp:
	case DW_FORM_line_strp:
	case DW_FORM_sec_offset:
	case DW_FORM_GNU_ref_alt:
	case DW_FORM_GNU_strp_alt:
	case DW_FORM_strp_sup:
		return (int)t->offset_size;
	case DW_FORM_ref_addr:
		return (int)(t->version <= 2 ? t->addr_size : t->offset_size);
	case DW_FORM_block1:
	case DW_FORM_block2:
	case DW_FORM_block4:
		return -1;	/* the width is that of the length before the block */
	default:
		return form_width(form) ? (int)form_width(form) : -1;
	}
}

static void fixed_sizes(struct dw_raw_table *t)
{
	for (uint64_t code = 0; code < t->ncodes; code++) {
		struct dw_raw_abbrev *ab = &t->by_code[code];

		ab->fixed = 0;
		for (unsigned i = 0; i < ab->n && ab->fixed >= 0; i++) {
			int n = form_size(ab->spec[i].form, t);

			ab->fixed = n < 0 ? -1 : ab->fixed + n;
		}
	}
}

/*
 * The table at @off, as far as it can be read: a corrupt entry ends it, and
 * a DIE that uses a code the table does not have cannot be read here (the
 * caller then says the DWARF is corrupt rather than let libdwarf try).
 */
static const struct dw_raw_table *parse_table(struct dw_raw *r, uint64_t off,
					      const struct dw_raw_unit *ru)
{
	struct cursor c = cursor_at(&r->abbrev, off, r->abbrev.n, r->big_endian);
	struct parsed *v = NULL;
	size_t n = 0, cap = 0;
	uint64_t max = 0;
	struct dw_raw_table *t;

	while (!c.bad) {
		uint64_t code = uleb(&c);
		struct parsed *p;

		if (c.bad || !code)
			break;
		p = cl_vec_push(&v, &n, &cap);
		p->code = code;
		/* a DIE that uses a code this large cannot be read here */
		if (parse_abbrev(r, &c, p) || code >= CODES_MAX)
			n--;
		else if (code > max)
			max = code;
	}
	t = cl_arena_alloc(&r->arena, sizeof(*t));
	t->ncodes = max + 1;
	t->by_code = cl_arena_alloc(&r->arena, t->ncodes * sizeof(*t->by_code));
	t->addr_size = ru->addr_size;
	t->offset_size = ru->offset_size;
	t->version = ru->version;
	for (size_t i = 0; i < n; i++)
		if (!t->by_code[v[i].code].present)
			t->by_code[v[i].code] = v[i].ab;
	free(v);
	fixed_sizes(t);
	return t;
}

static const struct dw_raw_table *table_at(struct dw_raw *r, uint64_t off,
					   const struct dw_raw_unit *ru)
{
	const struct dw_raw_table *t;

	for (size_t i = r->ntables; i-- > 0;) {
		t = r->tables[i];
		if (r->table_offs[i] == off && t->addr_size == ru->addr_size &&
		    t->offset_size == ru->offset_size && t->version == ru->version)
			return t;
	}
	t = parse_table(r, off, ru);
	if (!t)
		return NULL;
	r->tables = cl_vec_grow(r->tables, &r->tables_cap, r->ntables + 1, sizeof(*r->tables));
	r->table_offs = realloc(r->table_offs, r->tables_cap * sizeof(*r->table_offs));
	if (!r->table_offs) {
		fputs("cachelint: out of memory\n", stderr);
		abort();
	}
	r->tables[r->ntables] = (struct dw_raw_table *)t;
	r->table_offs[r->ntables++] = off;
	return t;
}

/* ------------------------------------------------------------------ */
/* units                                                                */

int dw_raw_unit_open(struct dw_raw *r, uint64_t off, struct dw_raw_unit *ru)
{
	struct cursor c = cursor_at(&r->info, off, r->info.n, r->big_endian);
	uint64_t len, abbrev_off;
	struct dw_raw_die d;

	memset(ru, 0, sizeof(*ru));
	ru->raw = r;
	ru->off = off;
	len = rd(&c, 4);
	ru->offset_size = 4;
	if (len == 0xffffffff) {
		len = rd(&c, 8);
		ru->offset_size = 8;
	} else if (len >= 0xfffffff0) {
		return -1;
	}
	if (c.bad || len > (uint64_t)(c.end - c.p))
		return -1;
	ru->end = (uint64_t)(c.p - r->info.p) + len;
	ru->version = (unsigned)rd(&c, 2);
	if (ru->version < 2 || ru->version > 5)
		return -1;
	ru->keys = r->keys;
	if (ru->version == 5) {
		unsigned type = (unsigned)rd(&c, 1);

		ru->keys = ru->keys && (type == DW_UT_compile || type == DW_UT_partial);
		ru->addr_size = (unsigned)rd(&c, 1);
		abbrev_off = rd(&c, ru->offset_size);
		if (type == DW_UT_skeleton || type == DW_UT_split_compile)
			skip(&c, 8);	/* dwo_id */
		else if (type == DW_UT_type || type == DW_UT_split_type)
			skip(&c, 8 + ru->offset_size);	/* signature, type offset */
	} else {
		abbrev_off = rd(&c, ru->offset_size);
		ru->addr_size = (unsigned)rd(&c, 1);
	}
	if (c.bad || !ru->addr_size || ru->addr_size > 8)
		return -1;
	ru->keys = ru->keys && (ru->addr_size == 4 || ru->addr_size == 8);
	ru->die_off = (uint64_t)(c.p - r->info.p);
	ru->table = table_at(r, abbrev_off, ru);
	if (!ru->table)
		return -1;
	/* a unit DIE that cannot be read here leaves only its structure */
	if (dw_raw_die_read(ru, ru->die_off, &d)) {
		ru->keys = false;
		return 0;
	}
	for (unsigned i = 0; i < d.n; i++) {
		if (d.v[i].at == DW_AT_str_offsets_base && d.v[i].cls == DWR_OTHER) {
			ru->str_base = d.v[i].u;
			ru->has_str_base = true;
		}
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* DIEs                                                                 */

/*
 * A string of a string section that ends with a NUL, so that every string
 * in it is terminated: @len is not measured, the pointer names the string.
 */
static void string_at(const struct dw_raw_section *s, uint64_t off, struct dw_raw_value *v)
{
	v->cls = DWR_OTHER;
	if (off >= s->n || s->p[s->n - 1])
		return;
	v->cls = DWR_STRING;
	v->data = s->p + off;
	v->len = 0;
}

static void strx(const struct dw_raw_unit *ru, uint64_t index, struct dw_raw_value *v)
{
	const struct dw_raw *r = ru->raw;
	struct cursor c;
	uint64_t at;

	v->cls = DWR_OTHER;
	if (!ru->has_str_base || ru->str_base > r->str_offsets.n ||
	    index > r->str_offsets.n / ru->offset_size)
		return;
	at = ru->str_base + index * ru->offset_size;
	c = cursor_at(&r->str_offsets, at, r->str_offsets.n, r->big_endian);
	at = rd(&c, ru->offset_size);
	if (!c.bad)
		string_at(&r->str, at, v);
}

static void inline_string(struct cursor *c, struct dw_raw_value *v)
{
	const unsigned char *nul = memchr(c->p, 0, (size_t)(c->end - c->p));

	if (!nul) {
		c->bad = true;
		return;
	}
	v->cls = DWR_STRING;
	v->data = c->p;
	v->len = (uint64_t)(nul - c->p);
	c->p = nul + 1;
}

static void block(struct cursor *c, uint64_t len, struct dw_raw_value *v)
{
	v->cls = DWR_BLOCK;
	v->data = c->p;
	v->len = len;
	skip(c, len);
}

/* A reference relative to the unit: a DIE of this unit, or nothing known. */
static void ref_local(const struct dw_raw_unit *ru, uint64_t rel, struct dw_raw_value *v)
{
	v->cls = DWR_OTHER;
	if (rel < ru->end - ru->off && ru->off + rel >= ru->die_off) {
		v->cls = DWR_REF;
		v->u = ru->off + rel;
	}
}

/* Constants: data1..8 and udata unsigned, sdata and implicit_const signed. */
static bool read_constant(struct cursor *c, uint16_t form, struct dw_raw_value *v)
{
	v->cls = DWR_CONSTANT;
	switch (form) {
	case DW_FORM_data1:
	case DW_FORM_data2:
	case DW_FORM_data4:
	case DW_FORM_data8:
		v->u = rd(c, form_width(form));
		return true;
	case DW_FORM_udata:
		v->u = uleb(c);
		return true;
	case DW_FORM_sdata:
		v->u = (uint64_t)sleb(c);
		return true;
	case DW_FORM_data16:
		block(c, 16, v);
		return true;
	default:
		return false;
	}
}

static bool read_string(const struct dw_raw_unit *ru, struct cursor *c, uint16_t form,
			struct dw_raw_value *v)
{
	const struct dw_raw *r = ru->raw;

	switch (form) {
	case DW_FORM_string:
		inline_string(c, v);
		return true;
	case DW_FORM_strp:
		string_at(&r->str, rd(c, ru->offset_size), v);
		return true;
	case DW_FORM_line_strp:
		string_at(&r->line_str, rd(c, ru->offset_size), v);
		return true;
	case DW_FORM_strx:
		strx(ru, uleb(c), v);
		return true;
	case DW_FORM_strx1:
	case DW_FORM_strx2:
	case DW_FORM_strx3:
	case DW_FORM_strx4:
		strx(ru, rd(c, form_width(form)), v);
		return true;
	default:
		return false;
	}
}

static bool read_ref(const struct dw_raw_unit *ru, struct cursor *c, uint16_t form,
		     struct dw_raw_value *v)
{
	uint64_t off;

	switch (form) {
	case DW_FORM_ref1:
	case DW_FORM_ref2:
	case DW_FORM_ref4:
	case DW_FORM_ref8:
		ref_local(ru, rd(c, form_width(form)), v);
		return true;
	case DW_FORM_ref_udata:
		ref_local(ru, uleb(c), v);
		return true;
	case DW_FORM_ref_addr:
		off = rd(c, ru->version <= 2 ? ru->addr_size : ru->offset_size);
		v->cls = DWR_OTHER;
		if (off >= ru->die_off && off < ru->end) {
			v->cls = DWR_REF;
			v->u = off;
		}
		return true;
	default:
		return false;
	}
}

/* Everything else: skipped over, not interpreted. */
static bool read_other(const struct dw_raw_unit *ru, struct cursor *c, uint16_t form,
		       struct dw_raw_value *v)
{
	v->cls = DWR_OTHER;
	switch (form) {
	case DW_FORM_addr:
		v->u = rd(c, ru->addr_size);
		return true;
	case DW_FORM_sec_offset:
	case DW_FORM_GNU_ref_alt:
	case DW_FORM_GNU_strp_alt:
	case DW_FORM_strp_sup:
		v->u = rd(c, ru->offset_size);
		return true;
	case DW_FORM_ref_sup4:
	case DW_FORM_ref_sup8:
	case DW_FORM_ref_sig8:
		v->u = rd(c, form_width(form));
		return true;
	case DW_FORM_addrx:
	case DW_FORM_loclistx:
	case DW_FORM_rnglistx:
	case DW_FORM_GNU_addr_index:
	case DW_FORM_GNU_str_index:
		v->u = uleb(c);
		return true;
	case DW_FORM_addrx1:
	case DW_FORM_addrx2:
	case DW_FORM_addrx3:
	case DW_FORM_addrx4:
		v->u = rd(c, form_width(form));
		return true;
	default:
		return false;
	}
}

static bool read_value(const struct dw_raw_unit *ru, struct cursor *c, uint16_t form,
		       int64_t implicit, struct dw_raw_value *v)
{
	v->form = form;
	switch (form) {
	case DW_FORM_implicit_const:
		v->cls = DWR_CONSTANT;
		v->u = (uint64_t)implicit;
		return true;
	case DW_FORM_flag:
		v->cls = DWR_FLAG;
		v->u = rd(c, 1);
		return true;
	case DW_FORM_flag_present:
		v->cls = DWR_FLAG;
		v->u = 1;
		return true;
	case DW_FORM_block1:
	case DW_FORM_block2:
	case DW_FORM_block4:
		block(c, rd(c, form_width(form)), v);
		return true;
	case DW_FORM_block:
	case DW_FORM_exprloc:
		block(c, uleb(c), v);
		return true;
	default:
		return read_constant(c, form, v) || read_string(ru, c, form, v) ||
		       read_ref(ru, c, form, v) || read_other(ru, c, form, v);
	}
}

/*
 * Starts @d at @off: @c past the DIE's abbreviation code, @ab its
 * abbreviation, NULL for the null entry that ends a list of children.  -1
 * for an offset before the unit's DIEs or a code that cannot be read or that
 * the table does not have.
 */
static int die_start(const struct dw_raw_unit *ru, uint64_t off, struct dw_raw_die *d,
		     struct cursor *c, const struct dw_raw_abbrev **ab)
{
	const struct dw_raw *r = ru->raw;
	uint64_t code;

	*c = cursor_at(&r->info, off, ru->end, r->big_endian);
	*ab = NULL;
	d->off = off;
	d->n = 0;
	if (off < ru->die_off)
		return -1;
	code = uleb(c);
	if (c->bad)
		return -1;
	if (!code)
		return 0;
	if (code >= ru->table->ncodes || !ru->table->by_code[code].present)
		return -1;
	*ab = &ru->table->by_code[code];
	return 0;
}

int dw_raw_die_read(const struct dw_raw_unit *ru, uint64_t off, struct dw_raw_die *d)
{
	const struct dw_raw_abbrev *ab;
	struct cursor c;

	d->tag = 0;
	d->null = false;
	d->children = false;
	if (die_start(ru, off, d, &c, &ab))
		return -1;
	if (!ab) {
		d->null = true;
		d->next = (uint64_t)(c.p - ru->raw->info.p);
		return 0;
	}
	d->tag = ab->tag;
	d->children = ab->children;
	for (unsigned i = 0; i < ab->n; i++) {
		struct dw_raw_value *v = &d->v[d->n++];
		uint16_t form = ab->spec[i].form;

		v->at = ab->spec[i].at;
		v->data = NULL;
		v->len = 0;
		v->u = 0;
		if (form == DW_FORM_indirect) {
			uint64_t f = uleb(&c);

			if (f > 0xffff || f == DW_FORM_indirect || f == DW_FORM_implicit_const)
				return -1;
			form = (uint16_t)f;
		}
		if (!read_value(ru, &c, form, ab->spec[i].implicit, v) || c.bad)
			return -1;
	}
	d->next = (uint64_t)(c.p - ru->raw->info.p);
	return 0;
}

int dw_raw_die_step(const struct dw_raw_unit *ru, uint64_t off, struct dw_raw_die *d)
{
	const struct dw_raw_abbrev *ab;
	struct cursor c;

	/* a null entry, a failure or a size that varies: read as a whole */
	if (die_start(ru, off, d, &c, &ab) || !ab || ab->fixed < 0)
		return dw_raw_die_read(ru, off, d);
	skip(&c, (uint64_t)ab->fixed);
	if (c.bad)
		return -1;
	d->null = false;
	d->tag = ab->tag;
	d->children = ab->children;
	d->next = (uint64_t)(c.p - ru->raw->info.p);
	return 0;
}

/* ------------------------------------------------------------------ */
/* line-table headers                                                   */

/* A C string inside the cursor, skipped; false if it is not terminated. */
static bool skip_string(struct cursor *c, bool *empty)
{
	const unsigned char *nul = c->bad ? NULL : memchr(c->p, 0, (size_t)(c->end - c->p));

	if (!nul)
		return false;
	*empty = nul == c->p;
	c->p = nul + 1;
	return true;
}

/* One value of a DWARF 5 directory or file entry, read as a number. */
static bool line_value(struct cursor *c, uint64_t form, unsigned offset_size, uint64_t *v)
{
	bool empty;

	*v = 0;
	switch (form) {
	case DW_FORM_string:
		return skip_string(c, &empty);
	case DW_FORM_line_strp:
	case DW_FORM_strp:
	case DW_FORM_strp_sup:
	case DW_FORM_sec_offset:
		*v = rd(c, offset_size);
		break;
	case DW_FORM_strx:
	case DW_FORM_udata:
		*v = uleb(c);
		break;
	case DW_FORM_strx1:
	case DW_FORM_strx2:
	case DW_FORM_strx3:
	case DW_FORM_strx4:
	case DW_FORM_data1:
	case DW_FORM_data2:
	case DW_FORM_data4:
	case DW_FORM_data8:
		*v = rd(c, form_width(form));
		break;
	case DW_FORM_data16:
		skip(c, 16);
		break;
	case DW_FORM_block:
		skip(c, uleb(c));
		break;
	default:
		return false;
	}
	return !c->bad;
}

/*
 * DWARF 5 entries: @count entries of the @nformats (content, form) pairs at
 * @formats.  File entries (@dirs set) must name one of @dirs directories.
 */
static bool line_entries(struct cursor *c, const uint64_t (*formats)[2], unsigned nformats,
			 unsigned offset_size, const uint64_t *dirs, uint64_t *count)
{
	*count = uleb(c);
	if (c->bad || (*count && !nformats) || *count > (uint64_t)(c->end - c->p))
		return false;
	for (uint64_t i = 0; i < *count; i++) {
		for (unsigned k = 0; k < nformats; k++) {
			uint64_t v;

			if (!line_value(c, formats[k][1], offset_size, &v))
				return false;
			if (dirs && formats[k][0] == DW_LNCT_directory_index && v >= *dirs)
				return false;
		}
	}
	return true;
}

static bool line_formats(struct cursor *c, uint64_t (*formats)[2], unsigned *n)
{
	*n = (unsigned)rd(c, 1);
	for (unsigned k = 0; k < *n && !c->bad; k++) {
		formats[k][0] = uleb(c);
		formats[k][1] = uleb(c);
	}
	return !c->bad;
}

static bool line_tables_v5(struct cursor *c, unsigned offset_size)
{
	uint64_t formats[256][2], dirs, files;
	unsigned n;

	return line_formats(c, formats, &n) &&
	       line_entries(c, (const uint64_t (*)[2])formats, n, offset_size, NULL, &dirs) &&
	       line_formats(c, formats, &n) &&
	       line_entries(c, (const uint64_t (*)[2])formats, n, offset_size, &dirs, &files);
}

/* DWARF 2-4: include directories, then files naming them (0: the unit's). */
static bool line_tables_v4(struct cursor *c)
{
	uint64_t dirs = 0;
	bool empty = false;

	while (skip_string(c, &empty) && !empty)
		dirs++;
	if (!empty)
		return false;
	for (;;) {
		if (!skip_string(c, &empty))
			return false;
		if (empty)
			return true;
		if (uleb(c) > dirs)
			return false;
		uleb(c);
		uleb(c);
		if (c->bad)
			return false;
	}
}

bool dw_raw_line_header_ok(const struct dw_raw *r, uint64_t off)
{
	struct cursor c = cursor_at(&r->line, off, r->line.n, r->big_endian);
	unsigned offset_size = 4, version, opcode_base;
	uint64_t len, header_len;

	/*
	 * No .debug_line: nothing for libdwarf to misread.  One this reader
	 * could not load (compressed with a type libelf does not know: a
	 * fuzzed header said 125) is one libdwarf may read another way, and
	 * unchecked: its dwarf_srcfiles() read past its own array there.
	 */
	if (!r->line.p)
		return !r->line_unread;
	len = rd(&c, 4);
	if (len == 0xffffffff) {
		len = rd(&c, 8);
		offset_size = 8;
	} else if (len >= 0xfffffff0) {
		return false;
	}
	if (c.bad || len > (uint64_t)(c.end - c.p))
		return false;
	c.end = c.p + len;
	version = (unsigned)rd(&c, 2);
	if (version < 2 || version > 5)
		return false;
	if (version == 5)
		skip(&c, 2);	/* address and segment selector sizes */
	header_len = rd(&c, offset_size);
	if (c.bad || header_len > (uint64_t)(c.end - c.p))
		return false;
	c.end = c.p + header_len;
	skip(&c, version >= 4 ? 5 : 4);	/* up to line_range */
	opcode_base = (unsigned)rd(&c, 1);
	skip(&c, opcode_base ? opcode_base - 1 : 0);
	if (c.bad)
		return false;
	return version == 5 ? line_tables_v5(&c, offset_size) : line_tables_v4(&c);
}

/* ------------------------------------------------------------------ */
/* line-table file lists                                                */

/* The start of the directory and file lists of the header at @off. */
static bool line_lists_at(const struct dw_raw *r, uint64_t off, struct cursor *c,
			  unsigned *version, unsigned *offset_size)
{
	unsigned opcode_base;
	uint64_t len, header_len;

	*c = cursor_at(&r->line, off, r->line.n, r->big_endian);
	*offset_size = 4;
	len = rd(c, 4);
	if (len == 0xffffffff) {
		len = rd(c, 8);
		*offset_size = 8;
	} else if (len >= 0xfffffff0) {
		return false;
	}
	if (c->bad || len > (uint64_t)(c->end - c->p))
		return false;
	c->end = c->p + len;
	*version = (unsigned)rd(c, 2);
	if (*version < 2 || *version > 5)
		return false;
	if (*version == 5)
		skip(c, 2);
	header_len = rd(c, *offset_size);
	if (c->bad || header_len > (uint64_t)(c->end - c->p))
		return false;
	c->end = c->p + header_len;
	skip(c, *version >= 4 ? 5 : 4);
	opcode_base = (unsigned)rd(c, 1);
	skip(c, opcode_base ? opcode_base - 1 : 0);
	return !c->bad;
}

/* A DW_LNCT_path value: a string in the header or a string section. */
static const char *line_path(const struct dw_raw *r, struct cursor *c, uint64_t form,
			     unsigned offset_size)
{
	struct dw_raw_value v = { 0 };

	switch (form) {
	case DW_FORM_string:
		inline_string(c, &v);
		break;
	case DW_FORM_line_strp:
		string_at(&r->line_str, rd(c, offset_size), &v);
		break;
	case DW_FORM_strp:
		string_at(&r->str, rd(c, offset_size), &v);
		break;
	default:
		return NULL;
	}
	return !c->bad && v.cls == DWR_STRING ? (const char *)v.data : NULL;
}

/*
 * DWARF 5 entries: the path of each, and for files their directory index.
 * false for a form this reader does not take.
 */
static bool line_entries_v5(const struct dw_raw *r, struct cursor *c, unsigned offset_size,
			    struct dw_raw_file **out, size_t *n, size_t *cap)
{
	uint64_t formats[256][2], count;
	unsigned nformats;

	if (!line_formats(c, formats, &nformats))
		return false;
	count = uleb(c);
	if (c->bad || (count && !nformats) || count > (uint64_t)(c->end - c->p))
		return false;
	for (uint64_t i = 0; i < count; i++) {
		struct dw_raw_file *f = cl_vec_push(out, n, cap);

		memset(f, 0, sizeof(*f));
		for (unsigned k = 0; k < nformats; k++) {
			uint64_t v;

			if (formats[k][0] == DW_LNCT_path) {
				f->name = line_path(r, c, formats[k][1], offset_size);
				if (!f->name)
					return false;
			} else if (!line_value(c, formats[k][1], offset_size, &v)) {
				return false;
			} else if (formats[k][0] == DW_LNCT_directory_index) {
				f->dir_index = v;
			}
		}
		if (!f->name)
			return false;
	}
	return true;
}

int dw_raw_line_files(const struct dw_raw *r, uint64_t off, struct dw_raw_file **files,
		      size_t *nfiles)
{
	struct dw_raw_file *dirs = NULL, *v = NULL;
	size_t ndirs = 0, dcap = 0, n = 0, cap = 0;
	unsigned version, offset_size;
	struct cursor c;
	bool ok;

	*files = NULL;
	*nfiles = 0;
	if (!line_lists_at(r, off, &c, &version, &offset_size))
		return -1;
	if (version == 5) {
		ok = line_entries_v5(r, &c, offset_size, &dirs, &ndirs, &dcap) &&
		     line_entries_v5(r, &c, offset_size, &v, &n, &cap);
		for (size_t i = 0; ok && i < n; i++) {
			ok = v[i].dir_index < ndirs;
			v[i].dir = ok ? dirs[v[i].dir_index].name : NULL;
		}
	} else {
		struct dw_raw_value s = { 0 };

		/* include directories, then files naming them (0: the unit's) */
		for (;;) {
			inline_string(&c, &s);
			if (c.bad || !s.len)
				break;
			cl_vec_push(&dirs, &ndirs, &dcap)->name = (const char *)s.data;
		}
		ok = !c.bad;
		while (ok) {
			struct dw_raw_file *f;

			inline_string(&c, &s);
			if (c.bad || !s.len)
				break;
			f = cl_vec_push(&v, &n, &cap);
			memset(f, 0, sizeof(*f));
			f->name = (const char *)s.data;
			f->dir_index = uleb(&c);
			f->dir = f->dir_index && f->dir_index <= ndirs ? dirs[f->dir_index - 1].name : NULL;
			ok = f->dir_index <= ndirs;
			uleb(&c);
			uleb(&c);
		}
		ok = ok && !c.bad;
	}
	free(dirs);
	if (!ok) {
		free(v);
		return -1;
	}
	*files = v;
	*nfiles = n;
	return 0;
}

/* ------------------------------------------------------------------ */
/* siblings                                                             */

/*
 * The offset past the DIE at @off and its children, read in order (never
 * through DW_AT_sibling); 0 if they cannot be read here.  @null says the
 * DIE was the null entry that ends a list of children.
 */
static uint64_t subtree_end(const struct dw_raw_unit *ru, uint64_t off, bool *null,
			    unsigned depth)
{
	struct dw_raw_die d;

	*null = false;
	if (depth > 256 || dw_raw_die_read(ru, off, &d))
		return 0;
	*null = d.null;
	off = d.next;
	if (d.null || !d.children)
		return off;
	for (;;) {
		bool end;

		off = subtree_end(ru, off, &end, depth + 1);
		if (!off || end)
			return off;
	}
}

uint64_t dw_raw_next_sibling(const struct dw_raw_unit *ru, uint64_t off)
{
	bool null;

	off = subtree_end(ru, off, &null, 0);
	if (!off || null)
		return 0;
	if (off >= ru->end)
		return ru->end;
	/* a null entry here ends the list: no sibling */
	return ru->raw->info.p[off] ? off : ru->end;
}

/* ------------------------------------------------------------------ */
/* range and location lists                                             */

/*
 * Whether one of the unit headers of a DWARF 5 .debug_rnglists or
 * .debug_loclists is bad: the first one, at *@bad.  Its version must be
 * 5 and its address size 4 or 8, with no segment selector: libdwarf
 * 20210528 reads any other (and a length past the section) by freeing a
 * buffer twice, and the process aborts.  What is wrong goes in @why.
 */
static bool lists_bad_header(const struct dw_raw *r, const struct dw_raw_section *s,
			     uint64_t *bad, char *why, size_t n)
{
	uint64_t off = 0;

	while (off < s->n) {
		struct cursor c = cursor_at(s, off, s->n, r->big_endian);
		unsigned offset_size = 4, version, addr_size, seg_size;
		uint64_t len, count;

		*bad = off;
		len = rd(&c, 4);
		if (len == 0xffffffff) {
			len = rd(&c, 8);
			offset_size = 8;
		} else if (len >= 0xfffffff0) {
			goto inconsistent;
		}
		if (c.bad || len < 8 || len > (uint64_t)(c.end - c.p))
			goto inconsistent;
		off = (uint64_t)(c.p - s->p) + len;
		c.end = c.p + len;
		version = (unsigned)rd(&c, 2);
		addr_size = (unsigned)rd(&c, 1);
		seg_size = (unsigned)rd(&c, 1);
		count = rd(&c, 4);
		if (c.bad || count > (uint64_t)(c.end - c.p) / offset_size)
			goto inconsistent;
		if (version != 5) {
			snprintf(why, n, "has version %u (5 expected)", version);
			return true;
		}
		if (addr_size != 4 && addr_size != 8) {
			snprintf(why, n, "has address size %u (4 or 8 expected)", addr_size);
			return true;
		}
		if (seg_size) {
			snprintf(why, n, "has segment selector size %u (0 expected)", seg_size);
			return true;
		}
	}
	return false;
inconsistent:
	snprintf(why, n, "is inconsistent");
	return true;
}

const char *dw_raw_lists_bad(const struct dw_raw *r, uint64_t *off, char *why, size_t n)
{
	if (r->rnglists.p && lists_bad_header(r, &r->rnglists, off, why, n))
		return ".debug_rnglists";
	if (r->loclists.p && lists_bad_header(r, &r->loclists, off, why, n))
		return ".debug_loclists";
	return NULL;
}

bool dw_raw_line_table(const struct dw_raw *r, bool has_stmt_list, uint64_t stmt_list,
		       uint64_t *off)
{
	if (has_stmt_list) {
		*off = stmt_list;
		return true;
	}
	*off = 0;
	return r->split && !r->ambiguous && r->line.n > 0;
}

static const char *path_join(struct cl_arena *a, const char *dir, const char *name)
{
	size_t n = strlen(dir);

	return cl_arena_printf(a, "%s%s%s", dir, n && dir[n - 1] == '/' ? "" : "/", name);
}

const char *dw_raw_file_path(struct cl_arena *a, const struct dw_raw_file *f,
			     const char *comp_dir)
{
	const char *dir = f->dir ? f->dir : comp_dir;

	if (f->name[0] == '/' || !dir || !*dir)
		return f->name;
	if (dir[0] != '/' && comp_dir && *comp_dir)
		dir = path_join(a, comp_dir, dir);
	return path_join(a, dir, f->name);
}
