// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clang_offsets.c - the offsets of a record's fields, in time linear in
 * their number
 *
 * clang_Cursor_getOffsetOfField() first checks the whole parent record
 * (every field's type, recursively: validateFieldParentType() in libclang's
 * CXType.cpp) and only then asks the record layout, so asking it for every
 * field of a record of n fields costs n^2: 0.7 s for 10,000 fields, 4.2 s
 * for 20,000, minutes for 100,000 (clang_Type_getOffsetOf() checks the
 * same way).
 *
 * A record of up to DIRECT_MAX fields is asked field by field, as before.
 * In a larger one, a field is placed without asking where no ABI has a
 * choice: in a union, at 0; in a struct, right at the end of the previous
 * field (whose offset and size are known) when that end is already a
 * multiple of the field's type's alignment.  Packing, #pragma pack and
 * ms_struct only ever lower an alignment, so they cannot move such a
 * field; only an attribute on the field itself could raise it.  Everything
 * else is asked: bit-fields and the field after one, fields with aligned or
 * packed attributes, types without a size or alignment, and every field
 * that would need padding before it (there the alignment in force
 * decides).  The first and last field and SAMPLES fields spread over the
 * record are asked as a check; if an answer differs from the rule, the
 * whole record is asked field by field: slower, never different from the
 * compiler.  A struct of 100,000 fields that need no padding costs about
 * SAMPLES record checks instead of 100,000.
 */
#include "clang_internal.h"

#include <stdlib.h>

#define DIRECT_MAX 256
#define SAMPLES 64

/**
 * struct field_facts - what placing one field needs
 * @bitfield: a bit-field (also an unnamed one, which is padding)
 * @attrs: has a packed or aligned attribute
 * @size_bits: its size, valid when @known
 * @align_bits: its alignment, valid when @known
 * @known: the size and alignment of its type are known
 */
struct field_facts {
	bool bitfield, attrs, known;
	uint64_t size_bits, align_bits;
};

static enum CXChildVisitResult layout_attr(CXCursor c, CXCursor parent, CXClientData data)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_PackedAttr || k == CXCursor_AlignedAttr) {
		*(bool *)data = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

static struct field_facts facts_of(CXCursor field, bool packed)
{
	struct field_facts ff = { false, false, false, 0, 0 };
	/* the declared type: a typedef's aligned() is not in the canonical one */
	CXType t = clang_getCursorType(field);
	long long size, align;

	ff.bitfield = clang_Cursor_isBitField(field);
	if (clang_Cursor_hasAttrs(field))
		clang_visitChildren(field, layout_attr, &ff.attrs);
	if (ff.bitfield || ff.attrs)
		return ff;
	size = clang_Type_getSizeOf(t);
	align = clang_Type_getAlignOf(t);
	if (size < 0 || align <= 0)
		return ff;
	ff.size_bits = (uint64_t)size * 8;
	ff.align_bits = packed ? 8 : (uint64_t)align * 8;
	ff.known = true;
	return ff;
}

static void ask_all(const CXCursor *fields, size_t n, long long *off)
{
	for (size_t k = 0; k < n; k++)
		off[k] = clang_Cursor_getOffsetOfField(fields[k]);
}

/* The offsets by the rule above; false when libclang disagrees somewhere. */
static bool place(const CXCursor *fields, size_t n, bool is_union, bool packed, long long *off)
{
	size_t stride = n / SAMPLES + 1;
	uint64_t end = 0;
	bool end_known = false;

	for (size_t k = 0; k < n; k++) {
		struct field_facts ff = facts_of(fields[k], packed);
		bool rule = ff.known && (is_union || (end_known && end % ff.align_bits == 0));
		bool ask = !rule || k == 0 || k + 1 == n || k % stride == 0;
		uint64_t o = is_union ? 0 : end;

		if (ask) {
			long long a = clang_Cursor_getOffsetOfField(fields[k]);

			if (a < 0 || (rule && (uint64_t)a != o))
				return false;
			o = (uint64_t)a;
		}
		off[k] = (long long)o;
		if (ff.bitfield) {
			/* the next field is asked: bit-field rules differ by ABI */
			end_known = false;
		} else {
			end_known = ff.known;
			end = o + ff.size_bits;
		}
	}
	return true;
}

long long *lint_field_offsets(const CXCursor *fields, size_t n, bool is_union, bool packed)
{
	long long *off = cl_xmalloc((n + 1) * sizeof(*off));

	if (n <= DIRECT_MAX || !place(fields, n, is_union, packed, off))
		ask_all(fields, n, off);
	return off;
}
