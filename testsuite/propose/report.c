// With `propose`, the YAML report carries each struct's proposal: the new
// order, the alignments added, sizes and lines before and after, and the
// proposed struct as C; or why there is none.
// RUN: %gcc-cl -fplugin-arg-cachelint-propose -fplugin-arg-cachelint-report=%t.yaml -fsyntax-only %s 2>/dev/null
// RUN: FileCheck %s --input-file %t.yaml
// RUN: %python -c "import sys, yaml; d = yaml.safe_load(open(sys.argv[1])); p = d['structs'][0]['proposal']; assert p['size'] == {'before': 24, 'after': 128}, p; print(p['text'])" %t.yaml | FileCheck %s --check-prefix=TEXT --match-full-lines
#include "cachelint.h"

struct conn {
	long refs __write_hot;
	int state __read_mostly;
	long next;
};

struct bits {
	unsigned w:3 __write_hot, r:5 __read_mostly;
};

// CHECK:      - struct: "struct conn"
// CHECK:          message: "read-mostly field 'state' shares cache line 0 (bytes 0-63) of 'struct conn' with write-hot field 'refs' [cachelint-false-sharing]"
// CHECK:        proposal:
// CHECK-NEXT:      order: ["state", "next", "refs"]
// CHECK-NEXT:      aligned: {"refs": 64}
// CHECK-NEXT:      size: {before: 24, after: 128}
// CHECK-NEXT:      cachelines: {before: 1, after: 2}
// CHECK-NEXT:      text: "struct conn {\n\tint state __read_mostly;\n\tlong next;\n\tlong refs __write_hot __attribute__((__aligned__(64)));\n};\n"
// CHECK:      - struct: "struct bits"
// CHECK:        proposal:
// CHECK-NEXT:      none: "a class made only of bit-fields cannot be aligned to a line: add a member to it or move it into a struct of its own"

// TEXT:struct conn {
// TEXT-NEXT:	int state __read_mostly;
// TEXT-NEXT:	long next;
// TEXT-NEXT:	long refs __write_hot __attribute__((__aligned__(64)));
// TEXT-NEXT:};
