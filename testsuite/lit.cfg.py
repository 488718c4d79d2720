# lit configuration of cachelint's source-level tests (testsuite/plugin,
# testsuite/lint, ...): one annotated source file per behaviour, expected
# diagnostics written inline, anything else fails (FileCheck
# --implicit-check-not).  The cmocka unit tests (core/, profile/) are not lit
# tests.
import os
import lit.formats

config.name = 'cachelint'
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = ['.c', '.cc', '.i', '.test']
config.excludes = ['Inputs', 'core', 'profile', 'tools', 'CMakeLists.txt']
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.cachelint_build, 'testsuite')

config.environment['PATH'] = os.pathsep.join(
    [config.llvm_bin, config.environment.get('PATH', os.environ.get('PATH', ''))])
# Diagnostics in plain ASCII, whatever the locale of the caller.
config.environment['LC_ALL'] = 'C'
# libcachelint-rt: the count tests see counts only, one path per thread, as
# they were written; the tests of object samples and of thread paths by
# start routine (plugin/instrument_objects.c, instrument_routines.c) set
# CACHELINT_SAMPLE and CACHELINT_THREAD_ROLES themselves.
config.environment['CACHELINT_SAMPLE'] = '0'
config.environment['CACHELINT_THREAD_ROLES'] = 'thread'
config.environment['LANG'] = 'C'

plugin = os.path.join(config.cachelint_build, 'plugin', 'cachelint.so')
annotations = os.path.join(config.cachelint_source, 'annotations')
gcc_cl = '%s -fplugin=%s -fdiagnostics-plain-output -I%s' % (config.cc, plugin, annotations)
gxx_cl = '%s -fplugin=%s -fdiagnostics-plain-output -I%s' % (config.cxx, plugin, annotations)
strict = ('FileCheck --implicit-check-not=warning: --implicit-check-not=note: '
          '--implicit-check-not=error:')

config.substitutions.append(('%gcc-cl', gcc_cl))
config.substitutions.append(('%gxx-cl', gxx_cl))
config.substitutions.append(('%gcc', config.cc))
config.substitutions.append(('%gxx', config.cxx))
config.substitutions.append(('%clang', config.clang))
config.substitutions.append(('%plugin', plugin))
config.substitutions.append(('%annotations', annotations))
# %inputs: the Inputs/ folder next to the test
config.substitutions.append(('%inputs', '%S/Inputs'))
config.substitutions.append(('%cachelint', os.path.join(config.cachelint_build, 'lint', 'cachelint')))
config.substitutions.append(('%python', config.python))
# libcachelint-rt, the runtime of -fplugin-arg-cachelint-instrument
config.substitutions.append(('%rt-static', os.path.join(config.cachelint_build, 'runtime', 'libcachelint-rt.a')))
config.substitutions.append(('%rt-dir', os.path.join(config.cachelint_build, 'runtime')))
config.substitutions.append(('%srcroot', config.cachelint_source))
config.substitutions.append(('%builddir', config.cachelint_build))
config.substitutions.append(('%roundtrip', os.path.join(config.cachelint_source, 'testsuite', 'tools', 'roundtrip.sh')))
config.substitutions.append(('%check', strict + ' %s'))
# The public data the tests read, which the repository does not copy: the
# folder shared/data beside the checkout or beside one of its parents (a
# worktree's checkout is deeper).  %sarif-schema is the OASIS SARIF 2.1.0
# schema there, or '' where the folder is absent: sarif_check.py then says
# so and checks the structure alone.
shared_data = ''
for up in range(4):
    d = os.path.normpath(os.path.join(config.cachelint_source, *(['..'] * (up + 1)), 'shared', 'data'))
    if os.path.isdir(d):
        shared_data = d
        break
schema = os.path.join(shared_data, 'sarif-schema-2.1.0.json') if shared_data else ''
config.substitutions.append(('%sarif-schema', schema if os.path.isfile(schema) else "''"))
# %shared-data: that folder (the real perf c2c reports of perf-c2c/ among
# its files); tests that read it REQUIRE shared-data.
if shared_data:
    config.available_features.add('shared-data')
    config.substitutions.append(('%shared-data', shared_data))
# Tests that make device nodes or setgid programs (CI runs as root).
if hasattr(os, 'geteuid') and os.geteuid() == 0:
    config.available_features.add('root')
