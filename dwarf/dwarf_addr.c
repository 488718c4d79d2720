// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dwarf_addr.c - perf c2c's addresses through binaries: a code address to
 * its source line (the DWARF line table), a data address inside a static
 * object to the member at that offset (the symbol table, then the
 * variable's DWARF type)
 *
 * perf prints the addresses the program ran at.  A PIE (or a kernel with
 * KASLR) ran at a load offset the report does not state: it follows from a
 * row that names its function, the code address being in that function
 * and the offset a multiple of the page (4 KiB) for a PIE, of 2 MiB
 * (KASLR's alignment) for an executable such as vmlinux.  The offset found is kept per
 * binary for the rows that name no function and for the data addresses.
 *
 * Each binary's line table and variables are read on first use, once.
 */
#include "dwarf_addr.h"

#include <gelf.h>
#include <libdwarf/dwarf.h>
#include <libdwarf/libdwarf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>

#include "access_map/access_map.h"
#include "model/arena.h"
#include "dwarf_input.h"

#define PAGE 0x1000ULL
#define KASLR_ALIGN 0x200000ULL

/**
 * struct sym - a function or object of the symbol table
 * @lo, @hi: its addresses, [lo, hi)
 * @name: its name
 * @func: STT_FUNC (else STT_OBJECT)
 */
struct sym {
	uint64_t lo, hi;
	const char *name;
	bool func;
};

/**
 * struct lrow - a row of the line table
 * @addr: its address
 * @file: its source file, as the table names it (absolute with the unit's
 *        directory)
 * @line: its line
 * @end: an end of sequence (the address after the sequence)
 * @seq: its order in the table, for a stable sort
 */
struct lrow {
	uint64_t addr;
	const char *file;
	unsigned line;
	bool end;
	size_t seq;
};

/**
 * struct var - a static variable with a location
 * @addr: its address
 * @type: the DIE offset of its type
 */
struct var {
	uint64_t addr;
	Dwarf_Off type;
};

/**
 * struct bin - one --binary
 * @path, @base: as given, and its base name (perf's Object column)
 * @in: the libdwarf session
 * @elf: the symbol table's reader
 * @syms, @nsyms: its functions and objects, by address
 * @rows, @nrows: the line table, by address (when @have_rows)
 * @vars, @nvars: the variables, by address (when @have_vars)
 * @bias, @has_bias: the load offset, once known
 * @dyn: ET_DYN (a PIE or a shared object): its addresses need @bias
 */
struct bin {
	const char *path, *base;
	struct dw_input in;
	Elf *elf;
	struct sym *syms;
	size_t nsyms, syms_cap;
	struct lrow *rows;
	size_t nrows, rows_cap;
	bool have_rows;
	struct var *vars;
	size_t nvars, vars_cap;
	bool have_vars;
	uint64_t bias;
	bool has_bias, dyn;
};

struct dw_addr {
	struct cl_arena arena;
	struct bin *v;
	size_t n, cap;
};

struct dw_addr *dw_addr_new(void)
{
	struct dw_addr *a = cl_xmalloc(sizeof(*a));

	memset(a, 0, sizeof(*a));
	cl_arena_init(&a->arena);
	return a;
}

static int by_lo(const void *x, const void *y)
{
	const struct sym *a = x, *b = y;

	return a->lo < b->lo ? -1 : a->lo > b->lo;
}

/* The functions and objects of the symbol table (or, stripped, .dynsym). */
static int read_syms(struct dw_addr *a, struct bin *b, struct cl_diag *err)
{
	Elf_Scn *scn = NULL, *dyn = NULL, *use = NULL;
	GElf_Shdr sh;
	GElf_Ehdr eh;
	Elf_Data *d;

	b->elf = elf_begin(b->in.fd, ELF_C_READ_MMAP, NULL);
	if (!b->elf || !gelf_getehdr(b->elf, &eh)) {
		cl_diag_set(err, b->path, 0, 0, "not a readable ELF file: %s", elf_errmsg(-1));
		return -1;
	}
	if (eh.e_type == ET_REL) {
		cl_diag_set(err, b->path, 0, 0, "a relocatable object (.o): perf's addresses are "
			    "those of the linked executable, shared object or vmlinux: pass that");
		return -1;
	}
	b->dyn = eh.e_type == ET_DYN;
	while ((scn = elf_nextscn(b->elf, scn))) {
		if (!gelf_getshdr(scn, &sh))
			continue;
		if (sh.sh_type == SHT_SYMTAB)
			use = scn;
		if (sh.sh_type == SHT_DYNSYM)
			dyn = scn;
	}
	if (!use)
		use = dyn;
	if (!use || !gelf_getshdr(use, &sh) || !(d = elf_getdata(use, NULL))) {
		cl_diag_set(err, b->path, 0, 0, "no symbol table (a stripped binary: pass the one "
			    "with its symbols, or its -dbg file)");
		return -1;
	}
	for (size_t i = 0; sh.sh_entsize && i < sh.sh_size / sh.sh_entsize; i++) {
		GElf_Sym s;
		const char *name;
		int type;
		struct sym *v;

		if (!gelf_getsym(d, (int)i, &s))
			break;
		type = GELF_ST_TYPE(s.st_info);
		if ((type != STT_FUNC && type != STT_OBJECT) || !s.st_size ||
		    s.st_shndx == SHN_UNDEF)
			continue;
		name = elf_strptr(b->elf, sh.sh_link, s.st_name);
		if (!name || !*name)
			continue;
		v = cl_vec_push(&b->syms, &b->nsyms, &b->syms_cap);
		v->lo = s.st_value;
		v->hi = s.st_value + s.st_size;
		v->name = cl_arena_strdup(&a->arena, name);
		v->func = type == STT_FUNC;
	}
	qsort(b->syms, b->nsyms, sizeof(*b->syms), by_lo);
	return 0;
}

int dw_addr_add(struct dw_addr *a, const char *path, struct cl_diag *err)
{
	struct bin *b = cl_vec_push(&a->v, &a->n, &a->cap);
	const char *slash = strrchr(path, '/');

	b->path = cl_arena_strdup(&a->arena, path);
	b->base = slash ? slash + 1 : b->path;
	if (dw_input_open(path, &b->in, true, err)) {
		a->n--;
		return -1;
	}
	if (read_syms(a, b, err)) {
		if (b->elf)
			elf_end(b->elf);
		free(b->syms);
		dw_input_close(&b->in);
		a->n--;
		return -1;
	}
	return 0;
}

static void drop_error(Dwarf_Error *e)
{
	if (*e)
		dwarf_dealloc(NULL, *e, DW_DLA_ERROR);
	*e = NULL;
}

/* The unit DIEs, one after the other: @fn on each. */
static void each_unit(struct bin *b, void (*fn)(struct dw_addr *, struct bin *, Dwarf_Die),
		      struct dw_addr *a)
{
	Dwarf_Debug dbg = b->in.dbg;
	Dwarf_Error e = NULL;

	for (;;) {
		Dwarf_Unsigned hlen, abbr, next, toff;
		Dwarf_Half ver, asz, osz, xsz, ctype;
		Dwarf_Sig8 sig;
		Dwarf_Die cu = NULL;
		int rc = dwarf_next_cu_header_d(dbg, true, &hlen, &ver, &abbr, &asz, &osz, &xsz,
						&sig, &toff, &next, &ctype, &e);

		if (rc != DW_DLV_OK) {
			drop_error(&e);
			return;
		}
		if (dwarf_siblingof_b(dbg, NULL, true, &cu, &e) != DW_DLV_OK) {
			drop_error(&e);
			continue;
		}
		fn(a, b, cu);
		dwarf_dealloc_die(cu);
	}
}

/*
 * The unit's rows.  A row's file is its index in the unit's file list
 * (dwarf_srcfiles()): from 1 in DWARF 2-4, from 0 in DWARF 5.
 */
static void unit_lines(struct dw_addr *a, struct bin *b, Dwarf_Die cu)
{
	Dwarf_Error e = NULL;
	Dwarf_Unsigned ver;
	Dwarf_Small tables;
	Dwarf_Line_Context ctx;
	Dwarf_Line *lines;
	Dwarf_Signed n, nfiles = 0;
	char **files = NULL;
	const char **names;
	bool gcc_v5 = false;

	if (dwarf_srclines_b(cu, &ver, &tables, &ctx, &e) != DW_DLV_OK) {
		drop_error(&e);
		return;
	}
	if (dwarf_srclines_from_linecontext(ctx, &lines, &n, &e) != DW_DLV_OK ||
	    dwarf_srcfiles(cu, &files, &nfiles, &e) != DW_DLV_OK) {
		drop_error(&e);
		dwarf_srclines_dealloc_b(ctx);
		return;
	}
	/*
	 * GCC's DWARF 5 file list repeats entry 0 (the unit's file) further on
	 * and uses that one; its rows before a DW_LNS_set_file are in file 1,
	 * the register's initial value, which libdwarf 20210528 reports as 0.
	 */
	for (Dwarf_Signed i = 1; i < nfiles && !gcc_v5; i++)
		gcc_v5 = !strcmp(files[0], files[i]);
	names = calloc((size_t)nfiles + 1, sizeof(*names));
	for (Dwarf_Signed i = 0; i < n; i++) {
		Dwarf_Addr addr;
		Dwarf_Unsigned no, fileno;
		Dwarf_Bool end;
		Dwarf_Signed k;
		struct lrow *r;

		if (dwarf_lineaddr(lines[i], &addr, &e) != DW_DLV_OK ||
		    dwarf_lineno(lines[i], &no, &e) != DW_DLV_OK ||
		    dwarf_lineendsequence(lines[i], &end, &e) != DW_DLV_OK ||
		    dwarf_line_srcfileno(lines[i], &fileno, &e) != DW_DLV_OK) {
			drop_error(&e);
			continue;
		}
		if (ver >= 5 && !fileno && gcc_v5)
			fileno = 1;	/* the file register's initial value */
		k = ver >= 5 ? (Dwarf_Signed)fileno : (Dwarf_Signed)fileno - 1;
		if (k < 0 || k >= nfiles)
			continue;
		if (!names[k])
			names[k] = cl_arena_strdup(&a->arena, files[k]);
		r = cl_vec_push(&b->rows, &b->nrows, &b->rows_cap);
		r->addr = addr;
		r->file = names[k];
		r->line = (unsigned)no;
		r->end = end;
		r->seq = b->nrows;
	}
	free(names);
	for (Dwarf_Signed i = 0; i < nfiles; i++)
		dwarf_dealloc(b->in.dbg, files[i], DW_DLA_STRING);
	dwarf_dealloc(b->in.dbg, files, DW_DLA_LIST);
	dwarf_srclines_dealloc_b(ctx);
}

/* By address; at one address an end of sequence first (the next one starts there). */
static int by_addr(const void *x, const void *y)
{
	const struct lrow *a = x, *b = y;

	if (a->addr != b->addr)
		return a->addr < b->addr ? -1 : 1;
	if (a->end != b->end)
		return a->end ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* The row in effect at @addr: the last at or before it, unless an end of sequence. */
static const struct lrow *line_at(struct dw_addr *a, struct bin *b, uint64_t addr)
{
	size_t lo = 0, hi;

	if (!b->have_rows) {
		each_unit(b, unit_lines, a);
		qsort(b->rows, b->nrows, sizeof(*b->rows), by_addr);
		b->have_rows = true;
	}
	hi = b->nrows;
	while (lo < hi) {	/* the first row past @addr */
		size_t mid = lo + (hi - lo) / 2;

		if (b->rows[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo || b->rows[lo - 1].end || !b->rows[lo - 1].line)
		return NULL;
	return &b->rows[lo - 1];
}

/* ------------------------------------------------------------------ */
/* Code addresses                                                       */
/* ------------------------------------------------------------------ */

/* The binaries @obj (perf's Object column) can be: its name, else all. */
static bool bin_is(const struct bin *b, const char *obj)
{
	if (!obj)
		return true;
	if (!strncmp(obj, "[kernel", 7))
		return !strncmp(b->base, "vmlinux", 7);
	return !strcmp(b->base, obj);
}

static bool any_named(const struct dw_addr *a, const char *obj)
{
	for (size_t i = 0; obj && i < a->n; i++)
		if (bin_is(&a->v[i], obj))
			return true;
	return false;
}

/*
 * The address in @b of code at @iaddr in function @s: as it is, through
 * the known load offset, or the one offset that puts it in @s: a multiple
 * of the page for a PIE or a shared object, of 2 MiB (KASLR's alignment)
 * for an executable (vmlinux).  0 if none.
 */
static uint64_t place(struct bin *b, const struct sym *s, uint64_t symoff, bool has_symoff,
		      uint64_t iaddr, uint64_t *bias)
{
	uint64_t align = b->dyn ? PAGE : KASLR_ALIGN, f;

	if (has_symoff) {
		*bias = iaddr - (s->lo + symoff);
		return s->lo + symoff < s->hi ? s->lo + symoff : 0;
	}
	if (iaddr >= s->lo && iaddr < s->hi) {
		*bias = 0;
		return iaddr;
	}
	if (b->has_bias) {
		*bias = b->bias;
		return iaddr - b->bias >= s->lo && iaddr - b->bias < s->hi ? iaddr - b->bias : 0;
	}
	f = s->lo + ((iaddr - s->lo) & (align - 1));
	if (f < s->hi && f + align >= s->hi) {
		*bias = iaddr - f;
		return f;
	}
	return 0;	/* the function is longer than the alignment: no one place */
}

static bool code(void *ctx, const char *obj, const char *symname, uint64_t symoff,
		 bool has_symoff, uint64_t iaddr, const char **file, unsigned *line,
		 const char **why)
{
	struct dw_addr *a = ctx;
	bool named = any_named(a, obj), sym_seen = false;
	uint64_t f = 0;

	for (size_t i = 0; i < a->n; i++) {
		struct bin *b = &a->v[i];

		if (named && !bin_is(b, obj))
			continue;
		for (size_t k = 0; k < b->nsyms; k++) {
			const struct sym *s = &b->syms[k];
			const struct lrow *r;
			uint64_t bias = 0;

			if (!s->func)
				continue;
			if (symname ? strcmp(s->name, symname) : !b->has_bias && b->dyn)
				continue;
			if (!symname) {
				f = iaddr - (b->has_bias ? b->bias : 0);
				if (f < s->lo || f >= s->hi)
					continue;
			} else {
				sym_seen = true;
				f = place(b, s, symoff, has_symoff, iaddr, &bias);
				if (!f)
					continue;
			}
			r = line_at(a, b, f);
			if (!r)
				continue;
			if (symname && !b->has_bias) {
				b->bias = bias;
				b->has_bias = true;
			}
			*file = r->file;
			*line = r->line;
			return true;
		}
	}
	if (symname && !sym_seen)
		*why = cl_arena_printf(&a->arena, "function '%s' is in no --binary's symbol "
				       "table%s", symname, obj && !named ?
				       cl_arena_printf(&a->arena, " (its object is '%s')", obj) :
				       "");
	else if (symname && !f)
		*why = cl_arena_printf(&a->arena, "code address 0x%llx is not in '%s' of any "
				       "--binary (a report of another build?)",
				       (unsigned long long)iaddr, symname);
	else if (!symname && !f)
		*why = cl_arena_printf(&a->arena, "code address 0x%llx not in any --binary's "
				       "functions (a row that names no function: the load offset "
				       "comes from rows that do)", (unsigned long long)iaddr);
	else
		*why = cl_arena_printf(&a->arena, "code address 0x%llx not in any --binary's "
				       "line table", (unsigned long long)iaddr);
	return false;
}

/* ------------------------------------------------------------------ */
/* Static objects                                                       */
/* ------------------------------------------------------------------ */

static bool attr_udata(Dwarf_Die die, Dwarf_Half name, uint64_t *v)
{
	Dwarf_Error e = NULL;
	Dwarf_Attribute at;
	Dwarf_Unsigned u;
	Dwarf_Signed s;
	Dwarf_Half form;
	bool ok = false;

	if (dwarf_attr(die, name, &at, &e) != DW_DLV_OK) {
		drop_error(&e);
		return false;
	}
	if (dwarf_whatform(at, &form, &e) == DW_DLV_OK && form == DW_FORM_exprloc) {
		Dwarf_Unsigned len;
		Dwarf_Ptr p;

		/* DW_OP_plus_uconst ULEB128 (data_member_location as an expression) */
		if (dwarf_formexprloc(at, &len, &p, &e) == DW_DLV_OK && len >= 2 &&
		    ((unsigned char *)p)[0] == DW_OP_plus_uconst) {
			const unsigned char *c = (const unsigned char *)p + 1;
			unsigned shift = 0;

			*v = 0;
			for (Dwarf_Unsigned k = 1; k < len && shift < 64; k++, c++, shift += 7) {
				*v |= (uint64_t)(*c & 0x7f) << shift;
				if (!(*c & 0x80))
					break;
			}
			ok = true;
		}
	} else if (dwarf_formudata(at, &u, &e) == DW_DLV_OK) {
		*v = u;
		ok = true;
	} else {
		drop_error(&e);
		if (dwarf_formsdata(at, &s, &e) == DW_DLV_OK && s >= 0) {
			*v = (uint64_t)s;
			ok = true;
		}
	}
	drop_error(&e);
	dwarf_dealloc_attribute(at);
	return ok;
}

static bool attr_ref(Dwarf_Die die, Dwarf_Half name, Dwarf_Off *off)
{
	Dwarf_Error e = NULL;
	Dwarf_Attribute at;
	bool ok;

	if (dwarf_attr(die, name, &at, &e) != DW_DLV_OK) {
		drop_error(&e);
		return false;
	}
	ok = dwarf_global_formref(at, off, &e) == DW_DLV_OK;
	drop_error(&e);
	dwarf_dealloc_attribute(at);
	return ok;
}

static Dwarf_Die die_at(struct bin *b, Dwarf_Off off)
{
	Dwarf_Error e = NULL;
	Dwarf_Die d = NULL;

	if (dwarf_offdie_b(b->in.dbg, off, true, &d, &e) != DW_DLV_OK) {
		drop_error(&e);
		return NULL;
	}
	return d;
}

static Dwarf_Half tag_of(Dwarf_Die d)
{
	Dwarf_Error e = NULL;
	Dwarf_Half t = 0;

	if (dwarf_tag(d, &t, &e) != DW_DLV_OK)
		drop_error(&e);
	return t;
}

/* The DIE's name in the arena, or NULL. */
static const char *name_of(struct dw_addr *a, Dwarf_Die d)
{
	Dwarf_Error e = NULL;
	char *s = NULL;

	if (dwarf_diename(d, &s, &e) != DW_DLV_OK) {
		drop_error(&e);
		return NULL;
	}
	return cl_arena_strdup(&a->arena, s);
}

/* The variable's address, if its location is DW_OP_addr. */
static bool var_addr(struct bin *b, Dwarf_Die d, uint64_t *addr)
{
	Dwarf_Error e = NULL;
	Dwarf_Attribute at;
	Dwarf_Half form;
	Dwarf_Unsigned len = 0;
	Dwarf_Ptr p = NULL;
	Dwarf_Block *blk = NULL;
	const unsigned char *c;
	bool ok = false;

	if (dwarf_attr(d, DW_AT_location, &at, &e) != DW_DLV_OK) {
		drop_error(&e);
		return false;
	}
	if (dwarf_whatform(at, &form, &e) != DW_DLV_OK) {
		drop_error(&e);
	} else if (form == DW_FORM_exprloc) {
		if (dwarf_formexprloc(at, &len, &p, &e) != DW_DLV_OK)
			drop_error(&e);
	} else if (dwarf_formblock(at, &blk, &e) == DW_DLV_OK) {
		len = blk->bl_len;
		p = blk->bl_data;
	} else {
		drop_error(&e);
	}
	c = p;
	if (c && (len == 9 || len == 5) && c[0] == DW_OP_addr) {
		*addr = 0;
		for (Dwarf_Unsigned k = 0; k + 1 < len; k++)
			*addr |= (uint64_t)c[b->in.big_endian ? len - 1 - k : k + 1] << (8 * k);
		ok = true;
	}
	if (blk)
		dwarf_dealloc(b->in.dbg, blk, DW_DLA_BLOCK);
	dwarf_dealloc_attribute(at);
	return ok;
}

static void unit_vars(struct dw_addr *a, struct bin *b, Dwarf_Die cu)
{
	Dwarf_Error e = NULL;
	Dwarf_Die d = NULL, next;
	(void)a;

	if (dwarf_child(cu, &d, &e) != DW_DLV_OK) {
		drop_error(&e);
		return;
	}
	while (d) {
		uint64_t addr;
		Dwarf_Off type, spec;

		if (tag_of(d) == DW_TAG_variable && var_addr(b, d, &addr)) {
			Dwarf_Die s;

			if (!attr_ref(d, DW_AT_type, &type) &&
			    attr_ref(d, DW_AT_specification, &spec) && (s = die_at(b, spec))) {
				if (!attr_ref(s, DW_AT_type, &type))
					type = 0;
				dwarf_dealloc_die(s);
			} else if (!attr_ref(d, DW_AT_type, &type)) {
				type = 0;
			}
			if (type) {
				struct var *v = cl_vec_push(&b->vars, &b->nvars, &b->vars_cap);

				v->addr = addr;
				v->type = type;
			}
		}
		next = NULL;
		if (dwarf_siblingof_b(b->in.dbg, d, true, &next, &e) != DW_DLV_OK)
			drop_error(&e);
		dwarf_dealloc_die(d);
		d = next;
	}
}

static int var_by_addr(const void *x, const void *y)
{
	const struct var *a = x, *b = y;

	return a->addr < b->addr ? -1 : a->addr > b->addr;
}

static const struct var *var_at(struct dw_addr *a, struct bin *b, uint64_t addr)
{
	size_t lo = 0, hi;

	if (!b->have_vars) {
		each_unit(b, unit_vars, a);
		qsort(b->vars, b->nvars, sizeof(*b->vars), var_by_addr);
		b->have_vars = true;
	}
	hi = b->nvars;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (b->vars[mid].addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < b->nvars && b->vars[lo].addr == addr ? &b->vars[lo] : NULL;
}

static bool is_qualifier(Dwarf_Half t)
{
	return t == DW_TAG_typedef || t == DW_TAG_const_type || t == DW_TAG_volatile_type ||
	       t == DW_TAG_restrict_type || t == DW_TAG_atomic_type;
}

/* @off's type without typedefs and qualifiers; the first typedef's name in @tdname. */
static Dwarf_Die peel(struct dw_addr *a, struct bin *b, Dwarf_Off off, const char **tdname)
{
	Dwarf_Die d = die_at(b, off);

	for (unsigned depth = 0; d && depth < 32 && is_qualifier(tag_of(d)); depth++) {
		Dwarf_Off next;

		if (tdname && !*tdname && tag_of(d) == DW_TAG_typedef)
			*tdname = name_of(a, d);
		if (!attr_ref(d, DW_AT_type, &next)) {
			dwarf_dealloc_die(d);
			return NULL;	/* const void */
		}
		dwarf_dealloc_die(d);
		d = die_at(b, next);
	}
	return d;
}

static uint64_t size_of(struct dw_addr *a, struct bin *b, Dwarf_Die d, unsigned depth);

/* An array's element type and count (the product of its dimensions). */
static Dwarf_Die array_elem(struct dw_addr *a, struct bin *b, Dwarf_Die d, uint64_t *count)
{
	Dwarf_Error e = NULL;
	Dwarf_Die c = NULL, next;
	Dwarf_Off et;

	*count = 1;
	if (dwarf_child(d, &c, &e) != DW_DLV_OK)
		drop_error(&e);
	while (c) {
		uint64_t n;

		if (tag_of(c) == DW_TAG_subrange_type) {
			if (attr_udata(c, DW_AT_count, &n))
				*count *= n;
			else if (attr_udata(c, DW_AT_upper_bound, &n))
				*count *= n + 1;
			else
				*count = 0;
		}
		next = NULL;
		if (dwarf_siblingof_b(b->in.dbg, c, true, &next, &e) != DW_DLV_OK)
			drop_error(&e);
		dwarf_dealloc_die(c);
		c = next;
	}
	return attr_ref(d, DW_AT_type, &et) ? peel(a, b, et, NULL) : NULL;
}

static uint64_t size_of(struct dw_addr *a, struct bin *b, Dwarf_Die d, unsigned depth)
{
	uint64_t n = 0, count;
	Dwarf_Die el;

	if (!d || depth > 16)
		return 0;
	if (attr_udata(d, DW_AT_byte_size, &n))
		return n;
	if (tag_of(d) == DW_TAG_pointer_type)
		return 8;
	if (tag_of(d) != DW_TAG_array_type)
		return 0;
	el = array_elem(a, b, d, &count);
	n = count * size_of(a, b, el, depth + 1);
	if (el)
		dwarf_dealloc_die(el);
	return n;
}

static bool is_record(Dwarf_Half t)
{
	return t == DW_TAG_structure_type || t == DW_TAG_union_type;
}

/*
 * The member of record @d at byte @at: its path (nested records' members
 * joined with '.', as the access map and the profile name them) into @path,
 * its offset in the outer record (@base + its own) and size.
 */
static bool member_at(struct dw_addr *a, struct bin *b, Dwarf_Die d, uint64_t at,
		      uint64_t base, const char *prefix, struct cl_access_line *out,
		      unsigned depth)
{
	Dwarf_Error e = NULL;
	Dwarf_Die c = NULL, next;
	bool found = false;

	if (depth > 16 || dwarf_child(d, &c, &e) != DW_DLV_OK) {
		drop_error(&e);
		return false;
	}
	while (c && !found) {
		uint64_t off = 0, size, bits, bitsize;
		Dwarf_Off mt;
		Dwarf_Die t;

		if (tag_of(c) == DW_TAG_member && attr_ref(c, DW_AT_type, &mt) &&
		    (t = peel(a, b, mt, NULL))) {
			const char *name = name_of(a, c);

			attr_udata(c, DW_AT_data_member_location, &off);
			size = size_of(a, b, t, 0);
			if (attr_udata(c, DW_AT_bit_size, &bitsize) &&
			    attr_udata(c, DW_AT_data_bit_offset, &bits))
				cl_access_map_bytes(bits, bitsize, &off, &size);
			if (at >= off && at < off + (size ? size : 1)) {
				const char *path = !name ? prefix : *prefix ?
					cl_arena_printf(&a->arena, "%s.%s", prefix, name) : name;

				if (is_record(tag_of(t)))
					found = member_at(a, b, t, at - off, base + off, path, out,
							  depth + 1);
				if (!found && *path) {
					out->member = path;
					out->offset = base + off;
					out->size = size;
					found = true;
				}
			}
			dwarf_dealloc_die(t);
		}
		next = NULL;
		if (dwarf_siblingof_b(b->in.dbg, c, true, &next, &e) != DW_DLV_OK)
			drop_error(&e);
		dwarf_dealloc_die(c);
		c = next;
	}
	if (c)
		dwarf_dealloc_die(c);
	return found;
}

/* The member at @at of the variable of type @type: a record, or an array of them. */
static const char *object_member(struct dw_addr *a, struct bin *b, const struct sym *s,
				 Dwarf_Off type, uint64_t at, struct cl_access_line *out)
{
	const char *td = NULL, *why = NULL;
	Dwarf_Die t = peel(a, b, type, &td);
	uint64_t esize;

	if (t && tag_of(t) == DW_TAG_array_type) {
		Dwarf_Off et;
		bool ok = attr_ref(t, DW_AT_type, &et);

		dwarf_dealloc_die(t);
		td = NULL;
		t = ok ? peel(a, b, et, &td) : NULL;
		esize = t ? size_of(a, b, t, 0) : 0;
		if (esize)
			at %= esize;
	}
	if (!t || !is_record(tag_of(t))) {
		why = cl_arena_printf(&a->arena, "data address in '%s', which is no struct or "
				      "array of structs", s->name);
	} else {
		out->record = name_of(a, t);
		if (!out->record)
			out->record = td;
		if (!out->record)
			why = cl_arena_printf(&a->arena, "data address in '%s', an anonymous "
					      "struct with no name to key a profile", s->name);
		else if (!member_at(a, b, t, at, 0, "", out, 0))
			why = cl_arena_printf(&a->arena, "data address at %s+0x%llx, in no "
					      "member (padding)", s->name,
					      (unsigned long long)at);
	}
	if (t)
		dwarf_dealloc_die(t);
	return why;
}

static bool data(void *ctx, uint64_t addr, struct cl_access_line *out, const char **why)
{
	struct dw_addr *a = ctx;

	*why = NULL;
	for (size_t i = 0; i < a->n; i++) {
		struct bin *b = &a->v[i];
		uint64_t f = addr - (b->has_bias ? b->bias : 0);
		size_t lo = 0, hi = b->nsyms;
		const struct sym *s = NULL;
		const struct var *v;

		if (b->dyn && !b->has_bias)
			continue;	/* where it ran is not known */
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (b->syms[mid].lo <= f)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (size_t k = lo; k-- > 0 && !s;)
			if (!b->syms[k].func && f >= b->syms[k].lo && f < b->syms[k].hi)
				s = &b->syms[k];
		if (!s)
			continue;
		v = var_at(a, b, s->lo);
		if (!v) {
			*why = cl_arena_printf(&a->arena, "data address in '%s', whose DWARF has "
					       "no variable there", s->name);
			continue;
		}
		*why = object_member(a, b, s, v->type, f - s->lo, out);
		if (!*why)
			return true;
	}
	if (!*why)
		*why = cl_arena_printf(&a->arena, "data address 0x%llx in no static object of "
				       "a --binary", (unsigned long long)addr);
	return false;
}

void dw_addr_binaries(struct dw_addr *a, struct cl_c2c_binaries *out)
{
	out->ctx = a;
	out->code = code;
	out->data = data;
}

void dw_addr_free(struct dw_addr *a)
{
	if (!a)
		return;
	for (size_t i = 0; i < a->n; i++) {
		struct bin *b = &a->v[i];

		if (b->elf)
			elf_end(b->elf);
		dw_input_close(&b->in);
		free(b->syms);
		free(b->rows);
		free(b->vars);
	}
	free(a->v);
	cl_arena_free(&a->arena);
	free(a);
}
