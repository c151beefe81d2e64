# lit configuration of the T2S tests. Substitutions:
#   %opt, %clang, %clangxx      the LLVM 19 tools
#   %t2s_plugin, %t2s_clang_plugin   the built plugins
#   %t2s-opt                    opt with libT2S.so loaded
#   %t2s-clangxx                clang++ with both plugins (what t2s-clang runs)
#   %t2s-clang                  the driver
#   %examples                   the examples/ folder
import os
import sys
import lit.formats

config.name = "T2S"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".cpp", ".c", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.t2s_obj_root, "test", "lit")

tools = config.llvm_tools_dir
config.environment["PATH"] = os.pathsep.join(
    [config.t2s_bin_dir, tools, config.environment.get("PATH", "")])
# t2s-clang --emulate keeps the precompiled emulation header in a cache: the
# tests share one in the build tree, not the user's.
config.environment["T2S_CACHE_DIR"] = os.path.join(config.test_exec_root, "t2s-cache")
plugin = os.path.join(config.t2s_lib_dir, "libT2S.so")
clang_plugin = os.path.join(config.t2s_lib_dir, "libT2SClang.so")
include = os.path.join(config.t2s_obj_root, "include")

config.substitutions.append(("%t2s-opt", "%s -load-pass-plugin=%s" % (os.path.join(tools, "opt"), plugin)))
config.substitutions.append(("%t2s-clangxx", "%s -fplugin=%s -fplugin=%s -fpass-plugin=%s -I%s" % (
    os.path.join(tools, "clang++"), clang_plugin, plugin, plugin, include)))
config.substitutions.append(("%t2s-clang", os.path.join(config.t2s_bin_dir, "t2s-clang")))
config.substitutions.append(("%t2s_plugin", plugin))
config.substitutions.append(("%t2s_clang_plugin", clang_plugin))
config.substitutions.append(("%t2s_include", include))
config.substitutions.append(("%opt", os.path.join(tools, "opt")))
config.substitutions.append(("%clangxx", os.path.join(tools, "clang++")))
config.substitutions.append(("%clang", os.path.join(tools, "clang")))
config.substitutions.append(("%t2s_src", config.t2s_src_root))
config.substitutions.append(("%examples", os.path.join(config.t2s_src_root, "examples")))
config.substitutions.append(("%FileCheck", os.path.join(tools, "FileCheck")))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%not", os.path.join(tools, "not")))

if config.t2s_sanitize:
    config.available_features.add("sanitize")
    if config.t2s_asan_runtime:
        config.environment["LD_PRELOAD"] = config.t2s_asan_runtime
    # clang -cc1 frees nothing on purpose (-disable-free): leaks are not bugs here.
    config.environment["ASAN_OPTIONS"] = "detect_leaks=0:abort_on_error=0"
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    # The sanitizer pass checks the plugins and the driver on every pass,
    # printer, refusal and build mode; it leaves out what repeats those paths
    # at length and mostly runs the programs they build (3-4 times slower
    # under ASan): the random campaigns (one forms program stays), the
    # examples' end-to-end runs (the GEMM's stays) and the longest
    # single runs. The release pass runs them all (scripts/test.sh).
    config.excludes += [
        "random-forms-2.test", "random-forms-3.test", "random-forms-4.test",
        "random-ures.test", "random-affine.test", "random-lifted.test",
        "random-lanes.test", "random-split.test", "traffic-random.test",
        "example-conv2d.test", "example-fir.test", "example-jacobi1d.test",
        "example-ks_cnn.test", "example-lu.test", "example-matvec.test",
        "example-mttkrp.test", "example-pairhmm.test", "example-qrd.test",
        "example-seed_abc.test", "example-symv.test", "example-t2sp_conv.test",
        "example-t2sp_gemm.test", "example-tiled_conv.test", "example-tiled_gemm.test",
        "device-examples.test", "clocked-bottleneck.cpp", "schedule-size.cpp",
        "run-time-sizes.cpp", "space-lower-bounds.cpp",
        "space-lower-bounds-channels.cpp", "bench-outputs.test", "emulate-cache.test",
        "long-streams.cpp",
    ]
