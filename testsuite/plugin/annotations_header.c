// annotations/cachelint.h compiles warning-free, with every warning turned
// into an error, under GCC alone, GCC with the plugin, and clang (which gets
// annotate + btf_decl_tag attributes).  An existing __read_mostly (the
// kernel's section attribute) is left alone.
// RUN: %gcc -std=gnu11 -Wall -Wextra -Werror -I%annotations -c %s -o %t.gcc.o
// RUN: %gcc-cl -std=gnu11 -Wall -Wextra -Werror -c %s -o %t.plugin.o 2>&1 | %check --allow-empty
// RUN: %clang -std=gnu11 -Wall -Wextra -Werror -I%annotations -c %s -o %t.clang.o
// RUN: %gxx -std=gnu++17 -Wall -Wextra -Werror -I%annotations -x c++ -c %s -o %t.gxx.o
// clang++ ignores btf_decl_tag (with a warning): C++ gets annotate alone.
// RUN: %clang -x c++ -std=gnu++17 -Wall -Wextra -Werror -I%annotations -c %s -o %t.clangxx.o
// RUN: %clang -x c++ -std=gnu++17 -I%annotations -Xclang -ast-dump -fsyntax-only %s | FileCheck %s --check-prefix=ASTXX --implicit-check-not=BTFDeclTagAttr
// ASTXX: FieldDecl {{.*}} hits 'long'
// ASTXX-NEXT: AnnotateAttr {{.*}} "cachelint:write_hot:stats"
// RUN: %gxx-cl -std=gnu++17 -Wall -Wextra -Werror -x c++ -c %s -o %t.gxx-plugin.o 2>&1 | %check --allow-empty
// RUN: %gcc-cl -std=gnu11 -DCONTROL -c %s -o %t.control.o 2>&1 | %check --check-prefixes=CONTROL,CONTROL-CEILING
// RUN: %gxx-cl -std=gnu++17 -DCONTROL -x c++ -c %s -o %t.control-gxx.o 2>&1 | %check --check-prefixes=CONTROL,CONTROL-CEILING
// The kernel defines __read_mostly first: a variable keeps its section.
// RUN: %gcc -std=gnu11 -Wall -Werror -DKERNEL_FIRST -I%annotations -I%inputs -c %s -o %t.kernel.o
// RUN: objdump -t %t.kernel.o | FileCheck %s --check-prefix=SECTION
// SECTION: .data..read_mostly{{.*}}tunable
// RUN: %gcc-cl -std=gnu11 -Wall -Werror -DKERNEL_FIRST -I%inputs -c %s -o %t.kernel-plugin.o 2>&1 | %check --allow-empty
// RUN: %gcc-cl -std=gnu11 -DCONTROL -DKERNEL_FIRST -I%inputs -c %s -o %t.kernel-control.o 2>&1 | %check --check-prefix=CONTROL
// clang sees the annotations as annotate attributes on the fields:
// RUN: %clang -std=gnu11 -I%annotations -Xclang -ast-dump -fsyntax-only %s | FileCheck %s --check-prefix=AST
// AST: FieldDecl {{.*}} hits 'long'
// AST-NEXT: AnnotateAttr {{.*}} "cachelint:write_hot:stats"
// AST-NEXT: BTFDeclTagAttr {{.*}} "cachelint:write_hot:stats"
// AST: FieldDecl {{.*}} limit 'long'
// AST-NEXT: AnnotateAttr {{.*}} "cachelint:read_mostly"
// AST: FieldDecl {{.*}} rate 'long'
// AST-NEXT: AnnotateAttr {{.*}} "cachelint:write_hot"
#ifdef KERNEL_FIRST
#include "kernel_read_mostly.h"
#endif
#include "cachelint.h"

// The positive control: without the suppression (-DCONTROL) the plugin has
// read every annotation above -- the two write-hot fields, the field marked
// __read_mostly_field and, unless the kernel's comes first, __read_mostly.
#ifdef CONTROL
#define TUNED_SUPPRESS
#else
#define TUNED_SUPPRESS __cachelint_suppress("all")
#endif
struct TUNED_SUPPRESS tuned {
	long hits __write_hot_group("stats");
	long limit __read_mostly_field;
	long rate __write_hot;
#ifndef KERNEL_FIRST
	long ceiling __read_mostly;
#endif
};

#ifdef KERNEL_FIRST
int tunable __read_mostly = 1;
#endif

long use(struct tuned *t)
{
	return t->hits + t->limit + t->rate;
}

// CONTROL:                 annotations_header.c:47:14: warning: read-mostly field 'limit' shares cache line 0 (bytes 0-63) of 'struct tuned' with write-hot field 'hits' [cachelint-false-sharing]
// CONTROL-NEXT:            annotations_header.c:46:14: note: 'hits' is written on hot paths (write group 'stats')
// CONTROL-NEXT:            annotations_header.c:47:14: warning: read-mostly field 'limit' {{.*}} 'rate' [cachelint-false-sharing]
// CONTROL-NEXT:            annotations_header.c:48:14: note: 'rate' is written on hot paths
// CONTROL-CEILING-NEXT:    annotations_header.c:50:14: warning: read-mostly field 'ceiling' {{.*}} 'hits' [cachelint-false-sharing]
// CONTROL-CEILING-NEXT:    annotations_header.c:46:14: note: 'hits' is written on hot paths (write group 'stats')
// CONTROL-CEILING-NEXT:    annotations_header.c:50:14: warning: read-mostly field 'ceiling' {{.*}} 'rate' [cachelint-false-sharing]
// CONTROL-CEILING-NEXT:    annotations_header.c:48:14: note: 'rate' is written on hot paths
