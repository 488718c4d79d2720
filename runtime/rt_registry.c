// SPDX-License-Identifier: MIT
/*
 * rt_registry.c - libcachelint-rt: the units' members, records, counters
 * and sites
 *
 * Every instrumented unit registers from a constructor
 * (__libcachelint_rt_register_v3, cachelint-rt.h): its table of members
 * ("rec\tpath\tbit-offset\tbit-size\tkind\tdefined\n"), its segments, this
 * thread's addresses of its counters, its table of sampled sites, its
 * thread start routines and its `instrument=` names.  Members are
 * program-wide: two units' counts of one member add up.  Everything here is
 * written under clrt_lock at start-up (or at dlopen()) and read at exit.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cachelint-rt.h"
#include "rt_internal.h"

/*
 * In static TLS, as every unit's counters are: a unit's counters are this
 * many bytes from clrt_anchor in every thread (cachelint-rt.h).
 */
__thread uint64_t clrt_anchor __attribute__((tls_model("initial-exec")));

struct rt_member clrt_members[RT_MEMBERS];
unsigned clrt_nmembers = 1;	/* member 0: not counted */
unsigned long clrt_dropped_members;
struct rt_unit clrt_units[RT_UNITS_MAX];
size_t clrt_nunits;
unsigned long clrt_units_dropped;
struct rt_rec clrt_recs[RT_RECS_MAX];
unsigned clrt_nrecs;
/* thread start routines of the units: address, name */
void **clrt_routines;
size_t clrt_nroutines;
/* `instrument=` names: "name\tS\n" (a unit saw it) or "name\tU\n", each once */
static char *names;

#define RT_HASH_SIZE (2 * RT_MEMBERS)
static unsigned member_hash[RT_HASH_SIZE];	/* member index, 0 = free */

static unsigned long hash_key(const char *rec, size_t rlen, const char *path, size_t plen)
{
	unsigned long h = 14695981039346656037ul;

	for (size_t i = 0; i < rlen; i++)
		h = (h ^ (unsigned char)rec[i]) * 1099511628211ul;
	h = (h ^ '\t') * 1099511628211ul;
	for (size_t i = 0; i < plen; i++)
		h = (h ^ (unsigned char)path[i]) * 1099511628211ul;
	return h;
}

static bool same(const char *s, const char *p, size_t len)
{
	return !strncmp(s, p, len) && !s[len];
}

/*
 * The record @name defined at @defined with @kind ("s:SIZE",
 * "v:ELEMENT:COUNT"); added when new.  RT_RECS_MAX when there is no room.
 */
static unsigned rec_find(const char *name, size_t nlen, const char *defined, size_t dlen,
			 const char *kind)
{
	struct rt_rec *r;
	bool twin = false;

	for (unsigned i = 0; i < clrt_nrecs; i++) {
		r = &clrt_recs[i];
		if (!same(r->name, name, nlen) || r->variable != (kind[0] == 'v'))
			continue;
		/*
		 * A variable is one by its name (two units' statics of one
		 * name are written as one); a struct by its members too.
		 */
		if (r->variable || !strcmp(r->kind, kind))
			return i;
		twin = r->twin = true;
	}
	if (clrt_nrecs == RT_RECS_MAX)
		return RT_RECS_MAX;
	r = &clrt_recs[clrt_nrecs];
	r->name = strndup(name, nlen);
	r->kind = strdup(kind);
	r->defined = strndup(defined, dlen);
	if (!r->name || !r->defined || !r->kind) {
		free(r->name);
		free(r->kind);
		free(r->defined);
		return RT_RECS_MAX;
	}
	r->twin = twin;
	r->variable = kind[0] == 'v';
	r->size = strtoull(kind + 2, NULL, 10);
	r->elements = r->variable ? strtoull(strchr(kind + 2, ':') ?
					     strchr(kind + 2, ':') + 1 : "1", NULL, 10) : 1;
	return clrt_nrecs++;
}

/* The index of member @path of record @rid, added when new; 0 when there is no room. */
static unsigned member_find(unsigned rid, const char *path, size_t plen, uint64_t bit_offset,
			    uint64_t bit_size)
{
	const struct rt_rec *r = &clrt_recs[rid];
	size_t rlen = strlen(r->name);
	unsigned long h = (hash_key(r->name, rlen, path, plen) ^ rid) % RT_HASH_SIZE;
	struct rt_member *m;

	for (; member_hash[h]; h = (h + 1) % RT_HASH_SIZE) {
		m = &clrt_members[member_hash[h]];
		if (m->rid == rid && same(m->path, path, plen))
			return member_hash[h];
	}
	if (clrt_nmembers == RT_MEMBERS)
		return 0;
	m = &clrt_members[clrt_nmembers];
	m->rec = r->name;
	m->path = strndup(path, plen);
	if (!m->path)
		return 0;
	m->rid = rid;
	m->bit_offset = bit_offset;
	m->bit_size = bit_size;
	member_hash[h] = clrt_nmembers;
	return clrt_nmembers++;
}

/*
 * A unit's `instrument=` names (cachelint-rt.h): each added to names
 * once, as seen when any unit saw it.
 */
static void names_add(const char *list)
{
	for (const char *s = list; s && *s;) {
		const char *tab = strchr(s, '\t'), *nl = tab ? strchr(tab, '\n') : NULL;
		size_t n, have = names ? strlen(names) : 0;
		char *at = NULL, *v;

		if (!tab || !nl || nl != tab + 2)
			return;
		n = (size_t)(tab - s);
		for (char *r = names; r && *r; r = strchr(r, '\n') + 1)
			if (!strncmp(r, s, n) && r[n] == '\t') {
				at = r;
				break;
			}
		if (at) {
			if (tab[1] == 'S')
				at[n + 1] = 'S';
		} else if ((v = realloc(names, have + n + 4))) {
			memcpy(v + have, s, n + 3);
			v[have + n + 3] = 0;
			names = v;
		}
		s = nl + 1;
	}
}

void clrt_names_report(void)
{
	if (clrt_units_dropped)
		fprintf(stderr, "cachelint-rt: %lu instrumented unit%s past the first %d not counted: the profile misses %s accesses (units-dropped)\n",
			clrt_units_dropped, clrt_units_dropped == 1 ? "" : "s", RT_UNITS_MAX,
			clrt_units_dropped == 1 ? "its" : "their");
	for (const char *r = names; r && *r; r = strchr(r, '\n') + 1) {
		const char *tab = strchr(r, '\t');

		if (tab[1] == 'U')
			fprintf(stderr, "cachelint-rt: instrument=%.*s: no unit of this program counted an access of a struct, typedef or variable of that name: nothing counted for it\n",
				(int)(tab - r), r);
	}
}

/* The length of a table of @nsegs segments (cachelint-rt.h). */
static size_t segments_length(const unsigned *segs, unsigned nsegs)
{
	size_t len = 0;

	for (unsigned s = 0; s < nsegs; s++)
		len += 1 + 2 * (size_t)segs[len];
	return len;
}

/* The next field of a member line, up to @sep: its start, *@len; NULL at the line's end. */
static const char *field(const char **s, char sep, size_t *len)
{
	const char *f = *s, *e = f;

	while (*e && *e != sep && *e != '\n')
		e++;
	if (*e != sep)
		return NULL;
	*len = (size_t)(e - f);
	*s = e + 1;
	return f;
}

/*
 * Member @k of a unit's table at *@s ("rec\tpath\tbit-offset\tbit-size\t
 * kind\tdefined\n", cachelint-rt.h): its program-wide index, 0 when it
 * is not counted.  *@s moves to the next line; false at a malformed one.
 */
static bool member_line(const char **s, unsigned *m)
{
	const char *rec, *path, *bits, *size, *kind, *defined;
	size_t rlen, plen, blen, slen, klen, dlen;
	char kbuf[64];
	unsigned rid;

	if (!(rec = field(s, '\t', &rlen)) || !(path = field(s, '\t', &plen)) ||
	    !(bits = field(s, '\t', &blen)) || !(size = field(s, '\t', &slen)) ||
	    !(kind = field(s, '\t', &klen)) || !(defined = field(s, '\n', &dlen)) ||
	    klen < 3 || klen >= sizeof(kbuf))
		return false;
	memcpy(kbuf, kind, klen);
	kbuf[klen] = 0;
	rid = rec_find(rec, rlen, defined, dlen, kbuf);
	*m = rid == RT_RECS_MAX ? 0 : member_find(rid, path, plen, strtoull(bits, NULL, 10),
						   strtoull(size, NULL, 10));
	return true;
}

/* A unit's thread start routines: address and name, @n of them. */
static void routines_add(void *const *routines, unsigned n)
{
	void **v;

	if (!n)
		return;
	v = realloc(clrt_routines, 2 * (clrt_nroutines + n) * sizeof(*v));
	if (!v)
		return;
	clrt_routines = v;
	memcpy(v + 2 * clrt_nroutines, routines, 2 * (size_t)n * sizeof(*v));
	clrt_nroutines += n;
}

/*
 * A unit: its @nmembers members (cachelint-rt.h), its @nsegs segments, its
 * counters as this thread sees them (2k: member k's reads, 2k + 1: its
 * writes, 2 * nmembers + s: segment s; NULL: none), its table of sampled
 * sites and its number *@unitp, its thread start routines.
 */
RT_EXPORT void __libcachelint_rt_register_v3(const char *members, unsigned int nmembers,
					     const unsigned int *segs, unsigned int nsegs,
					     uint64_t *const *counters, const unsigned int *sites,
					     unsigned int *unitp, void *const *routines,
					     unsigned int nroutines, const char *list)
{
	const char *s = members;
	size_t ncounters = 2 * (size_t)nmembers + nsegs, seglen = segments_length(segs, nsegs);
	struct rt_unit *unit;
	sigset_t old;

	clrt_init_once();
	clrt_lock_take(&old);
	routines_add(routines, nroutines);
	names_add(list);
	if (clrt_nunits == RT_UNITS_MAX) {
		clrt_units_dropped++;
		clrt_lock_drop(&old);
		return;
	}
	unit = &clrt_units[clrt_nunits];
	unit->members = calloc(nmembers ? nmembers : 1, sizeof(*unit->members));
	unit->segs = malloc((seglen ? seglen : 1) * sizeof(*unit->segs));
	unit->offsets = calloc(ncounters + 1, sizeof(*unit->offsets));
	if (!unit->members || !unit->segs || !unit->offsets) {
		free(unit->members);
		free(unit->segs);
		free(unit->offsets);
		clrt_lock_drop(&old);
		fprintf(stderr, "cachelint-rt: out of memory: the %u members of a unit are not counted\n",
			nmembers);
		return;
	}
	memcpy(unit->segs, segs, seglen * sizeof(*unit->segs));
	for (size_t c = 0; c < ncounters; c++)
		unit->offsets[c] = counters[c] ? (char *)counters[c] - (char *)&clrt_anchor :
						 RT_NO_COUNTER;
	unit->n = nmembers;
	unit->nsegs = nsegs;
	unit->sites = sites;
	for (unsigned k = 0; k < nmembers && *s; k++) {
		unsigned m;

		if (!member_line(&s, &m))
			break;
		if (!m)
			clrt_dropped_members++;
		unit->members[k] = m;
	}
	clrt_nunits++;
	/* the unit's samples count from now on */
	if (unitp)
		__atomic_store_n(unitp, (unsigned)clrt_nunits, __ATOMIC_RELEASE);
	clrt_lock_drop(&old);
}
