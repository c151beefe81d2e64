# t2s_add_design(<name> SOURCES <files...> [OPTIONS <t2s-clang options...>]
#                [DEPENDS <files or targets...>])
#
# Compiles and links a design with t2s-clang into ${CMAKE_CURRENT_BINARY_DIR}/designs/<name>
# and adds a target <name> that builds it. The executable's path is the target
# property T2S_DESIGN_FILE. Works in the T2S build tree and from find_package(T2S).
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
  add_custom_command(OUTPUT "${out}"
    COMMAND "$<TARGET_FILE:T2S::t2s-clang>" ${ARG_OPTIONS} ${sources} -o "${out}"
    DEPENDS ${sources} "$<TARGET_FILE:T2S::t2s-clang>" ${ARG_DEPENDS}
    COMMENT "t2s-clang: building design ${name}"
    VERBATIM COMMAND_EXPAND_LISTS)
  add_custom_target(${name} ALL DEPENDS "${out}")
  set_target_properties(${name} PROPERTIES T2S_DESIGN_FILE "${out}")
endfunction()
