# Each module is one library whose sources are every .cpp/.h in its folders; new files are
# picked up on the next configure (CONFIGURE_DEPENDS), so parallel work never collides on
# a shared source list.
function(npuscope_sources out)
  set(all)
  foreach(dir IN LISTS ARGN)
    file(GLOB _s CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/${dir}/*.cpp" "${CMAKE_CURRENT_SOURCE_DIR}/${dir}/*.h")
    list(APPEND all ${_s})
  endforeach()
  set(${out} ${all} PARENT_SCOPE)
endfunction()

# Precompiled headers. Most of a file's compile time here was parsing Qt: qcustomplot.h
# pulls in the whole of QtWidgets and QtPrintSupport (8.6 s of a 10.7 s parse of a chart
# file), QtTest's module header the whole of QtCore. One header is built per group of
# targets that share compile flags and reused by the rest of the group (REUSE_FROM).
# GCC only: it quietly ignores a header built under other macros and parses the text
# instead, where clang stops with an error, and the fuzz build (clang) instruments some
# core libraries but not others.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  option(NPUSCOPE_PCH "Precompile the common Qt and standard headers" ON)
else()
  set(NPUSCOPE_PCH OFF)
endif()

# The standard headers most files of every module include; each group's header has them.
set(NPUSCOPE_PCH_STD <algorithm> <vector> <map> <set> <string> <unordered_map> <tuple> <cmath>
    <cstdint> <functional> <memory> <optional>)

# An object library that only builds the precompiled header (`headers` and the standard
# ones) for targets linking `libs` (and carrying `defs`); npuscope_use_pch(target donor)
# reuses it.
function(npuscope_pch_donor name)
  cmake_parse_arguments(P "" "" "LIBS;DEFS;HEADERS" ${ARGN})
  if(NOT NPUSCOPE_PCH)
    return()
  endif()
  add_library(${name} OBJECT ${PROJECT_SOURCE_DIR}/cmake/pch_anchor.cpp)
  set_target_properties(${name} PROPERTIES AUTOMOC OFF)
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR})
  target_link_libraries(${name} PRIVATE ${P_LIBS})
  if(P_DEFS)
    target_compile_definitions(${name} PRIVATE ${P_DEFS})
  endif()
  target_precompile_headers(${name} PRIVATE ${P_HEADERS} ${NPUSCOPE_PCH_STD})
endfunction()

function(npuscope_use_pch target donor)
  if(NPUSCOPE_PCH)
    target_precompile_headers(${target} REUSE_FROM ${donor})
  endif()
endfunction()

# One test executable per tests/<area>/test_<name>.cpp, linked against the libraries
# (never compiling library sources twice), registered with ctest as <area>_<name>.
# A test whose name starts with a key of PREFIX_LIBS ("options=npuscope_core_options")
# links only those libraries; the others link LIBS.
function(npuscope_add_tests area)
  cmake_parse_arguments(T "" "" "LIBS;PREFIX_LIBS;PCH" ${ARGN})
  file(GLOB _tests CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/test_*.cpp")
  # The definitions every test of the folder carries; the folder's precompiled header is
  # built with them (Qt6::Test adds the folder's QT_TESTCASE_* paths itself).
  set(defs
    NPUSCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    NPUSCOPE_BINARY_DIR="${PROJECT_BINARY_DIR}"
    NPUSCOPE_TEST_DATA="${PROJECT_SOURCE_DIR}/tests/data")
  npuscope_pch_donor(${area}_pch LIBS ${T_LIBS} Qt6::Test DEFS ${defs} HEADERS <QtTest> ${T_PCH})
  foreach(src IN LISTS _tests)
    get_filename_component(name ${src} NAME_WE)
    string(REGEX REPLACE "^test_" "" short ${name})
    set(target ${area}_${short})
    set(libs ${T_LIBS})
    foreach(pl IN LISTS T_PREFIX_LIBS)
      string(REPLACE "=" ";" pl_parts "${pl}")
      list(GET pl_parts 0 prefix)
      list(SUBLIST pl_parts 1 -1 pl_libs)
      string(REPLACE "," ";" pl_libs "${pl_libs}")
      if(short MATCHES "^${prefix}")
        set(libs ${pl_libs})
        break()
      endif()
    endforeach()
    add_executable(${target} ${src})
    target_link_libraries(${target} PRIVATE ${libs} Qt6::Test)
    target_compile_definitions(${target} PRIVATE ${defs})
    npuscope_use_pch(${target} ${area}_pch)
    # A test's moc output is included by its own source: the generated mocs_compilation.cpp
    # is empty, and loading the header would cost it about a second.
    set_source_files_properties(${CMAKE_CURRENT_BINARY_DIR}/${target}_autogen/mocs_compilation.cpp
      TARGET_DIRECTORY ${target} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
    add_test(NAME ${target} COMMAND ${target})
    set_tests_properties(${target} PROPERTIES
      ENVIRONMENT "QT_QPA_PLATFORM=offscreen;LC_ALL=C.UTF-8"
      TIMEOUT 600)
  endforeach()
endfunction()

# Runs every test of an area once more under another locale (ctest name <area>_<name>_<tag>),
# so what the GUI and the CLI show is checked with a decimal comma too. The locale must
# exist (scripts/setup.sh generates de_DE.UTF-8): a test per locale fails when it does not,
# rather than letting the runs fall back to C silently.
function(npuscope_add_locale_runs area locale tag)
  file(GLOB _tests CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/test_*.cpp")
  foreach(src IN LISTS _tests)
    get_filename_component(name ${src} NAME_WE)
    string(REGEX REPLACE "^test_" "" short ${name})
    add_test(NAME ${area}_${short}_${tag} COMMAND ${area}_${short})
    set_tests_properties(${area}_${short}_${tag} PROPERTIES
      ENVIRONMENT "QT_QPA_PLATFORM=offscreen;LC_ALL=${locale}"
      TIMEOUT 600)
  endforeach()
  if(NOT TEST locale_${tag}_installed)
    add_test(NAME locale_${tag}_installed
      COMMAND sh -c "locale -a | grep -qix '${locale}' || locale -a | grep -qix \"$(echo '${locale}' | sed 's/UTF-8/utf8/')\"")
  endif()
endfunction()
