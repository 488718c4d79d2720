// Every profile the plugin reads is a dependency of the unit: -MD, -MMD,
// -M and -MM (and Kbuild's -Wp,-MMD,FILE) list it after the source, so
// make, ninja, Kbuild's fixdep and ccache's depend mode rebuild what a
// changed profile affects.  In the order given, as given (relative to where
// the compiler runs, as headers are); not with `disable`, which reads none.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/deps.c && cp %S/Inputs/memcg.yaml %t/a.yaml && cp %S/Inputs/memcg.yaml %t/b.yaml
// RUN: cd %t && %gcc-cl -fplugin-arg-cachelint-profile=a.yaml:b.yaml -MMD -c deps.c -o deps.o 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=MMD --input-file %t/deps.d
// MMD: deps.o: deps.c a.yaml b.yaml
// MMD-NOT: {{.}}
// RUN: cd %t && %gcc-cl -fplugin-arg-cachelint-profile=%t/a.yaml -MD -MF %t/abs.d -c deps.c -o deps.o
// RUN: FileCheck %s --check-prefix=MD --input-file %t/abs.d
// MD:      deps.o: deps.c \
// MD-NEXT: {{.*}}/profile_deps.c.tmp/a.yaml \
// MD-NEXT: /usr/include/stdc-predef.h
// RUN: cd %t && %gcc-cl -fplugin-arg-cachelint-profile=a.yaml -Wp,-MMD,%t/kbuild.d -c deps.c -o deps.o
// RUN: FileCheck %s --check-prefix=MMD1 --input-file %t/kbuild.d
// MMD1: deps.o: deps.c a.yaml
// MMD1-NOT: {{.}}
// RUN: cd %t && %gcc-cl -fplugin-arg-cachelint-profile=a.yaml -MM deps.c | FileCheck %s --check-prefix=MMD1
// RUN: cd %t && %gxx-cl -x c++ -fplugin-arg-cachelint-profile=b.yaml -MMD -MF %t/cxx.d -c deps.c -o deps.o
// RUN: FileCheck %s --check-prefix=CXX --input-file %t/cxx.d
// CXX: deps.o: deps.c b.yaml
// RUN: cd %t && %gcc-cl -fplugin-arg-cachelint-profile=a.yaml -fplugin-arg-cachelint-disable -MMD -c deps.c -o deps.o
// RUN: FileCheck %s --check-prefix=DISABLE --input-file %t/deps.d
// DISABLE: deps.o: deps.c
// DISABLE-NOT: yaml
// The dependency output is the only change: the object is the one built
// without the plugin.
// RUN: cd %t && %gcc -c deps.c -o plain.o && %gcc-cl -fplugin-arg-cachelint-profile=a.yaml -MMD -c deps.c -o deps.o && cmp plain.o deps.o

struct deps_unit {
	long a;
};

struct deps_unit deps_unit_v;
