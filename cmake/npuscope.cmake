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

# One test executable per tests/<area>/test_<name>.cpp, linked against the libraries
# (never compiling library sources twice), registered with ctest as <area>_<name>.
# A test whose name starts with a key of PREFIX_LIBS ("options=npuscope_core_options")
# links only those libraries; the others link LIBS.
function(npuscope_add_tests area)
  cmake_parse_arguments(T "" "" "LIBS;PREFIX_LIBS" ${ARGN})
  file(GLOB _tests CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/test_*.cpp")
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
    target_compile_definitions(${target} PRIVATE
      NPUSCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
      NPUSCOPE_BINARY_DIR="${PROJECT_BINARY_DIR}"
      NPUSCOPE_TEST_DATA="${PROJECT_SOURCE_DIR}/tests/data")
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
