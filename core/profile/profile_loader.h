/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * profile_loader.h - the profile loader's reading tools, shared by the
 * files that read parts of a profile (profile.c, profile_objects.c)
 *
 * Internal to core/: front ends use access_profile.h.  The loader reads
 * libyaml events by recursive descent; every function here starts on the
 * current event and leaves the loader on the last event of what it read.
 * Errors go through ld_err_at()/ld_err_here(), which fill the caller's
 * &struct cl_diag with file:line:col and return -1.
 */
#ifndef CACHELINT_PROFILE_LOADER_H
#define CACHELINT_PROFILE_LOADER_H

#include <stdbool.h>
#include <stdint.h>

#include <yaml.h>

#include "access_profile.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/*
 * A path use whose reads or writes were counted (read: {p: N}), as the
 * loader marks it: infer_struct() picks the uses from the counts, and the
 * entry's inference keeps the uses as loaded, with the bit, so that later
 * thresholds (and cachelint merge, which adds the counts up) see them.
 * Nothing outside core/profile/ ever sees it.
 */
#define LD_USE_COUNTED (1u << 31)

/* a name in a message: at most SHOW_CHARS characters, each at most 4 bytes */
#define SHOW_CHARS 44
#define SHOW_MAX (SHOW_CHARS * 4 + 4)

struct keyset;
struct ctn_section;

/**
 * struct loader - the state of one cl_profile_load*() call
 * @parser: the libyaml event parser
 * @ev: the current event
 * @have_ev: @ev holds an event that must be deleted
 * @p: the profile that receives the file; its arena gets the strings now
 * @tmp: what this file says so far; its @line_size and @thresholds are the
 *       file's, or @p's where the file sets none, and its arena is unused
 * @name: the file name for errors and spans, in @p's arena
 * @file: the input of a file load (for read errors), NULL for a buffer
 * @buf: the input of a buffer load, to read a line again for an error
 * @buflen: bytes in @buf
 * @err: where a failure is described
 * @paths: index of the members of the struct being read, for duplicates;
 *         one struct is read at a time since a file names each one once
 * @struct_lines: per struct of @tmp, the line where "structs" names it, or
 *                0; finds duplicate struct keys without copying the names
 * @struct_lines_cap: entries allocated in @struct_lines
 * @has_version: the file said "cachelint-profile: 1"
 * @statik: the file said "evidence: static": its structs' entries were
 *	inferred from the code (core/infer), and any other evidence for a
 *	struct outranks them
 * @set_write_hot: the file sets thresholds.write-hot
 * @set_read_mostly: the file sets thresholds.read-mostly
 * @set_min_accesses: the file sets thresholds.min-accesses
 * @samples: the file says `counts: samples`: its counts are perf samples,
 *           which the floor of min-accesses (accesses) does not weigh
 * @set_min_transfers, @set_min_samples, @set_min_share: likewise, the
 *                    contention floor's thresholds
 * @concurrent_cap: allocated @tmp.concurrent
 * @contention_section: while a contention: section is read, its header
 *                      (contention_read.c)
 */
struct loader {
	yaml_parser_t parser;
	yaml_event_t ev;
	bool have_ev;
	struct cl_profile *p;
	struct cl_profile tmp;
	const char *name;
	FILE *file;
	const char *buf;
	size_t buflen;
	struct cl_diag *err;
	struct cl_index paths;
	unsigned *struct_lines;
	size_t struct_lines_cap;
	bool has_version;
	bool statik;
	bool set_write_hot, set_read_mostly, set_min_accesses;
	bool samples;
	bool set_min_transfers, set_min_samples, set_min_share;
	size_t concurrent_cap;
	struct ctn_section *contention_section;
};

/* Called with the current event on a key; reads the key's value. */
typedef int (*key_fn)(struct loader *ld, const struct cl_span *at,
		      const char *key, void *arg);
/* Called with the current event on the value of @key. */
typedef int (*value_fn)(struct loader *ld, const char *key, void *arg);

/**
 * struct key_handler - one fixed key of a mapping
 * @key: its name
 * @parse: reads its value
 */
struct key_handler {
	const char *key;
	value_fn parse;
};

/**
 * struct key_table - the fixed keys of one kind of mapping
 * @keys: names and the parsers of their values, in the order that
 *        "unknown ..." errors list them
 * @n: number of @keys
 * @what: what a key is called in those errors
 */
struct key_table {
	const struct key_handler *keys;
	size_t n;
	const char *what;
};

/*
 * LD_KEYS(name, what, { "key", parse }, ...) - define the static
 * &struct key_table @name of the keys given; ld_parse_keys() reads it.
 */
#define LD_KEYS(name, what, ...)						\
	static const struct key_handler name##_keys[] = { __VA_ARGS__ };	\
	static const struct key_table name = {					\
		name##_keys, ARRAY_SIZE(name##_keys), what,			\
	}

/* @s for a message, quoted; @buf holds the text. */
const char *ld_show(char buf[SHOW_MAX], const char *s);

/* Fail at @at (NULL: about the whole file), or at the current event. */
__attribute__((format(printf, 3, 4)))
int ld_err_at(struct loader *ld, const struct cl_span *at, const char *fmt, ...);
__attribute__((format(printf, 2, 3)))
int ld_err_here(struct loader *ld, const char *fmt, ...);
int ld_dup_error(struct loader *ld, const struct cl_span *at, const char *key,
		 unsigned first);

/* Where the current event is. */
struct cl_span ld_here(const struct loader *ld);
/* "a scalar", "a mapping"...: what the schema found instead. */
const char *ld_node_kind(yaml_event_type_t type);
int ld_next(struct loader *ld);
const char *ld_scalar_text(const struct loader *ld);
/* The current event as the scalar value of @key, or NULL after an error. */
const char *ld_scalar_value(struct loader *ld, const char *key);
bool ld_parse_u64(const char *s, uint64_t *out);
/* "0.01", "1", ".5", "5e-3", whatever the locale. */
bool ld_parse_decimal(const char *s, double *out);
/* An integer from 0 to 2^64-1, the value of @key. */
int ld_count_value(struct loader *ld, const char *key, uint64_t *out);
/* A member path ("usage.counter"), the value of @key, copied to the arena. */
int ld_path_value(struct loader *ld, const char *key, const char **out);
/*
 * Text a profile gives in its own words (an allocation site, a from:) is
 * printed as given, in diagnostics a terminal or a CI log reads: a newline
 * or an escape there could forge a line or drive the terminal.  0 when @s,
 * the value of @key, prints as itself (cl_name_plain()), else the error.
 */
int ld_text_check(struct loader *ld, const char *key, const char *s);
/* The largest alignment an object's base may be said to have: the runtime reports at most a page. */
#define LD_BASE_ALIGN_MAX 4096
/* A power of two from 1 to LD_BASE_ALIGN_MAX (base-align:), the value of @key. */
int ld_align_value(struct loader *ld, const char *key, uint64_t *out);
/*
 * A line size, a power of two from CL_LINE_SIZE_MIN to CL_LINE_SIZE_MAX
 * (line-size: of the top level, of objects: and of contention:), the
 * value of @key.
 */
int ld_line_size_value(struct loader *ld, const char *key, uint64_t *out);
/*
 * One access in how many the runtime recorded (sample: of objects: and of
 * contention:), an integer from 1, the value of @key.
 */
int ld_sample_value(struct loader *ld, const char *key, uint64_t *out);
/* A key handler @fn that reads field @field of the @type at arg with @read. */
#define LD_FIELD_FN(fn, type, field, read)				\
	static int fn(struct loader *ld, const char *key, void *arg)	\
	{								\
		return read(ld, key, &((type *)arg)->field);		\
	}
/* The same for a key whose presence counts too: it sets @flag first. */
#define LD_FLAG_FIELD_FN(fn, type, flag, field, read)			\
	static int fn(struct loader *ld, const char *key, void *arg)	\
	{								\
		((type *)arg)->flag = true;				\
		return read(ld, key, &((type *)arg)->field);		\
	}
/* A key handler @fn that reads a paths: list into @paths and @npaths of the @type at arg. */
#define LD_PATHS_FN(fn, type)						\
	static int fn(struct loader *ld, const char *key, void *arg)	\
	{								\
		return ld_paths_value(ld, key, &((type *)arg)->paths,	\
				      &((type *)arg)->npaths);		\
	}
/*
 * A key table from one list, its rows and its handlers said once: the
 * list LIST(F, H, T) names each key of the table in order, F(T, fn, key,
 * field, read) for a key that fills @field of the table's type T with
 * @read (its handler @fn made by LD_FIELD_FN), H(T, fn, key) for one
 * whose handler @fn is written by hand.  LD_FIELD_TABLE(name, what, type,
 * LIST) makes the handlers and the table; LD_FIELD_FNS(type, LIST) the
 * handlers alone, for a table of LIST(LD_ROW, LD_ROW, type) and more rows.
 */
#define LD_FIELD_DEF(type, fn, key, field, read) LD_FIELD_FN(fn, type, field, read)
#define LD_ROW(type, fn, key, ...)	{ key, fn },
#define LD_SKIP(...)
#define LD_FIELD_FNS(type, LIST)	LIST(LD_FIELD_DEF, LD_SKIP, type)
#define LD_FIELD_TABLE(name, what, type, LIST)				\
	LD_FIELD_FNS(type, LIST)					\
	LD_KEYS(name, what, LIST(LD_ROW, LD_ROW, type))
/* "lruvec.pgdat": identifiers joined by dots. */
bool ld_valid_path(const char *s);
int ld_check_struct_name(struct loader *ld, const struct cl_span *at, const char *name);
/* A variable key: one identifier, as C names a variable. */
int ld_check_variable_name(struct loader *ld, const struct cl_span *at, const char *name);
/* Path @name as annotations spell it; its length in @len. */
int ld_path_name(struct loader *ld, const char *name, size_t *len, bool *concurrent);

/*
 * The current event must start a mapping; @fn is called on each key.
 * ld_mapping_walk() finds duplicate keys with @ks (NULL: @fn does),
 * ld_parse_mapping() with a keyset of its own.
 */
int ld_mapping_walk(struct loader *ld, const char *key, key_fn fn, void *arg,
		    struct keyset *ks);
int ld_parse_mapping(struct loader *ld, const char *key, key_fn fn, void *arg);
/*
 * The current event must start a list, @what in the error ("a list of
 * pairs"); @item reads each of its items, with @arg.
 */
int ld_parse_list(struct loader *ld, const char *key, const char *what,
		  int (*item)(struct loader *ld, void *arg), void *arg);
/*
 * The same, for a mapping of the fixed keys of @t: each key's handler reads
 * its value, with @arg; an unknown key is an error that lists @t's keys.
 */
int ld_parse_keys(struct loader *ld, const char *key, const struct key_table *t, void *arg);
/*
 * An item of a pairs: list, a mapping of @t's keys into @pair, which must
 * name both members: @write and @access point at those fields of @pair.
 */
int ld_parse_pair(struct loader *ld, const struct key_table *t, void *pair,
		  const char *const *write, const char *const *access);

/* profile_objects.c: the value of the top-level objects: key, into ld->tmp. */
int ld_parse_objects(struct loader *ld, const char *key, void *arg);
/* A paths: list, each name once, copied into the profile's arena. */
int ld_paths_value(struct loader *ld, const char *key, const char ***names, uint32_t *n);
/* contention_read.c: the value of the top-level contention: key, into ld->tmp. */
int ld_parse_contention(struct loader *ld, const char *key, void *arg);
/* profile_budgets.c: the value of the top-level lines: key, into ld->tmp. */
int ld_parse_lines(struct loader *ld, const char *key, void *arg);
/* Add @from's budgets to @to's, a later one replacing an earlier one. */
void cl_budgets_layer(struct cl_profile *to, const struct cl_profile *from);
/* Free @p's budgets and their indexes (cl_profile_free() resets the fields). */
void cl_budgets_free(struct cl_profile *p);

/* Layer @from's objects on @to's; the strings are in @to's arena already. */
void cl_objects_layer(struct cl_objects *to, struct cl_objects *from);
void cl_objects_free(struct cl_objects *o);
/*
 * The most lines @n elements of @size bytes cover on lines of @line bytes,
 * wherever they start (0: not said, or too many to say): a bound on a
 * variable's lines:, which the loader refuses to see passed.
 */
uint64_t cl_objects_lines_bound(uint64_t size, uint64_t n, uint64_t line);

/*
 * The store's services to the schema (profile.c): the struct entry of
 * @name in @p, made on first mention; its members by path (an index over
 * @s->members hashed by ld_path_hash()); a member pushed and the spare
 * room trimmed once the struct is read; the FILE:LINE of a key's '@' part.
 */
struct cl_profile_struct *ld_struct_add(struct cl_profile *p, const char *name,
					const struct cl_span *span);
uint64_t ld_path_hash(const void *ctx, size_t i);
size_t *ld_path_slot(const struct cl_index *x, const struct cl_profile_struct *s,
		     const char *path);
struct cl_profile_member *ld_member_push(struct cl_profile_struct *s);
void ld_members_trim(struct cl_profile_struct *s);
bool ld_key_place(const char *s, size_t *file_len, unsigned *line);
/* A decimal digit, as the loader's numbers take them. */
bool ld_is_digit(char c);
/*
 * The top level of a profile (profile_schema.c): the root mapping, each
 * key by the schema's table; the loader is on the root's first event.
 */
int ld_load_root(struct loader *ld);

#endif /* CACHELINT_PROFILE_LOADER_H */
