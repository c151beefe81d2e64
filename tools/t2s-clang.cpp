//===- t2s-clang.cpp - The T2S compiler driver ----------------------------===//
//
// Runs clang++ 19 with both T2S plugins and the runtime headers, forwarding
// every ordinary clang argument. The command line is parsed with clang's own
// option table (so '-o FILE', '-Xclang X' and inputs are what clang takes them
// for); what clang does not know is matched against t2s-clang's table
// (T2SClangOptions.td). The plugins and headers are found relative to this
// executable, so the build tree and an installed tree work the same way.
//
//===----------------------------------------------------------------------===//

#include "backends/model/FPGADevices.h"
#include "language/Warnings.h"

#include "clang/Driver/Options.h"
#include "clang/Driver/Types.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Option/Option.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <optional>
#include <unistd.h> // environ
#include <string>
#include <thread>
#include <vector>

namespace {

namespace own {
enum ID {
  OPT_INVALID = 0,
#define OPTION(...) LLVM_MAKE_OPT_ID(__VA_ARGS__),
#include "T2SClangOptions.inc"
#undef OPTION
};

#define PREFIX(NAME, VALUE)                                                    \
  constexpr llvm::StringLiteral NAME##_init[] = VALUE;                         \
  constexpr llvm::ArrayRef<llvm::StringLiteral> NAME(NAME##_init,              \
                                                     std::size(NAME##_init) - 1);
#include "T2SClangOptions.inc"
#undef PREFIX

using llvm::opt::DefaultVis;
constexpr llvm::opt::OptTable::Info Infos[] = {
#define OPTION(...) LLVM_CONSTRUCT_OPT_INFO(__VA_ARGS__),
#include "T2SClangOptions.inc"
#undef OPTION
};

// t2s-clang's own options.
class Table : public llvm::opt::GenericOptTable {
public:
  Table() : GenericOptTable(Infos) {}
};
} // namespace own

const own::Table &ownOptions() {
  static const own::Table T;
  return T;
}

using namespace clang::driver::options; // clang's option IDs (OPT_o, ...)

constexpr llvm::StringLiteral Overview =
    "t2s-clang - compile C++ with '#pragma t2s' loop nests into systolic arrays\n\n"
    "Every option t2s-clang does not know goes to clang++ 19 unchanged (-O2, -c, -o,\n"
    "-I, -D, -std=..., -Rpass=t2s..., ...). The plugins libT2SClang.so (front end)\n"
    "and libT2S.so (passes) are added, and the T2S runtime headers are on the\n"
    "include path.";

constexpr llvm::StringLiteral Epilogue = R"(
ENVIRONMENT:
  T2S_CLANGXX          clang++ to run instead of the one T2S was built with
  T2S_CACHE_DIR        (--emulate) where the precompiled emulation header and
                       the objects of unchanged kernels are kept (default:
                       the user's cache directory + /t2s; set empty: none)
  T2S_CACHE_OBJECTS    (--emulate) objects kept there at most (200)
 Of the programs t2s-clang builds:
  T2S_EMU_STATS=1      (--emulate) after each run, every channel's values,
                       fill and waits (docs/emulation.md)
  T2S_EMU_CLOCK=1      (--emulate) after each run, each kernel's clock cycles,
                       stalls and the run's time at --fmax (docs/estimates.md)
  T2S_EMU_THREADS=N    (--emulate) worker threads that run the kernels'
                       fibers (default: one per core)
  T2S_OPENCL_PROGRAM   (--opencl, host stubs) the program to load instead of
                       the .cl next to the executable (e.g. aoc's .aocx)
  T2S_OPENCL_PLATFORM  (--opencl) the OpenCL platform whose name contains it
  T2S_OPENCL_PROFILE=1 (--opencl) each kernel's device time after each run

WARNINGS (-W<group>, -Wno-<group>, -Werror=<group>; docs/language.md):
)";

constexpr llvm::StringLiteral Examples = R"(
DOCUMENTATION: docs/ of the T2S sources - first-design.md (a first design,
  step by step), language.md (directives, rules, warnings), emulation.md,
  estimates.md (the report's figures), README.md.

EXAMPLES:
  t2s-clang -O2 gemm.cpp -o gemm && ./gemm
  t2s-clang --emulate -O2 gemm.cpp -o gemm-emu && ./gemm-emu
  t2s-clang --emit-opencl gemm.cpp -o gemm.cl --host-stub=gemm-host.cpp
  t2s-clang --hls-sim -O2 gemm.cpp -o gemm-hls && ./gemm-hls
  t2s-clang --emit-hls gemm.cpp -o gemm-hls.cpp --host-stub=gemm-xrt.cpp
  t2s-clang -O2 -c kernel.cpp -Rpass=t2s
)";

void printUsage() {
  ownOptions().printHelp(llvm::outs(), "t2s-clang [t2s options] [clang options] <inputs>",
                         Overview.data(), /*ShowHidden=*/false,
                         /*ShowAllAliases=*/false);
  llvm::outs() << Epilogue;
  for (llvm::StringRef G : t2s::WarningGroupNames)
    llvm::outs() << "  -W" << G << "\n";
  llvm::outs() << Examples;
}

// -Wt2s-x, -Wno-t2s-x, -Werror=t2s-x, -Wno-error=t2s-x: the flag without
// its "-W" for the plugin's -t2s-warn (Warnings.h); "" for an unknown T2S
// group; std::nullopt for any other argument (clang's own warnings).
std::optional<std::string> t2sWarningFlag(llvm::StringRef Arg) {
  if (!Arg.consume_front("-W"))
    return std::nullopt;
  llvm::StringRef Group = Arg;
  if (!Group.consume_front("error=") && !Group.consume_front("no-error="))
    Group.consume_front("no-");
  if (!Group.starts_with("t2s-"))
    return std::nullopt;
  return t2s::warningGroupNamed(Group) ? Arg.str() : std::string();
}

std::string t2sWarningList() {
  std::string Out;
  for (llvm::StringRef G : t2s::WarningGroupNames)
    Out += (Out.empty() ? "-W" : ", -W") + G.str();
  return Out;
}

// The keys of the estimates' device table (backends/model/FPGADevices.h).
std::vector<std::string> deviceKeys() {
  std::vector<std::string> Keys;
  for (const t2s::FPGADevice &D : t2s::fpgaDevices())
    Keys.push_back(D.Key);
  return Keys;
}

// The formats --report= takes.
constexpr llvm::StringLiteral ReportFormats[] = {"text", "json"};

// An argument starting with "--" that clang does not know: the t2s-clang
// option it misspells, if one is at most two edits away ("--emitopencl" ->
// "--emit-opencl", "--hoststub=x" -> "--host-stub=x"); otherwise nothing, and
// it goes to clang, which says what it makes of it.
std::optional<std::string> misspelledOwnOption(llvm::StringRef Arg) {
  std::string Nearest;
  if (ownOptions().findNearest(Arg, Nearest, llvm::opt::Visibility(),
                               /*MinimumLength=*/4, /*MaximumDistance=*/2) > 2)
    return std::nullopt;
  return Nearest;
}

// One argument for clang as the user wrote it: its option in clang's table
// (OPT_INPUT for an input file, OPT_UNKNOWN for what clang does not know),
// its first value ("x.cl" of "-o x.cl" and of "-ox.cl") and its words.
struct ClangArg {
  unsigned ID;
  std::string Value;
  std::vector<std::string> Words;
};
using ClangArgs = std::vector<ClangArg>;

// The plugin's option \p Opt for the compiler proper only ('-Xclang -mllvm'):
// '-mllvm' reaches every step of a compilation, and with -save-temps the
// assembler's, which has no plugin and refuses the option.
std::vector<std::string> pluginOption(const std::string &Opt) {
  return {"-Xclang", "-mllvm", "-Xclang", Opt};
}

// The words of the arguments, leaving out those of the options \p Except.
std::vector<std::string> wordsOf(const ClangArgs &Args,
                                 std::initializer_list<unsigned> Except = {}) {
  std::vector<std::string> Out;
  for (const ClangArg &A : Args)
    if (!llvm::is_contained(Except, A.ID))
      Out.insert(Out.end(), A.Words.begin(), A.Words.end());
  return Out;
}

// The value of the last \p ID option ("-o"), if any.
std::optional<std::string> lastValue(const ClangArgs &Args, unsigned ID) {
  std::optional<std::string> V;
  for (const ClangArg &A : Args)
    if (A.ID == ID)
      V = A.Value;
  return V;
}

// The first argument that stops a build at an intermediate file (-c, -S,
// -E, -emit-llvm), if any.
const ClangArg *stopsEarly(const ClangArgs &Args) {
  for (const ClangArg &A : Args)
    if (llvm::is_contained({unsigned(OPT_c), unsigned(OPT_S), unsigned(OPT_E),
                            unsigned(OPT_emit_llvm)},
                           A.ID))
      return &A;
  return nullptr;
}

// The user's arguments for a compilation that only runs the passes (the
// report, the kernels): without -o, -c, -S and -emit-llvm, then
// '-S -emit-llvm -o /dev/null'.
std::vector<std::string> passesOnly(const ClangArgs &Args) {
  std::vector<std::string> Out = wordsOf(Args, {OPT_o, OPT_c, OPT_S, OPT_emit_llvm});
  for (const char *W : {"-S", "-emit-llvm", "-o", "/dev/null"})
    Out.push_back(W);
  return Out;
}

// Whether the input \p A is compiled (source or LLVM IR, by its extension or
// the -x before it) rather than only linked.
bool isCompiledInput(const ClangArgs &Args, const ClangArg &A) {
  namespace types = clang::driver::types;
  types::ID ByExtension =
      types::lookupTypeForExtension(llvm::sys::path::extension(A.Value).drop_front());
  types::ID Type = ByExtension;
  for (const ClangArg &B : Args) {
    if (&B == &A)
      break;
    if (B.ID == OPT_x)
      Type = B.Value == "none" ? ByExtension
                               : types::lookupTypeForTypeSpecifier(B.Value.c_str());
  }
  return Type != types::TY_INVALID && (types::isSrcFile(Type) || types::isLLVMIR(Type));
}

struct Layout {
  std::string LibDir;
  std::string IncludeDir;
  std::string PassPlugin;  // LibDir/libT2S.so
  std::string ClangPlugin; // LibDir/libT2SClang.so
};

Layout findLayout(const char *Argv0) {
  std::string Exe =
      llvm::sys::fs::getMainExecutable(Argv0, reinterpret_cast<void *>(&findLayout));
  llvm::SmallString<256> BinDir(llvm::sys::path::parent_path(Exe));
  llvm::SmallString<256> Lib(BinDir), Include(BinDir);
  llvm::sys::path::append(Lib, T2S_BIN_TO_LIB);
  llvm::sys::path::append(Include, T2S_BIN_TO_INCLUDE);
  llvm::sys::path::remove_dots(Lib, /*remove_dot_dot=*/true);
  llvm::sys::path::remove_dots(Include, /*remove_dot_dot=*/true);
  llvm::SmallString<256> PassPlugin(Lib), ClangPlugin(Lib);
  llvm::sys::path::append(PassPlugin, "libT2S.so");
  llvm::sys::path::append(ClangPlugin, "libT2SClang.so");
  return {std::string(Lib), std::string(Include), std::string(PassPlugin),
          std::string(ClangPlugin)};
}

std::string clangPath() {
  if (std::optional<std::string> Env = llvm::sys::Process::GetEnv("T2S_CLANGXX"))
    return *Env;
  return T2S_DEFAULT_CLANGXX;
}

// The environment of clang++. In the sanitizer configuration the plugins are
// instrumented but clang++ is not, so the sanitizer runtime must be preloaded.
std::optional<llvm::ArrayRef<llvm::StringRef>> childEnvironment() {
#ifdef T2S_ASAN_RUNTIME
  static std::vector<std::string> Storage;
  static std::vector<llvm::StringRef> Env;
  std::string Preload = T2S_ASAN_RUNTIME;
  bool HasAsanOptions = false;
  for (char **E = environ; *E; ++E) {
    llvm::StringRef Var(*E);
    if (Var.consume_front("LD_PRELOAD=")) {
      if (!Var.contains(T2S_ASAN_RUNTIME))
        Preload += ":" + Var.str();
      continue;
    }
    HasAsanOptions |= Var.starts_with("ASAN_OPTIONS=");
    Storage.push_back(*E);
  }
  Storage.push_back("LD_PRELOAD=" + Preload);
  if (!HasAsanOptions) // clang -cc1 frees nothing on purpose (-disable-free)
    Storage.push_back("ASAN_OPTIONS=detect_leaks=0");
  Env.assign(Storage.begin(), Storage.end());
  return llvm::ArrayRef<llvm::StringRef>(Env);
#else
  return std::nullopt;
#endif
}

int fail(const llvm::Twine &Message) {
  llvm::errs() << "t2s-clang: error: " << Message << "\n";
  return 2;
}

// --dry-run: a command, as it would run.
void printCommand(const std::vector<std::string> &Cmd) {
  for (size_t I = 0; I < Cmd.size(); ++I)
    llvm::outs() << (I ? " " : "") << Cmd[I];
  llvm::outs() << "\n";
}

// A failure inside the files t2s-clang writes itself is T2S's, not the
// design's: say so under the compiler's messages.
int internalError(int RC, llvm::StringRef What) {
  fail("the " + What + " t2s-clang emitted for this program do not compile "
       "(a T2S bug: every refusal should be an error in your file); please "
       "report it with the source");
  return RC;
}

// What --emulate keeps between builds, in a cache directory (T2S_CACHE_DIR,
// else the user's cache directory + /t2s; T2S_CACHE_DIR set empty: none):
//  - the emulation header (t2s/emulation.h) precompiled: parsing it is about
//    a third of compiling the kernels, and the same for every program;
//  - the objects of the kernels and host stubs last compiled from each
//    emitted text: a program whose designs did not change (its main did)
//    does not compile them again.
// Every file is named by a hash of all it depends on: the compiler (its
// path, size and time), the flags, the contents of every runtime header
// and, for the objects, the emitted files. A changed header, compiler or
// design is a new name, never a stale file.
class BuildCache {
public:
  BuildCache(const std::string &Clang, const std::string &IncludeDir,
             const std::vector<std::string> &Flags) {
    if (std::optional<std::string> Env = llvm::sys::Process::GetEnv("T2S_CACHE_DIR")) {
      if (Env->empty())
        return;
      Dir = *Env;
    } else if (llvm::sys::path::cache_directory(Dir)) {
      llvm::sys::path::append(Dir, "t2s");
    } else {
      return;
    }
    Key = Clang;
    llvm::sys::fs::file_status ClangStatus;
    if (!llvm::sys::fs::status(Clang, ClangStatus))
      Key += ";" + std::to_string(ClangStatus.getSize()) + ";" +
             std::to_string(ClangStatus.getLastModificationTime().time_since_epoch().count());
    for (const std::string &F : Flags)
      Key += ";" + F;
    llvm::SmallString<256> Headers(IncludeDir);
    llvm::sys::path::append(Headers, "t2s");
    std::vector<std::string> Files;
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator I(Headers, EC), E; I != E && !EC; I.increment(EC))
      Files.push_back(I->path());
    llvm::sort(Files);
    for (const std::string &F : Files)
      if (llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> B = llvm::MemoryBuffer::getFile(F))
        Key += ";" + F + ";" + (*B)->getBuffer().str();
  }

  bool enabled() const { return !Dir.empty(); }

  // The file for what depends on Key and on Extra, named Stem-<hash>Suffix.
  std::string path(llvm::StringRef Stem, llvm::StringRef Extra, llvm::StringRef Suffix) const {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Stem + "-" +
                                   llvm::utohexstr(llvm::xxh3_64bits(Key + ";" + Extra.str())) +
                                   Suffix);
    return std::string(P);
  }

  // Files enter the cache through a unique temporary (empty if the cache
  // cannot be written) and a rename, so that a concurrent build sees the
  // whole file or none. commit() says whether To is there.
  std::string temporaryFor(const std::string &To) const {
    llvm::sys::fs::create_directories(Dir);
    llvm::SmallString<256> Temp;
    int FD;
    if (llvm::sys::fs::createUniqueFile(To + "-%%%%%%.tmp", FD, Temp))
      return "";
    ::close(FD);
    return std::string(Temp);
  }
  bool commit(const std::string &Temp, const std::string &To) const {
    if (llvm::sys::fs::rename(Temp, To)) {
      llvm::sys::fs::remove(Temp);
      return llvm::sys::fs::exists(To); // another build may have put it there
    }
    return true;
  }

  // Copies the object From into the cache as To. Keeps at most KeptObjects
  // objects (T2S_CACHE_OBJECTS): the oldest go.
  void store(const std::string &From, const std::string &To) const {
    std::string Temp = temporaryFor(To);
    if (Temp.empty())
      return;
    if (llvm::sys::fs::copy_file(From, Temp)) {
      llvm::sys::fs::remove(Temp);
      return;
    }
    if (!commit(Temp, To))
      return;
    std::vector<std::pair<llvm::sys::TimePoint<>, std::string>> Objects;
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator I(Dir, EC), E; I != E && !EC; I.increment(EC)) {
      llvm::sys::fs::file_status St;
      if (llvm::StringRef(I->path()).ends_with(".o") && !llvm::sys::fs::status(I->path(), St))
        Objects.push_back({St.getLastModificationTime(), I->path()});
    }
    size_t Kept = KeptObjects;
    if (std::optional<std::string> Env = llvm::sys::Process::GetEnv("T2S_CACHE_OBJECTS"))
      llvm::StringRef(*Env).getAsInteger(10, Kept);
    if (Objects.size() <= Kept)
      return;
    llvm::sort(Objects);
    for (size_t N = 0; N < Objects.size() - Kept; ++N)
      llvm::sys::fs::remove(Objects[N].second);
  }

  // Objects kept at most (T2S_CACHE_OBJECTS): the kernels' and the stubs'
  // of 100 designs, some tens of megabytes.
  static constexpr size_t KeptObjects = 200;

private:
  llvm::SmallString<256> Dir;
  std::string Key;
};

// The whole contents of a file, or empty.
std::string fileText(const std::string &Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> B = llvm::MemoryBuffer::getFile(Path);
  return B ? (*B)->getBuffer().str() : std::string();
}

// What emulate() builds: the program with its designs run as their OpenCL
// kernels emulated (--emulate) or on an OpenCL device (--opencl), or as
// their Vitis HLS C++ in C simulation (--hls-sim) or through XRT on an AMD
// FPGA (--xrt).
enum class Build { Emulate, OpenCL, HLSSim, XRT };

// Where the XRT host's headers are (Debian's libxrt-dev).
constexpr const char *XRTIncludeDir = "/usr/include/xrt";

// --xrt: the Makefile that builds the program's .xclbin with v++ on a
// machine with Vitis, from the HLS C++ and the connectivity beside it.
std::string vitisMakefile(const std::string &Output, const std::string &Device) {
  std::string Stem = llvm::sys::path::filename(Output).str();
  // AMD's platform names for the boards of the estimates (the U250 unless
  // --device= names another).
  std::string Platform = Device == "u280"   ? "xilinx_u280_gen3x16_xdma_1_202211_1"
                         : Device == "u55c" ? "xilinx_u55c_gen3x16_xdma_3_202210_1"
                                            : "xilinx_u250_gen3x16_xdma_4_1_202210_1";
  return "# Generated by t2s-clang --xrt: builds " + Stem + ".xclbin, the kernels that " +
         Stem + " runs,\n"
         "# from " + Stem + "-hls.cpp with AMD Vitis (v++), on a machine that has it:\n"
         "#   make -f " + Stem + ".mk [PLATFORM=...] [TARGET=hw|hw_emu|sw_emu] [FREQ_MHZ=300]\n"
         "# then run ./" + Stem + " beside " + Stem + ".xclbin (or set T2S_XCLBIN). docs/hls.md.\n"
         "PLATFORM ?= " + Platform + "\n"
         "TARGET ?= hw\n"
         "FREQ_MHZ ?= 300\n"
         "VPP ?= v++\n"
         "HLS_SOURCE := " + Stem + "-hls.cpp\n"
         "CONFIG := " + Stem + ".cfg\n"
         "# One top function per design: the compute units the connectivity names.\n"
         "KERNELS := $(shell sed -n 's/^nk=\\([^:]*\\):.*/\\1/p' $(CONFIG))\n"
         "OBJECTS := $(KERNELS:%=" + Stem + ".%.$(TARGET).xo)\n"
         "\n"
         "all: " + Stem + ".xclbin\n"
         "\n"
         + Stem + ".%.$(TARGET).xo: $(HLS_SOURCE)\n"
         "\t$(VPP) -c -t $(TARGET) --platform $(PLATFORM) -k $* $(HLS_SOURCE) -o $@\n"
         "\n"
         + Stem + ".xclbin: $(OBJECTS) $(CONFIG)\n"
         "\t$(VPP) -l -t $(TARGET) --platform $(PLATFORM) --config $(CONFIG) "
         "--kernel_frequency $(FREQ_MHZ) $(OBJECTS) -o $@\n"
         "\n"
         ".PHONY: all\n";
}

// --emulate: (1) write the kernels and host stubs of every design, (2)
// compile the kernels as C++ against the emulation runtime and the stubs with
// -DT2S_EMULATE, (3) build the program with each nest replaced by a call to
// its stub (-t2s-offload), linking (2) in.
int emulate(const std::string &Clang, const Layout &L,
            const std::vector<std::string> &Plugins,
            const ClangArgs &Forwarded, bool DryRun, Build B,
            const std::vector<std::string> &Board) {
  bool OnDevice = B == Build::OpenCL, HLSSim = B == Build::HLSSim, XRT = B == Build::XRT;
  const char *Mode = HLSSim ? "--hls-sim" : XRT ? "--xrt" : OnDevice ? "--opencl" : "--emulate";
  // -v (clang's verbose flag, passed on): also how long each step took.
  bool Verbose = lastValue(Forwarded, OPT_v).has_value();
  // Steps that do not depend on each other, run side by side (the machine's
  // cores do the work; the kernels usually take longest): their exit codes.
  // -v: how long each took.
  using Step = std::pair<std::string, std::vector<std::string>>;
  auto alongside = [&](const std::vector<Step> &Steps) {
    std::vector<int> RCs(Steps.size(), 0);
    if (DryRun) {
      for (const Step &S : Steps)
        printCommand(S.second);
      return RCs;
    }
    auto Start = std::chrono::steady_clock::now();
    std::vector<std::vector<llvm::StringRef>> Args;
    std::vector<llvm::sys::ProcessInfo> Running(Steps.size());
    std::vector<bool> Done(Steps.size(), false);
    for (size_t I = 0; I < Steps.size(); ++I) {
      Args.emplace_back(Steps[I].second.begin(), Steps[I].second.end());
      std::string ErrMsg;
      bool Failed = false;
      Running[I] = llvm::sys::ExecuteNoWait(Clang, Args.back(), childEnvironment(), {}, 0,
                                            &ErrMsg, &Failed);
      if (Failed) {
        RCs[I] = fail("running " + Clang + " failed: " + ErrMsg);
        Done[I] = true;
      }
    }
    // Each step's time is until it ends, so poll rather than wait in turn.
    for (size_t Left = llvm::count(Done, false); Left;) {
      for (size_t I = 0; I < Steps.size(); ++I) {
        if (Done[I])
          continue;
        std::string ErrMsg;
        llvm::sys::ProcessInfo R = llvm::sys::Wait(Running[I], 0, &ErrMsg);
        if (R.Pid == 0) // still running
          continue;
        Done[I] = true;
        --Left;
        RCs[I] = R.ReturnCode < 0 ? fail("running " + Clang + " failed: " + ErrMsg)
                                  : R.ReturnCode;
        if (Verbose)
          llvm::errs() << llvm::format(
              "t2s-clang: %s: %.2f s%s\n", Steps[I].first.c_str(),
              std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count(),
              Steps.size() > 1 ? " (alongside the other compilation)" : "");
      }
      if (Left)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return RCs;
  };
  auto step = [&](llvm::StringRef What, const std::vector<std::string> &Cmd) {
    return alongside({{What.str(), Cmd}}).front();
  };
  if (const ClangArg *Early = stopsEarly(Forwarded))
    return fail(std::string(Mode) + " builds a program; drop '" + Early->Words.front() +
                "' (for objects to link yourself, build the kernels, the host stubs and "
                "the program's object by hand: docs/emulation.md, 'By hand')");
  std::string Output = lastValue(Forwarded, OPT_o).value_or("a.out");
  llvm::SmallString<128> Dir;
  if (DryRun)
    Dir = "<tmp>";
  else if (std::error_code EC = llvm::sys::fs::createUniqueDirectory("t2s-emulate", Dir))
    return fail("cannot create a temporary directory: " + EC.message());
  auto path = [&](llvm::StringRef Name) {
    llvm::SmallString<128> P(Dir);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  };
  // --hls-sim, --xrt: the designs as Vitis HLS C++ (run by the C
  // simulation headers of t2s/hls-sim, or built by v++), and their stubs.
  std::string Kernels = path(HLSSim ? "design-hls.cpp" : "design.cl"),
              Host = path("design-host.cpp"),
              KernelsObj = path("design.o"), HostObj = path("design-host.o");
  // --xrt: the v++ build files, next to the program.
  std::string Config, Makefile;
  auto beside = [&](const std::string &Suffix) {
    llvm::SmallString<256> Abs(Output + Suffix);
    llvm::sys::fs::make_absolute(Abs);
    return std::string(Abs);
  };
  if (OnDevice) // the program loads its kernels at run time: keep them
    Kernels = beside(".cl");
  if (XRT) { // v++ builds them into the .xclbin the program loads
    Kernels = beside("-hls.cpp");
    Config = beside(".cfg");
    Makefile = beside(".mk");
  }
  auto cleanup = [&](int RC) {
    if (!DryRun)
      for (const std::string &F : {Kernels, Host, KernelsObj, HostObj})
        if ((!OnDevice && !XRT) || F != Kernels)
          llvm::sys::fs::remove(F);
    if (!DryRun && RC != 0 && XRT)
      for (const std::string &F : {Kernels, Config, Makefile})
        llvm::sys::fs::remove(F);
    if (!DryRun)
      llvm::sys::fs::remove(Dir);
    return RC;
  };
  if (!DryRun) {
    std::error_code EC;
    if (XRT)
      llvm::sys::fs::remove(Config);
    llvm::raw_fd_ostream Head(Kernels, EC);
    if (EC)
      return cleanup(fail("cannot write " + Kernels + ": " + EC.message()));
    if (!HLSSim && !XRT) // the plugin starts an HLS file with its prelude
      Head << "// Generated by t2s-clang " << Mode << ": the designs' OpenCL kernels.\n";
    llvm::raw_fd_ostream Stubs(Host, EC); // empty: the plugin adds each stub
    if (EC)
      return cleanup(fail("cannot write " + Host + ": " + EC.message()));
  }
  // (1) The kernels and stubs: one compilation per compiled input (clang
  // writes one -o file at most), each appending its designs' kernels and
  // stubs; the other inputs and the link options are left out.
  std::vector<std::string> Tail{"-S", "-emit-llvm", "-o", "/dev/null",
                                "-mllvm", "-t2s-opencl=" + Kernels,
                                "-mllvm", "-t2s-opencl-host=" + Host};
  if (HLSSim || XRT)
    Tail = {"-S", "-emit-llvm", "-o", "/dev/null", "-mllvm", "-t2s-hls=" + Kernels,
            "-mllvm", "-t2s-hls-host=" + Host};
  if (XRT) { // the connectivity; what XRT cannot run is an error in the design
    for (const std::string &O : {"-t2s-hls-config=" + Config, std::string("-t2s-hls-xrt")}) {
      Tail.push_back("-mllvm");
      Tail.push_back(O);
    }
  }
  if (HLSSim) { // a simulation: no warnings about the device's clocks
    Tail.push_back("-mllvm");
    Tail.push_back("-t2s-warn=no-" +
                   t2s::warningGroupName(t2s::WarningGroup::InitiationInterval).str());
  }
  if (OnDevice) { // what the device stub cannot run is an error in the design
    Tail.push_back("-mllvm");
    Tail.push_back("-t2s-opencl-device");
  }
  // The clocked emulation's marks, for its FPGA.
  if (B == Build::Emulate) {
    Tail.push_back("-mllvm");
    Tail.push_back("-t2s-clock-marks");
  }
  Tail.insert(Tail.end(), Board.begin(), Board.end());
  std::vector<const ClangArg *> Compiled;
  for (const ClangArg &A : Forwarded)
    if (A.ID == OPT_INPUT && isCompiledInput(Forwarded, A))
      Compiled.push_back(&A);
  // The precompiled emulation header: built once, alongside the first
  // emitting step, where the cache has none yet.
  std::vector<std::string> PchFlags{"-std=c++17", "-O2", "-I" + L.IncludeDir};
  BuildCache Cache(Clang, L.IncludeDir, PchFlags);
  std::string Pch =
      B != Build::Emulate || !Cache.enabled() ? "" : Cache.path("emulation", "", ".pch");
  std::string PchTemp;
  std::vector<Step> PchStep;
  if (!Pch.empty() && !llvm::sys::fs::exists(Pch)) {
    PchTemp = DryRun ? Pch + ".tmp" : Cache.temporaryFor(Pch);
    if (PchTemp.empty()) {
      Pch.clear(); // the cache cannot be written: no header
    } else {
      std::vector<std::string> Build{Clang};
      Build.insert(Build.end(), PchFlags.begin(), PchFlags.end());
      for (const std::string &A :
           {std::string("-x"), std::string("c++-header"), L.IncludeDir + "/t2s/emulation.h",
            std::string("-Xclang"), std::string("-fno-pch-timestamp"), std::string("-o"),
            PchTemp})
        Build.push_back(A);
      PchStep.push_back({"precompiling the emulation header (once, into " + Pch + ")",
                         std::move(Build)});
    }
  }
  for (const ClangArg *Input : Compiled) {
    std::vector<std::string> Emit = Plugins;
    // A program is often files of designs and files without: no warning for
    // those (the user's own -Wt2s-no-design, later, still wins).
    Emit.push_back("-mllvm");
    Emit.push_back("-t2s-warn=no-" +
                   t2s::warningGroupName(t2s::WarningGroup::NoDesign).str());
    for (const ClangArg &A : Forwarded)
      if (A.ID == OPT_INPUT ? &A == Input
                            : !llvm::is_contained({unsigned(OPT_o), unsigned(OPT_l),
                                                   unsigned(OPT_Wl_COMMA)},
                                                  A.ID))
        Emit.insert(Emit.end(), A.Words.begin(), A.Words.end());
    Emit.insert(Emit.end(), Tail.begin(), Tail.end());
    std::vector<Step> Steps{{Compiled.size() > 1
                                 ? "emitting the kernels and host stubs of " + Input->Value
                                 : std::string("emitting the kernels and host stubs"),
                             Emit}};
    Steps.insert(Steps.end(), PchStep.begin(), PchStep.end());
    std::vector<int> RCs = alongside(Steps);
    if (!PchStep.empty() && !DryRun) {
      if (RCs.back())
        llvm::sys::fs::remove(PchTemp);
      else
        Cache.commit(PchTemp, Pch);
      if (!llvm::sys::fs::exists(Pch)) // another build may have made it
        Pch.clear();
    }
    PchStep.clear();
    if (RCs.front())
      return cleanup(RCs.front());
  }
  if (XRT && !DryRun) { // the v++ build files (the plugin wrote the connectivity)
    std::string Device;
    for (llvm::StringRef F : Board)
      if (F.consume_front("-t2s-device="))
        Device = F.str();
    std::error_code EC;
    llvm::raw_fd_ostream Make(Makefile, EC);
    if (EC)
      return cleanup(fail("cannot write " + Makefile + ": " + EC.message()));
    Make << vitisMakefile(Output, Device);
  }
  // (2) The kernels, as C++ fibers (emulation), and the stubs, compiled
  // side by side, with the precompiled emulation header if there is one.
  auto compiles = [&](const std::string &WithPch) {
    std::vector<std::string> Common{Clang};
    Common.insert(Common.end(), PchFlags.begin(), PchFlags.end());
    Common.push_back("-c");
    std::vector<std::string> Header{"-include", "t2s/emulation.h"};
    if (!WithPch.empty())
      Header = {"-include-pch", WithPch};
    std::vector<Step> Compiles;
    if (HLSSim) {
      // The HLS C++ as Vitis would compile it for C simulation, against the
      // C simulation headers (hls_stream.h, hls_task.h) in place of AMD's.
      std::vector<std::string> CompileHLS = Common;
      for (const std::string &A : {"-I" + L.IncludeDir + "/t2s/hls-sim",
                                   std::string("-Wno-unknown-pragmas"), std::string("-x"),
                                   std::string("c++"), Kernels, std::string("-o"), KernelsObj})
        CompileHLS.push_back(A);
      Compiles.push_back({"compiling the HLS C++ for C simulation", std::move(CompileHLS)});
    } else if (B == Build::Emulate) {
      std::vector<std::string> CompileKernels = Common;
      // '#pragma unroll' asks the FPGA compiler for hardware; on the CPU an
      // unroll too large for clang's limits is no problem worth a warning,
      // nor is the ABI of vector types inside one translation unit.
      for (const std::string &A : {std::string("-Wno-pass-failed"), std::string("-Wno-psabi"),
                                   Header[0], Header[1], std::string("-x"), std::string("c++"),
                                   Kernels, std::string("-o"), KernelsObj})
        CompileKernels.push_back(A);
      Compiles.push_back({"compiling the kernels as C++", std::move(CompileKernels)});
    }
    std::vector<std::string> CompileHost = Common;
    if (HLSSim) {
      CompileHost.push_back("-DT2S_HLS_SIM");
    } else if (XRT) { // XRT's headers (Debian: libxrt-dev); the .xclbin beside the program
      CompileHost.push_back("-I" + std::string(XRTIncludeDir));
      CompileHost.push_back("-DT2S_XCLBIN_FILE=\"" +
                            llvm::sys::path::filename(Output).str() + ".xclbin\"");
    } else if (OnDevice) {
      CompileHost.push_back("-DT2S_OPENCL_OFFLOAD");
      // The file's name only: the program finds it next to its executable
      // (t2s/host.h, programPath), wherever the two are moved together.
      CompileHost.push_back("-DT2S_OPENCL_PROGRAM=\"" +
                            llvm::sys::path::filename(Kernels).str() + "\"");
    } else {
      CompileHost.push_back("-DT2S_EMULATE");
      if (!WithPch.empty())
        CompileHost.insert(CompileHost.end(), Header.begin(), Header.end());
    }
    for (const std::string &A : {Host, std::string("-o"), HostObj})
      CompileHost.push_back(A);
    Compiles.push_back({"compiling the host stubs", std::move(CompileHost)});
    return alongside(Compiles);
  };
  // (3) The program, its nests replaced by calls to the stubs, linked with
  // the objects of (2).
  auto link = [&]() -> int {
    std::vector<std::string> Link = Plugins;
    for (const std::string &W : wordsOf(Forwarded))
      Link.push_back(W);
    // Step (1) has warned about the designs already.
    std::string Quiet;
    for (llvm::StringRef G : t2s::WarningGroupNames)
      Quiet += (Quiet.empty() ? "no-" : ",no-") + G.str();
    for (const std::string &Opt : {"-t2s-warn=" + Quiet, std::string("-t2s-offload")})
      for (const std::string &W : pluginOption(Opt))
        Link.push_back(W);
    Link.push_back("-x");
    Link.push_back("none");
    if (B == Build::Emulate || HLSSim)
      Link.push_back(KernelsObj);
    Link.push_back(HostObj);
    if (HLSSim) { // the tasks run as threads (t2s/hls-sim/hls_task.h)
      Link.push_back("-pthread");
    } else if (XRT) { // xrt::uuid's inline functions call libuuid
      Link.push_back("-lxrt_coreutil");
      Link.push_back("-luuid");
      Link.push_back("-pthread");
    } else if (OnDevice) {
      Link.push_back("-lOpenCL");
    } else { // the kernels run as fibers on worker threads (t2s/fiber.h)
      Link.push_back("-lboost_context");
      Link.push_back("-pthread");
    }
    return cleanup(step("building the program", Link));
  };
  // The objects of the same kernels and stubs, if the cache has them.
  std::string CachedKernels, CachedHost;
  if (B == Build::Emulate && !DryRun && Cache.enabled()) {
    std::string Texts = fileText(Kernels) + ";" + fileText(Host);
    CachedKernels = Cache.path("kernels", Texts, ".o");
    CachedHost = Cache.path("host-stubs", Texts, ".o");
    if (llvm::sys::fs::exists(CachedKernels) && llvm::sys::fs::exists(CachedHost) &&
        !llvm::sys::fs::copy_file(CachedKernels, KernelsObj) &&
        !llvm::sys::fs::copy_file(CachedHost, HostObj)) {
      if (Verbose)
        llvm::errs() << "t2s-clang: the kernels and host stubs are unchanged: their objects "
                        "come from the cache\n";
      return link();
    }
  }
  std::vector<int> RCs = compiles(Pch);
  if (!Pch.empty() && !DryRun && llvm::any_of(RCs, [](int RC) { return RC != 0; })) {
    // Unreadable or from another compiler after all: without it, and the
    // cache forgets it.
    if (Verbose)
      llvm::errs() << "t2s-clang: compiling again without the precompiled header " << Pch
                   << "\n";
    llvm::sys::fs::remove(Pch);
    RCs = compiles("");
  }
  if ((B == Build::Emulate || HLSSim) && RCs.front())
    return cleanup(internalError(RCs.front(), HLSSim ? "HLS C++" : "kernels"));
  if (RCs.back())
    return cleanup(internalError(RCs.back(), "host stubs"));
  if (!CachedKernels.empty()) {
    Cache.store(KernelsObj, CachedKernels);
    Cache.store(HostObj, CachedHost);
  }
  return link();
}

// The first input file on the command line that does not exist ("-" is
// standard input).
std::optional<std::string> missingInput(const ClangArgs &Args) {
  for (const ClangArg &A : Args)
    if (A.ID == OPT_INPUT && A.Value != "-" && !llvm::sys::fs::exists(A.Value))
      return A.Value;
  return std::nullopt;
}

// The text of the runtime header Dir/t2s/Name with the headers it includes
// ('#include "x.h"', beside it) written in place, each once.
llvm::Expected<std::string> expandHeader(llvm::StringRef Dir, llvm::StringRef Name,
                                         llvm::StringSet<> &Done) {
  if (!Done.insert(Name).second)
    return std::string();
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, "t2s", Name);
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return llvm::createStringError(Buffer.getError(),
                                   "cannot read " + Path + ": " +
                                       Buffer.getError().message());
  std::string Out;
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    llvm::StringRef Included = Line.trim();
    if (Included.consume_front("#include \"") && Included.consume_back("\"")) {
      llvm::Expected<std::string> Text = expandHeader(Dir, Included, Done);
      if (!Text)
        return Text.takeError();
      Out += *Text;
      continue;
    }
    Out += Line.str() + "\n";
  }
  return Out;
}

// --emit-opencl=aoc: the kernels file without '#include "t2s/channels.h"':
// the macros of t2s/opencl_intel.h take the place of its first include.
std::optional<std::string> inlineChannelMacros(const std::string &File,
                                               llvm::StringRef IncludeDir) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(File);
  if (!Buffer)
    return "cannot read " + File + ": " + Buffer.getError().message();
  llvm::StringRef Text = (*Buffer)->getBuffer();
  constexpr llvm::StringLiteral Include = "#include \"t2s/channels.h\"\n";
  size_t At = Text.find(Include);
  if (At == llvm::StringRef::npos)
    return std::nullopt; // no channels: nothing to write in
  llvm::StringSet<> Done;
  llvm::Expected<std::string> Macros = expandHeader(IncludeDir, "opencl_intel.h", Done);
  if (!Macros)
    return llvm::toString(Macros.takeError());
  std::string Out = Text.take_front(At).str() +
                    "// The channel macros of t2s/channels.h in Intel's syntax "
                    "(t2s-clang --emit-opencl=aoc).\n" +
                    *Macros;
  for (Text = Text.drop_front(At + Include.size());
       (At = Text.find(Include)) != llvm::StringRef::npos;
       Text = Text.drop_front(At + Include.size()))
    Out += Text.take_front(At).str(); // a later include: written in already
  Out += Text.str();
  std::error_code EC;
  llvm::raw_fd_ostream OS(File, EC);
  if (EC)
    return "cannot write " + File + ": " + EC.message();
  OS << Out;
  return std::nullopt;
}

// One run of t2s-clang, as its command line asks for it.
struct Request {
  // --help, --version: answered without reading the rest of the command line.
  bool Help = false, Version = false;
  bool DryRun = false;
  std::string Report; // "", "text", "json" or "dot"
  std::string Device, Fmax; // the report's estimates: --device=, --fmax=
  std::vector<std::string> Sizes; // --size NAME=VALUE
  bool EmitOpenCL = false, ForAOC = false, Emulate = false, OnDevice = false;
  bool EmitHLS = false, HLSSim = false, XRT = false; // --emit-hls, --hls-sim, --xrt
  std::string HostStub;
  ClangArgs Forwarded;
};

// An error in the command line: main() prints it with fail().
llvm::Error commandLineError(const llvm::Twine &Message) {
  return llvm::createStringError(Message);
}

// \p Word, an argument clang does not know, taken into \p R if it is one of
// t2s-clang's own options: whether it is one, or an error for a value the
// option does not take.
llvm::Expected<bool> takeOwnOption(const std::string &Word, Request &R) {
  unsigned MissingIndex = 0, MissingCount = 0;
  const char *One[] = {Word.c_str()};
  llvm::opt::InputArgList Own =
      ownOptions().ParseArgs(One, MissingIndex, MissingCount);
  const llvm::opt::Arg *O = *Own.begin();
  switch (O->getOption().getID()) {
  case own::OPT_dry_run:
    R.DryRun = true;
    return true;
  case own::OPT_report:
    R.Report = "text";
    return true;
  case own::OPT_report_EQ:
    if (!llvm::is_contained(ReportFormats, llvm::StringRef(O->getValue())))
      return commandLineError("--report= takes 'text' or 'json', not '" +
                              llvm::Twine(O->getValue()) +
                              "' (the Graphviz picture is --emit-dot)");
    R.Report = O->getValue();
    return true;
  case own::OPT_emit_dot:
    R.Report = "dot";
    return true;
  case own::OPT_device_EQ: {
    std::vector<std::string> Known = deviceKeys();
    if (!llvm::is_contained(Known, O->getValue()))
      return commandLineError("--device= takes one of " + llvm::join(Known, ", ") +
                              ", not '" + llvm::Twine(O->getValue()) + "'");
    R.Device = O->getValue();
    return true;
  }
  case own::OPT_size_EQ: {
    // One size or several (--size=I=2,J=2: what the clocked emulation prints).
    llvm::SmallVector<llvm::StringRef, 4> Items;
    llvm::StringRef(O->getValue()).split(Items, ',');
    for (llvm::StringRef Item : Items) {
      auto [Name, Value] = Item.split('=');
      long long V = 0;
      if (Name.empty() || !(llvm::isAlpha(Name.front()) || Name.front() == '_') ||
          Value.getAsInteger(10, V) || V < 0)
        return commandLineError(
            "--size= takes a parameter's name and a size of at least 0 "
            "(--size=KT=64, or several: --size=I=2,J=2), not '" + llvm::Twine(O->getValue()) +
            "'");
      R.Sizes.push_back(Item.str());
    }
    return true;
  }
  case own::OPT_fmax_EQ: {
    double MHz = 0;
    if (llvm::StringRef(O->getValue()).getAsDouble(MHz) || !(MHz >= 1 && MHz <= 2000))
      return commandLineError(
          "--fmax= takes the clock in MHz, a number from 1 to 2000 (--fmax=250), "
          "not '" + llvm::Twine(O->getValue()) + "'");
    R.Fmax = O->getValue();
    return true;
  }
  case own::OPT_emit_opencl:
    R.EmitOpenCL = true;
    R.ForAOC = false;
    return true;
  case own::OPT_emit_opencl_EQ:
    if (llvm::StringRef(O->getValue()) != "aoc")
      return commandLineError("--emit-opencl= takes 'aoc' (a self-contained file for "
                              "Intel's aoc), not '" + llvm::Twine(O->getValue()) + "'");
    R.EmitOpenCL = R.ForAOC = true;
    return true;
  case own::OPT_emulate:
    R.Emulate = true;
    return true;
  case own::OPT_emit_hls:
    R.EmitHLS = true;
    return true;
  case own::OPT_hls_sim:
    R.HLSSim = true;
    return true;
  case own::OPT_xrt:
    R.XRT = true;
    return true;
  case own::OPT_opencl:
    R.OnDevice = true;
    return true;
  case own::OPT_host_stub_EQ:
    if (!*O->getValue())
      return commandLineError(
          "--host-stub= needs a file name: --host-stub=design-host.cpp");
    R.HostStub = O->getValue();
    return true;
  default:
    return false;
  }
}

// The command line (without the program's name). An error stops the parse
// at the argument that has it; --help and --version stop it too.
llvm::Expected<Request> parseCommandLine(llvm::ArrayRef<const char *> Words) {
  Request R;
  // clang's table first: it knows which words are values of its options.
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList Args = clang::driver::getDriverOptTable().ParseArgs(
      Words, MissingIndex, MissingCount, llvm::opt::Visibility(ClangOption));
  for (auto It = Args.begin(); It != Args.end(); ++It) {
    const llvm::opt::Arg &A = **It;
    // Its words: up to the next argument's first word.
    unsigned End = std::next(It) == Args.end() ? Words.size() : (*std::next(It))->getIndex();
    std::vector<std::string> Spelled(Words.begin() + A.getIndex(), Words.begin() + End);
    llvm::StringRef Arg = Spelled.front();
    unsigned ID = A.getOption().getID();
    if (ID == OPT_help) {
      R.Help = true;
      return R;
    }
    if (ID == OPT__version) {
      R.Version = true;
      return R;
    }
    if (ID == OPT_W_Joined)
      if (std::optional<std::string> Spec = t2sWarningFlag(Arg)) {
        if (Spec->empty())
          return commandLineError("unknown warning option '" + Arg +
                                  "'; T2S's warnings are " + t2sWarningList());
        R.Forwarded.push_back({OPT_Xclang, "-mllvm", pluginOption("-t2s-warn=" + *Spec)});
        continue;
      }
    if (ID != OPT_UNKNOWN) { // clang's
      R.Forwarded.push_back({ID, A.getNumValues() ? A.getValue(0) : "", Spelled});
      continue;
    }
    // Not clang's: ours, a misspelling of ours, or for clang to refuse.
    llvm::Expected<bool> Own = takeOwnOption(Spelled.front(), R);
    if (!Own)
      return Own.takeError();
    if (*Own)
      continue;
    if (Arg.starts_with("--"))
      if (std::optional<std::string> Near = misspelledOwnOption(Arg))
        return commandLineError("unknown option '" + Arg + "'; did you mean '" +
                                *Near + "'? (see 't2s-clang --help')");
    R.Forwarded.push_back({ID, "", Spelled});
  }
  if (R.Forwarded.empty())
    return commandLineError("no input files; see 't2s-clang --help'");
  return R;
}

// --version: T2S's version and where its pieces are, then clang's.
int printVersion(const Layout &L, const std::string &Clang) {
  llvm::outs() << "t2s-clang " << T2S_VERSION_STRING << " (T2S on LLVM)\n"
               << "  plugins: " << L.LibDir << "\n"
               << "  clang:   " << Clang << "\n";
  llvm::outs().flush(); // before clang's lines
  std::vector<llvm::StringRef> Cmd{Clang, "--version"};
  return llvm::sys::ExecuteAndWait(Clang, Cmd) == 0 ? 0 : 1;
}

// What this run cannot do without, if it is missing: the plugins and, unless
// it only prints its commands, clang++ and the input files.
std::optional<std::string> missingPrerequisite(const Layout &L,
                                               const std::string &Clang,
                                               const Request &R) {
  for (const std::string &P : {L.PassPlugin, L.ClangPlugin})
    if (!llvm::sys::fs::exists(P))
      return "cannot find the plugin " + P + "; is T2S installed completely?";
  if (!R.DryRun && !llvm::sys::fs::can_execute(Clang))
    return "cannot run clang++ at '" + Clang +
           "'; install clang-19 (scripts/install-deps.sh) or set "
           "T2S_CLANGXX";
  if (std::optional<std::string> Missing = missingInput(R.Forwarded); Missing && !R.DryRun)
    return "no such file: '" + *Missing + "'";
  return std::nullopt;
}

// The error in the modes \p R asks for, if any: modes that do not go
// together, or a mode without what it needs.
std::optional<std::string> checkModes(const Request &R) {
  if (!R.HostStub.empty() && !R.EmitOpenCL && !R.EmitHLS)
    return std::string("--host-stub goes with --emit-opencl or --emit-hls: t2s-clang "
                       "--emit-opencl design.cpp -o design.cl --host-stub=design-host.cpp");
  if (R.EmitOpenCL && R.EmitHLS)
    return std::string("--emit-opencl and --emit-hls write different files; choose one");
  if (int(R.Emulate) + int(R.OnDevice) + int(R.HLSSim) + int(R.XRT) > 1)
    return std::string("--emulate, --opencl, --hls-sim and --xrt build different programs; "
                       "choose one");
  if ((R.Emulate || R.OnDevice || R.HLSSim || R.XRT) &&
      (R.EmitOpenCL || R.EmitHLS || !R.Report.empty()))
    return std::string(R.Emulate    ? "--emulate"
                       : R.OnDevice ? "--opencl"
                       : R.HLSSim   ? "--hls-sim"
                                    : "--xrt") +
           " builds a program; it does not go together with "
           "--emit-opencl, --emit-hls, --report or --emit-dot";
  if (!R.Sizes.empty() && (R.Report.empty() || R.Report == "dot") && !R.EmitOpenCL &&
      !R.EmitHLS && !R.Emulate && !R.OnDevice && !R.HLSSim && !R.XRT)
    return std::string("--size= gives the run-time sizes a design is built for (the report's "
                       "estimates, channels whose depth grows with them); it goes with "
                       "--report, --emit-opencl, --emulate or --opencl (t2s-clang --report "
                       "--size=KT=64 design.cpp)");
  if ((!R.Device.empty() || !R.Fmax.empty()) && (R.Report.empty() || R.Report == "dot") &&
      !R.Emulate && !R.EmitOpenCL && !R.EmitHLS && !R.XRT)
    return std::string("--device= and --fmax= choose the FPGA of the report's estimates and "
                       "of the clocked emulation; they go with --report, --emulate or "
                       "--emit-opencl (t2s-clang --report --device=arria10 --fmax=215 "
                       "design.cpp)");
  if ((R.EmitOpenCL || R.EmitHLS) && !R.Report.empty())
    return std::string(R.EmitHLS ? "--emit-hls" : "--emit-opencl") +
           " and --report/--emit-dot do not go together";
  // The kernels go to the -o file; nothing else is produced.
  if (R.EmitOpenCL && lastValue(R.Forwarded, OPT_o).value_or("").empty())
    return std::string("--emit-opencl needs the output file: -o design.cl");
  if (R.EmitHLS && lastValue(R.Forwarded, OPT_o).value_or("").empty())
    return std::string("--emit-hls needs the output file: -o design-hls.cpp");
  return std::nullopt;
}

// The start of every clang++ command: both plugins and the runtime headers.
std::vector<std::string> clangWithPlugins(const std::string &Clang, const Layout &L) {
  return {
      Clang,
      "-fplugin=" + L.ClangPlugin,
      // Also loaded as a plugin so that -mllvm -t2s-* options exist.
      "-fplugin=" + L.PassPlugin,
      "-fpass-plugin=" + L.PassPlugin,
      "-I" + L.IncludeDir,
  };
}

// The files of a run that is not --emulate/--opencl that clang itself does
// not write (with --emit-opencl or --report, clang's output is /dev/null and
// the -o file is one of them); a failed run leaves none of them behind.
struct Outputs {
  std::string OpenCL;   // --emit-opencl: the kernels, in the -o file
  std::string HLS;      // --emit-hls: the HLS C++, in the -o file
  std::string HostStub; // --host-stub=
  std::string Report;   // --report/--emit-dot with -o FILE (else standard output)
};

Outputs outputsOf(const Request &R) {
  Outputs Out;
  Out.HostStub = R.HostStub;
  std::string O = lastValue(R.Forwarded, OPT_o).value_or("");
  if (R.EmitOpenCL)
    Out.OpenCL = O;
  else if (R.EmitHLS)
    Out.HLS = O;
  else if (!R.Report.empty() && O != "-") // '-o -': standard output, as clang
    Out.Report = O;
  return Out;
}

// --emit-opencl: the kernels file, new, with its banner (the plugin appends
// each design's kernels to it, and its host stubs to the stub file, which
// must not keep an earlier run's).
std::optional<std::string> startOpenCLOutputs(const Outputs &Out) {
  if (!Out.HLS.empty()) { // the plugin starts each file with its prelude
    for (const std::string &F : {Out.HLS, Out.HostStub})
      if (!F.empty())
        llvm::sys::fs::remove(F);
    return std::nullopt;
  }
  if (Out.OpenCL.empty())
    return std::nullopt;
  llvm::sys::fs::remove(Out.OpenCL);
  {
    std::error_code EC;
    llvm::raw_fd_ostream Head(Out.OpenCL, EC);
    if (EC)
      return "cannot write " + Out.OpenCL + ": " + EC.message();
    Head << "// Generated by t2s-clang --emit-opencl: OpenCL C for Intel FPGAs.\n";
  }
  if (!Out.HostStub.empty())
    llvm::sys::fs::remove(Out.HostStub);
  return std::nullopt;
}

// The plugin's options for --device=, --fmax= and --size=, where given.
std::vector<std::string> boardFlags(const Request &R) {
  std::vector<std::string> Flags;
  for (const auto &[Flag, Value] : {std::pair{"-t2s-device=", &R.Device}, {"-t2s-fmax=", &R.Fmax}})
    if (!Value->empty()) {
      Flags.push_back("-mllvm");
      Flags.push_back(Flag + *Value);
    }
  if (!R.Sizes.empty()) {
    Flags.push_back("-mllvm");
    Flags.push_back("-t2s-size=" + llvm::join(R.Sizes, ","));
  }
  return Flags;
}

// The one clang++ command of a run that is not --emulate/--opencl, after
// \p Cmd (clangWithPlugins()): the user's build as it is, or, for
// --emit-opencl and --report/--emit-dot, a compilation that only runs the
// passes.
std::vector<std::string> clangCommand(std::vector<std::string> Cmd, const Request &R,
                                      const Outputs &Out) {
  if (R.EmitOpenCL || R.EmitHLS) {
    for (const std::string &W : passesOnly(R.Forwarded))
      Cmd.push_back(W);
    for (const std::string &W : boardFlags(R))
      Cmd.push_back(W);
    Cmd.push_back("-mllvm");
    Cmd.push_back(R.EmitHLS ? "-t2s-hls=" + Out.HLS : "-t2s-opencl=" + Out.OpenCL);
    if (!Out.HostStub.empty()) {
      Cmd.push_back("-mllvm");
      Cmd.push_back((R.EmitHLS ? "-t2s-hls-host=" : "-t2s-opencl-host=") + Out.HostStub);
    }
    return Cmd;
  }
  if (R.Report.empty()) {
    for (const std::string &W : wordsOf(R.Forwarded))
      Cmd.push_back(W);
    return Cmd;
  }
  // The report goes to standard output, which runClang() sends to the -o
  // file if there is one.
  for (const std::string &W : passesOnly(R.Forwarded))
    Cmd.push_back(W);
  Cmd.push_back("-mllvm");
  Cmd.push_back("-t2s-report=" + R.Report);
  for (const std::string &W : boardFlags(R))
    Cmd.push_back(W);
  return Cmd;
}

// Runs \p Cmd, one clang++ command (--dry-run: prints it), its standard
// output to Out.Report if that is set; a failure leaves none of Out's files.
int runOnce(const std::string &Clang, const std::vector<std::string> &Cmd,
            const Outputs &Out, const Request &R) {
  if (R.DryRun) {
    printCommand(Cmd);
    return 0;
  }
  std::vector<llvm::StringRef> CmdRefs(Cmd.begin(), Cmd.end());
  std::string ErrMsg;
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, std::nullopt,
                                                std::nullopt};
  if (!Out.Report.empty()) {
    llvm::sys::fs::remove(Out.Report); // written anew, never over an old file
    Redirects[1] = Out.Report;
  }
  int RC = llvm::sys::ExecuteAndWait(Clang, CmdRefs, childEnvironment(), Redirects,
                                     0, 0, &ErrMsg);
  if (RC != 0) // no output a failed step leaves half written
    for (const std::string &F : {Out.OpenCL, Out.HLS, Out.HostStub, Out.Report})
      if (!F.empty())
        llvm::sys::fs::remove(F);
  if (RC < 0)
    return fail("running " + Clang + " failed: " + ErrMsg);
  return RC;
}

// After the last command: --emit-opencl=aoc writes the channel macros into
// the kernels' file.
int finishOutputs(const Outputs &Out, const Request &R, const Layout &L) {
  if (R.DryRun || !R.ForAOC)
    return 0;
  if (std::optional<std::string> Error = inlineChannelMacros(Out.OpenCL, L.IncludeDir)) {
    llvm::sys::fs::remove(Out.OpenCL);
    return fail(*Error);
  }
  return 0;
}

// Runs \p Cmd, the one clang++ command of a run that is not
// --emulate/--opencl (--dry-run: prints it), and finishes its outputs.
int runClang(const std::string &Clang, const std::vector<std::string> &Cmd,
             const Outputs &Out, const Request &R, const Layout &L) {
  if (int RC = runOnce(Clang, Cmd, Out, R))
    return RC;
  return finishOutputs(Out, R, L);
}

} // namespace

// The reports of several inputs as one: texts and graphs one after the
// other, JSON documents merged (each list of the first gains the others').
std::string joinReports(const std::vector<std::string> &Parts, bool Json) {
  if (!Json) {
    std::string All;
    for (const std::string &P : Parts)
      All += P;
    return All;
  }
  std::optional<llvm::json::Object> Merged;
  for (const std::string &P : Parts) {
    llvm::Expected<llvm::json::Value> V = llvm::json::parse(P);
    if (!V) {
      llvm::consumeError(V.takeError());
      continue; // a compilation that failed printed none
    }
    llvm::json::Object *O = V->getAsObject();
    if (!O)
      continue;
    if (!Merged) {
      Merged = std::move(*O);
      continue;
    }
    for (auto &[Key, Value] : *O)
      if (llvm::json::Array *To = Merged->getArray(Key))
        if (llvm::json::Array *From = Value.getAsArray())
          for (llvm::json::Value &X : *From)
            To->push_back(std::move(X));
  }
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << llvm::formatv("{0:2}", llvm::json::Value(Merged ? std::move(*Merged)
                                                        : llvm::json::Object()))
     << "\n";
  return Text;
}

// --emit-opencl and --report/--emit-dot of several compiled inputs: clang
// writes one -o file at most, so one compilation per input, each with the
// other inputs left out; the kernels and stubs are appended by the passes,
// the reports joined here.
int runPerInput(const std::string &Clang, const std::vector<std::string> &Plugins,
                const Request &R, const Outputs &Out, const Layout &L,
                const std::vector<const ClangArg *> &Compiled) {
  std::vector<std::string> Parts;
  for (const ClangArg *Input : Compiled) {
    Request One = R;
    One.Forwarded.clear();
    for (const ClangArg &A : R.Forwarded)
      if (&A == Input || !llvm::is_contained(Compiled, &A))
        One.Forwarded.push_back(A);
    Outputs Each = Out; // the report of each to a file of its own
    Each.Report.clear();
    llvm::SmallString<128> Captured;
    if (!R.Report.empty() && !R.DryRun) {
      if (std::error_code EC = llvm::sys::fs::createTemporaryFile("t2s-report", "txt", Captured))
        return fail("cannot create a temporary file: " + EC.message());
      Each.Report = std::string(Captured);
    }
    int RC = runOnce(Clang, clangCommand(Plugins, One, Each), Each, R);
    if (!Captured.empty()) {
      if (auto Buf = llvm::MemoryBuffer::getFile(Captured))
        Parts.push_back((*Buf)->getBuffer().str());
      llvm::sys::fs::remove(Captured);
    }
    if (RC != 0)
      return RC;
  }
  if (R.DryRun)
    return 0;
  if (!R.Report.empty()) {
    std::string Joined = joinReports(Parts, R.Report == "json");
    if (Out.Report.empty()) {
      llvm::outs() << Joined;
    } else {
      std::error_code EC;
      llvm::raw_fd_ostream OS(Out.Report, EC);
      if (EC)
        return fail("cannot write " + Out.Report + ": " + EC.message());
      OS << Joined;
    }
  }
  return finishOutputs(Out, R, L);
}

int main(int Argc, char **Argv) {
  llvm::InitLLVM X(Argc, Argv);
  Layout L = findLayout(Argv[0]);
  std::string Clang = clangPath();

  // (1) The command line: what it asks for, and whether this run can do it.
  llvm::Expected<Request> R =
      parseCommandLine(llvm::ArrayRef<const char *>(Argv + 1, Argv + Argc));
  if (!R)
    return fail(llvm::toString(R.takeError()));
  if (R->Help) {
    printUsage();
    return 0;
  }
  if (R->Version)
    return printVersion(L, Clang);
  if (lastValue(R->Forwarded, OPT_v)) // clang's -v names clang; this names T2S
    llvm::errs() << "t2s-clang " << T2S_VERSION_STRING << " (T2S on LLVM), plugins in "
                 << L.LibDir << "\n";
  if (std::optional<std::string> Error = missingPrerequisite(L, Clang, *R))
    return fail(*Error);
  if (std::optional<std::string> Error = checkModes(*R))
    return fail(*Error);
  // The Vitis HLS outputs are for AMD's cards: their timing warnings and
  // build files are the U250's unless --device= names another.
  if ((R->EmitHLS || R->XRT) && R->Device.empty())
    R->Device = "u250";

  // (2) The clang++ commands, and (3) running them: --emulate and --opencl
  // build the program in steps; every other mode is one command.
  std::vector<std::string> Plugins = clangWithPlugins(Clang, L);
  if (R->Emulate || R->OnDevice || R->HLSSim || R->XRT)
    return emulate(Clang, L, Plugins, R->Forwarded, R->DryRun,
                   R->XRT        ? Build::XRT
                   : R->HLSSim   ? Build::HLSSim
                   : R->OnDevice ? Build::OpenCL
                                 : Build::Emulate,
                   boardFlags(*R));
  Outputs Out = outputsOf(*R);
  if (std::optional<std::string> Error = startOpenCLOutputs(Out))
    return fail(*Error);
  std::vector<const ClangArg *> Compiled;
  for (const ClangArg &A : R->Forwarded)
    if (A.ID == OPT_INPUT && isCompiledInput(R->Forwarded, A))
      Compiled.push_back(&A);
  if (Compiled.size() > 1 && (R->EmitOpenCL || R->EmitHLS || !R->Report.empty()))
    return runPerInput(Clang, Plugins, *R, Out, L, Compiled);
  return runClang(Clang, clangCommand(Plugins, *R, Out), Out, *R, L);
}
