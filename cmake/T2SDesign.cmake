# t2s_add_design(<name> SOURCES <files...> [OPTIONS <t2s-clang options...>]
#                [DEPENDS <files or targets...>])
#
# Compiles and links a design with t2s-clang (any of its options: -O2,
# --emulate, --opencl, ...) into ${CMAKE_CURRENT_BINARY_DIR}/designs/<name>.
#
# <name> is an executable target (IMPORTED GLOBAL), so add_test(NAME x COMMAND
# <name>) and $<TARGET_FILE:<name>> work as for add_executable; the custom
# target <name>-build (part of ALL) builds it: `cmake --build . --target
# <name>-build` builds it alone, and a target that needs the design built
# first names <name>-build in add_dependencies. The path is also the target
# property T2S_DESIGN_FILE.
#
# With one source and a Ninja or Makefile generator, t2s-clang writes a
# depfile, so editing a header the design includes rebuilds it; with several
# sources only the sources and DEPENDS are tracked (list headers in DEPENDS).
# Works in the T2S build tree and from find_package(T2S).
function(t2s_add_design name)
  cmake_parse_arguments(ARG "" "" "SOURCES;OPTIONS;DEPENDS" ${ARGN})
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "t2s_add_design(${name}): SOURCES is required")
  endif()
  set(sources)
  foreach(s IN LISTS ARG_SOURCES)
    get_filename_component(abs "${s}" ABSOLUTE)
    list(APPEND sources "${abs}")
  endforeach()
  set(out "${CMAKE_CURRENT_BINARY_DIR}/designs/${name}")
  file(MAKE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}/designs")
  # The command's OUTPUT is a stamp: the executable itself is the location of
  # the imported target <name>, and a file that is both would tie the command
  # to no target.
  set(stamp "${out}.stamp")
  set(depfile_flags)
  set(depfile_option)
  list(LENGTH sources source_count)
  if(source_count EQUAL 1 AND CMAKE_GENERATOR MATCHES "Ninja|Makefiles")
    set(depfile_flags -MD -MF "${out}.d" -MT "${stamp}")
    set(depfile_option DEPFILE "${out}.d")
  endif()
  add_custom_command(OUTPUT "${stamp}"
    BYPRODUCTS "${out}"
    COMMAND "$<TARGET_FILE:T2S::t2s-clang>" ${ARG_OPTIONS} ${sources} -o "${out}"
            ${depfile_flags}
    COMMAND "${CMAKE_COMMAND}" -E touch "${stamp}"
    DEPENDS ${sources} "$<TARGET_FILE:T2S::t2s-clang>" ${ARG_DEPENDS}
    ${depfile_option}
    COMMENT "t2s-clang: building design ${name}"
    VERBATIM COMMAND_EXPAND_LISTS)
  add_custom_target(${name}-build ALL DEPENDS "${stamp}")
  add_executable(${name} IMPORTED GLOBAL)
  set_target_properties(${name} PROPERTIES IMPORTED_LOCATION "${out}"
                                           T2S_DESIGN_FILE "${out}")
endfunction()
