# cachelint_require_all(TEST...): with CACHELINT_REQUIRE_ALL_SUITES
# (scripts/test.sh, CI), a suite that ran nothing still fails: lit's
# UNSUPPORTED tests and cmocka's skipped ones are printed (lit runs with
# --show-unsupported) and their lines fail the ctest entry.  Elsewhere (a
# user without root, without the kernel mirrors) they pass and say what
# they did not run.  testsuite/buildsys/require_all.test checks both.
function(cachelint_require_all)
  if(CACHELINT_REQUIRE_ALL_SUITES)
    set_tests_properties(${ARGN} PROPERTIES FAIL_REGULAR_EXPRESSION
      "UNSUPPORTED: |Unsupported *: *[1-9]|\\[  SKIPPED \\]")
  endif()
endfunction()
