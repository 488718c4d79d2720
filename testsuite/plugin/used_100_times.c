// A struct used 100 times in one translation unit is reported once.
// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
#include "cachelint.h"

struct hot {
	long w __write_hot;
	long r __read_mostly;
// CHECK: :[[#@LINE-1]]:14: warning: read-mostly field 'r' shares cache line 0 (bytes 0-63) of 'struct hot' with write-hot field 'w' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-3]]:14: note: 'w' is written on hot paths
};

struct hot g0;
long f1(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g2;
long f3(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g4;
long f5(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g6;
long f7(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g8;
long f9(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g10;
long f11(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g12;
long f13(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g14;
long f15(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g16;
long f17(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g18;
long f19(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g20;
long f21(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g22;
long f23(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g24;
long f25(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g26;
long f27(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g28;
long f29(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g30;
long f31(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g32;
long f33(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g34;
long f35(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g36;
long f37(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g38;
long f39(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g40;
long f41(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g42;
long f43(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g44;
long f45(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g46;
long f47(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g48;
long f49(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g50;
long f51(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g52;
long f53(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g54;
long f55(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g56;
long f57(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g58;
long f59(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g60;
long f61(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g62;
long f63(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g64;
long f65(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g66;
long f67(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g68;
long f69(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g70;
long f71(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g72;
long f73(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g74;
long f75(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g76;
long f77(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g78;
long f79(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g80;
long f81(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g82;
long f83(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g84;
long f85(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g86;
long f87(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g88;
long f89(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g90;
long f91(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g92;
long f93(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g94;
long f95(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g96;
long f97(struct hot *p) { return p->r + sizeof(struct hot); }
struct hot g98;
long f99(struct hot *p) { return p->r + sizeof(struct hot); }
