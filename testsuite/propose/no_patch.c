// Where the source cannot be rewritten faithfully, the proposal is a note
// that says why, and GCC prints no patch -- never a corrupt one (the
// failure mode of clang-reorder-fields and Go's fieldalignment).
// RUN: %gcc-cl -DSEVERAL -fplugin-arg-cachelint-propose -fdiagnostics-generate-patch -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=SEVERAL --implicit-check-not=+++
// RUN: %gcc-cl -DBITS -fplugin-arg-cachelint-propose -fdiagnostics-generate-patch -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=BITS --implicit-check-not=+++
// RUN: %gcc-cl -DIFDEF -fplugin-arg-cachelint-propose -fdiagnostics-generate-patch -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=IFDEF --implicit-check-not=+++
// RUN: %gcc-cl -DMACRO -fplugin-arg-cachelint-propose -fdiagnostics-generate-patch -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=MACRO --implicit-check-not=+++
// RUN: %gcc-cl -DUNNAMED -fplugin-arg-cachelint-propose -fdiagnostics-generate-patch -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=UNNAMED --implicit-check-not=+++
// RUN: %gcc-cl -DONELINE -fplugin-arg-cachelint-propose -fdiagnostics-generate-patch -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=ONELINE --implicit-check-not=+++
// RUN: %gcc-cl -DPACKED -fplugin-arg-cachelint-propose -fdiagnostics-generate-patch -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=PACKED --implicit-check-not=+++
#include "cachelint.h"

#ifdef SEVERAL
struct several {
	long hot __write_hot;
	long a __read_mostly, b __read_mostly;
};
// SEVERAL: note: no patch is offered for 'struct several': several fields are declared in one declaration ('int a, b;'): they cannot move apart
#endif

#ifdef BITS
struct bits {
	long hot __write_hot;
	unsigned x:3 __read_mostly, y:5 __read_mostly;
	char pad[64];
};
// BITS: note: no patch is offered for 'struct bits': a class made only of bit-fields cannot be aligned to a line: add a member to it or move it into a struct of its own
#endif

#ifdef IFDEF
struct ifdef {
	long hot __write_hot;
#ifdef IFDEF
	long rm __read_mostly;
#endif
	char pad[64];
};
// IFDEF: note: no patch is offered for 'struct ifdef': a preprocessor line (#if, #ifdef, #define ...) inside the struct: fields may depend on it
#endif

#ifdef MACRO
#define COUNTER(name) long name __write_hot
struct macro {
	COUNTER(hits);
	long rm __read_mostly;
	char pad[64];
};
// MACRO: note: no patch is offered for 'struct macro': a field is produced by a macro expansion: its text is not in the struct
#endif

#ifdef UNNAMED
struct unnamed {
	long hot __write_hot;
	unsigned :4;
	long rm __read_mostly;
	char pad[64];
};
// UNNAMED: note: no patch is offered for 'struct unnamed': the struct holds declarations that are not fields (an unnamed bit-field, a static assertion) whose place matters
#endif

#ifdef ONELINE
struct oneline {
	long hot __write_hot; long rm __read_mostly;
	char pad[64];
};
// ONELINE: note: no patch is offered for 'struct oneline': a declaration is followed by more code on its line
#endif

#ifdef PACKED
struct __attribute__((packed)) packed {
	long hot __write_hot;
	long rm __read_mostly;
	char pad[64];
};
// PACKED: note: no patch is offered for 'struct packed': a packed struct is usually a wire or hardware format: its order is not cachelint's to change
#endif

// "unsigned x:3, y:5;" with a read-mostly and a write-hot bit-field: the
// engine splits the run (split_bitfields.c), but then one of the two would
// have to start a line, and a bit-field cannot be aligned.  Pinned, the run
// cannot move at all.
// RUN: %gcc-cl -DMIXEDBITS -fplugin-arg-cachelint-propose -fdiagnostics-generate-patch -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=MIXEDBITS --implicit-check-not=+++
// RUN: %gcc-cl -DPINNEDBITS -fplugin-arg-cachelint-propose -fdiagnostics-generate-patch -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=PINNEDBITS --implicit-check-not=+++
#ifdef MIXEDBITS
struct mixedbits {
	unsigned x:3 __write_hot, y:5 __read_mostly;
};
// MIXEDBITS: note: no patch is offered for 'struct mixedbits': a class made only of bit-fields cannot be aligned to a line: add a member to it or move it into a struct of its own
#endif
#ifdef PINNEDBITS
struct pinnedbits {
	unsigned x:3 __write_hot, y:5 __read_mostly;
	long id __cachelint_pin;
	long more;
};
// PINNEDBITS: note: no patch is offered for 'struct pinnedbits': read-mostly and write-hot bit-fields (or two write groups) share one run of bit-fields: declare them apart first
#endif

// A C++ class with a base: the base stays first (the ABI places it), and it
// is no declaration of the body to patch.  Virtual bases come after the
// fields: no proposal.
// RUN: %gxx-cl -DBASES -x c++ -fplugin-arg-cachelint-propose -fdiagnostics-generate-patch -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=BASES --implicit-check-not=+++
#ifdef BASES
struct base {
	long id;
};
struct derived : base {
	long hot __write_hot;
	long rm __read_mostly;
};
// BASES: note: no patch is offered for 'struct derived': a C++ class with base classes or a vptr, which are not declarations of its body; proposed order: <base base>, rm, hot; 'hot' aligned to 64 bytes; 24 -> 128 bytes, 1 -> 2 cache lines
struct vderived : virtual base {
	long hot __write_hot;
	long rm __read_mostly;
};
// BASES: note: no patch is offered for 'struct vderived': a C++ class whose virtual bases the ABI places after its fields: their place is not the body's order
#endif
