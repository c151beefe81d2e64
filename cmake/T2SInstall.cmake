# cmake --install: libraries, driver, headers and the CMake package; the
# build tree as a package of its own.
include(CMakePackageConfigHelpers)
set(T2S_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/T2S)
install(EXPORT T2STargets NAMESPACE T2S:: DESTINATION ${T2S_CMAKE_DIR})
configure_package_config_file(cmake/T2SConfig.cmake.in
  ${PROJECT_BINARY_DIR}/T2SConfig.cmake INSTALL_DESTINATION ${T2S_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/T2SConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/T2SConfig.cmake
  ${PROJECT_BINARY_DIR}/T2SConfigVersion.cmake cmake/T2SDesign.cmake
  DESTINATION ${T2S_CMAKE_DIR})
# The build tree is a package too (T2S_DIR=build): the config written above
# finds the build tree's targets and the design function beside it.
export(EXPORT T2STargets NAMESPACE T2S:: FILE ${PROJECT_BINARY_DIR}/T2STargets.cmake)
configure_file(cmake/T2SDesign.cmake ${PROJECT_BINARY_DIR}/T2SDesign.cmake COPYONLY)
