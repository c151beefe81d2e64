# Installs the T2S build tree into a fresh prefix, then configures, builds and
# tests the consumer project against it; then against the build tree itself
# as a package. Run with cmake -P.
foreach(v T2S_BUILD_DIR T2S_WORK_DIR T2S_CONSUMER_DIR)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "${v} is not set")
  endif()
endforeach()
file(REMOVE_RECURSE "${T2S_WORK_DIR}")
set(prefix "${T2S_WORK_DIR}/prefix")

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}")
  endif()
endfunction()

run(${CMAKE_COMMAND} --install "${T2S_BUILD_DIR}" --prefix "${prefix}")
# The templates t2s-clang fills in (--xrt's Makefile), where it looks for them.
if(NOT EXISTS "${prefix}/share/t2s/vitis.mk.in")
  message(FATAL_ERROR "the install has no share/t2s/vitis.mk.in")
endif()
# A copy of the consumer, whose header the test edits.
set(source "${T2S_WORK_DIR}/consumer-src")
file(COPY "${T2S_CONSUMER_DIR}/" DESTINATION "${source}")
run(${CMAKE_COMMAND} -S "${source}" -B "${T2S_WORK_DIR}/consumer" -G Ninja
    -DCMAKE_PREFIX_PATH=${prefix})
run(${CMAKE_COMMAND} --build "${T2S_WORK_DIR}/consumer")
run(${CMAKE_CTEST_COMMAND} --test-dir "${T2S_WORK_DIR}/consumer" --output-on-failure)
# The depfile: editing the header the design includes rebuilds the design.
file(WRITE "${source}/consumer-config.h" "#define CONSUMER_N 11\n")
run(${CMAKE_COMMAND} -DCONSUMER_EXPECT=55 "${T2S_WORK_DIR}/consumer")
run(${CMAKE_COMMAND} --build "${T2S_WORK_DIR}/consumer")
run(${CMAKE_CTEST_COMMAND} --test-dir "${T2S_WORK_DIR}/consumer" --output-on-failure)
message(STATUS "the installed T2S package works from ${prefix}")
# The build tree is a package as it is (T2S_DIR=build).
file(WRITE "${source}/consumer-config.h" "#define CONSUMER_N 8\n")
run(${CMAKE_COMMAND} -S "${source}" -B "${T2S_WORK_DIR}/consumer-build-tree" -G Ninja
    -DT2S_DIR=${T2S_BUILD_DIR})
run(${CMAKE_COMMAND} --build "${T2S_WORK_DIR}/consumer-build-tree")
run(${CMAKE_CTEST_COMMAND} --test-dir "${T2S_WORK_DIR}/consumer-build-tree" --output-on-failure)
message(STATUS "the build tree's T2S package works from ${T2S_BUILD_DIR}")
