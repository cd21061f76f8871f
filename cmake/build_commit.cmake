# Writes OUT, a C++ file defining tz::cli::buildCommit(): the git commit of SOURCE_DIR at
# build time ("454e531", "454e531 with local changes"), or why there is none when the
# sources are not a git checkout of their own (a tarball, no git). Run at every build by
# the tz_build_commit target (cli/CMakeLists.txt); OUT changes only when the text does.
find_program(GIT git)
set(commit "")
if(GIT)
  execute_process(COMMAND ${GIT} -C ${SOURCE_DIR} rev-parse --show-toplevel
                  OUTPUT_VARIABLE top RESULT_VARIABLE top_rc OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  get_filename_component(top "${top}" REALPATH)
  get_filename_component(source "${SOURCE_DIR}" REALPATH)
  # Only the sources' own checkout: a tarball unpacked inside another repository has none.
  if(top_rc EQUAL 0 AND top STREQUAL source)
    execute_process(COMMAND ${GIT} -C ${SOURCE_DIR} rev-parse --short=7 HEAD
                    OUTPUT_VARIABLE commit RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(NOT rc EQUAL 0)
      set(commit "")
    else()
      execute_process(COMMAND ${GIT} -C ${SOURCE_DIR} diff --quiet HEAD -- RESULT_VARIABLE dirty ERROR_QUIET)
      if(NOT dirty EQUAL 0)
        string(APPEND commit " with local changes")
      endif()
    endif()
  endif()
endif()
if(commit STREQUAL "")
  set(commit "unknown (not built from a git checkout)")
endif()
file(WRITE ${OUT}.new "// Written by cmake/build_commit.cmake at build time.\n"
                      "namespace tz::cli {\n"
                      "const char* buildCommit() { return \"${commit}\"; }\n"
                      "}  // namespace tz::cli\n")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different ${OUT}.new ${OUT})
file(REMOVE ${OUT}.new)
