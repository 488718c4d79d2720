// instrument=NAME: what a name that counts nothing says.  One list goes to
// every unit of a build, so a unit that sees some of the names warns only
// of those not declared in it at all (nosuch); a name that is declared
// but is no struct, typedef or variable that any code touches (`hits`, a
// member's name; `idle`, a struct nobody accesses) counts nothing, and the
// runtime, which sees every unit, says so once at exit.  Before, any
// identifier of that name kept the runtime silent.
// RUN: %gcc-cl -fplugin-arg-cachelint-instrument=g_ops:hits:idle:nosuch %s -o %t %rt-static -pthread 2>&1 | %check --check-prefix=WARN
// WARN: cc1: warning: cachelint: 'instrument=nosuch': no struct, typedef or variable of that name in this unit: nothing counted for it
// RUN: env CACHELINT_SAMPLE=1 CACHELINT_PROFILE=%t.yaml %t 2>&1 | %check --check-prefix=RT
// RT: cachelint-rt: instrument=hits: no unit of this program counted an access of a struct, typedef or variable of that name: nothing counted for it
// RT-NEXT: cachelint-rt: instrument=idle: no unit of this program counted an access of a struct, typedef or variable of that name: nothing counted for it
// RT-NEXT: cachelint-rt: instrument=nosuch: no unit of this program counted an access of a struct, typedef or variable of that name: nothing counted for it
//
// The scalar counted, written by main: its own entry, not a struct's.
// RUN: FileCheck --check-prefix=PROFILE %s --input-file %t.yaml
// PROFILE: variables:
// PROFILE-NEXT: {{^    }}g_ops:
// PROFILE-NEXT: element: 8
// PROFILE-NEXT: elements: 1
//
// The control: every name counted, nothing said.  `all:g_ops` is every
// struct and global array, and g_ops: a scalar only by its name.
// RUN: %gcc-cl -fplugin-arg-cachelint-instrument=g_ops:stats %s -o %t.ok %rt-static -pthread 2>&1 | count 0
// RUN: env CACHELINT_PROFILE=%t.ok.yaml %t.ok 2>&1 | count 0
// RUN: %gcc-cl -fplugin-arg-cachelint-instrument=all:g_ops %s -o %t.all %rt-static -pthread 2>&1 | count 0
// RUN: env CACHELINT_SAMPLE=1 CACHELINT_PROFILE=%t.all.yaml %t.all 2>&1 | count 0
// RUN: FileCheck --check-prefix=ALL %s --input-file %t.all.yaml
// ALL: structs:
// ALL-NEXT: {{^  }}stats:
// ALL-NEXT: hits: {read: {main: 1}, write: {main: 1}}
// ALL: variables:
// ALL-NEXT: {{^    }}g_ops:
// ALL-NOT: g_other
struct stats { long hits; };
struct idle { long never; };
static struct stats stats;
static long g_ops;
static long g_other;

int main(void)
{
	stats.hits = 1;
	g_ops += 2;
	g_other = 3;
	return stats.hits + g_ops + g_other != 6;
}
