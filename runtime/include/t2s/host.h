//===- t2s/host.h - Running emitted kernels on an OpenCL device -*- C++ -*-===//
//
// The host side that the stubs of 't2s-clang --emit-opencl --host-stub=...'
// are written against, usable by hand too:
//
//   t2s::host::Device D;                         // first platform with a device
//   t2s::host::Program P(D, "gemm.cl", "-cl-std=CL1.2");   // or "gemm.aocx"
//   t2s::host::Buffer<float> A(D, n, /*DeviceWrites=*/false, /*DeviceReads=*/true);
//   A.write(a);
//   t2s::host::Kernel K(D, P, "gemm");
//   K.setArgs(A, B, C);                          // buffers and scalars
//   t2s::host::runAll({&K});                     // start all, then wait for all
//   C.read(c);
//
// It is a thin layer over the Khronos C++ bindings (CL/opencl.hpp, with
// exceptions): every OpenCL call is checked; a failure throws
// t2s::host::Error, whose what() names the call, the error code by name and,
// for a build, the compiler's log. Each kernel has its own in-order queue
// with profiling on: kernels that talk through channels (Intel FPGAs) must
// run at the same time, and Kernel::seconds() is the device's own time of the
// last run. The cl:: objects are reachable (Device::context(), Kernel::get())
// for anything this layer does not cover.
//
// Environment: T2S_OPENCL_PLATFORM picks the platform whose name contains it
// (case-insensitive); T2S_OPENCL_PROFILE=1 prints the device time of every
// kernel after each runAll. Link with -lOpenCL. Include this header before
// any other use of CL/opencl.hpp (it needs CL_HPP_ENABLE_EXCEPTIONS).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_HOST_H
#define T2S_HOST_H

#if defined(CL_HPP_) && !defined(CL_HPP_ENABLE_EXCEPTIONS)
#error "t2s/host.h needs CL/opencl.hpp with CL_HPP_ENABLE_EXCEPTIONS: include t2s/host.h first"
#endif
#ifndef CL_HPP_ENABLE_EXCEPTIONS
#define CL_HPP_ENABLE_EXCEPTIONS
#endif
#ifndef CL_HPP_TARGET_OPENCL_VERSION
#define CL_HPP_TARGET_OPENCL_VERSION 120
#endif
#ifndef CL_HPP_MINIMUM_OPENCL_VERSION
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#endif
#include <CL/opencl.hpp>

#include "program_file.h"
#include "sizes.h"
#include "vector_types.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace t2s {
namespace host {

/// The name of an OpenCL 1.2 error code ("CL_INVALID_VALUE").
inline const char *errorName(cl_int Code) {
  switch (Code) {
#define T2S_CL_ERROR(E) case E: return #E;
    T2S_CL_ERROR(CL_SUCCESS)
    T2S_CL_ERROR(CL_DEVICE_NOT_FOUND)
    T2S_CL_ERROR(CL_DEVICE_NOT_AVAILABLE)
    T2S_CL_ERROR(CL_COMPILER_NOT_AVAILABLE)
    T2S_CL_ERROR(CL_MEM_OBJECT_ALLOCATION_FAILURE)
    T2S_CL_ERROR(CL_OUT_OF_RESOURCES)
    T2S_CL_ERROR(CL_OUT_OF_HOST_MEMORY)
    T2S_CL_ERROR(CL_PROFILING_INFO_NOT_AVAILABLE)
    T2S_CL_ERROR(CL_MEM_COPY_OVERLAP)
    T2S_CL_ERROR(CL_IMAGE_FORMAT_MISMATCH)
    T2S_CL_ERROR(CL_IMAGE_FORMAT_NOT_SUPPORTED)
    T2S_CL_ERROR(CL_BUILD_PROGRAM_FAILURE)
    T2S_CL_ERROR(CL_MAP_FAILURE)
    T2S_CL_ERROR(CL_MISALIGNED_SUB_BUFFER_OFFSET)
    T2S_CL_ERROR(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
    T2S_CL_ERROR(CL_COMPILE_PROGRAM_FAILURE)
    T2S_CL_ERROR(CL_LINKER_NOT_AVAILABLE)
    T2S_CL_ERROR(CL_LINK_PROGRAM_FAILURE)
    T2S_CL_ERROR(CL_DEVICE_PARTITION_FAILED)
    T2S_CL_ERROR(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
    T2S_CL_ERROR(CL_INVALID_VALUE)
    T2S_CL_ERROR(CL_INVALID_DEVICE_TYPE)
    T2S_CL_ERROR(CL_INVALID_PLATFORM)
    T2S_CL_ERROR(CL_INVALID_DEVICE)
    T2S_CL_ERROR(CL_INVALID_CONTEXT)
    T2S_CL_ERROR(CL_INVALID_QUEUE_PROPERTIES)
    T2S_CL_ERROR(CL_INVALID_COMMAND_QUEUE)
    T2S_CL_ERROR(CL_INVALID_HOST_PTR)
    T2S_CL_ERROR(CL_INVALID_MEM_OBJECT)
    T2S_CL_ERROR(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
    T2S_CL_ERROR(CL_INVALID_IMAGE_SIZE)
    T2S_CL_ERROR(CL_INVALID_SAMPLER)
    T2S_CL_ERROR(CL_INVALID_BINARY)
    T2S_CL_ERROR(CL_INVALID_BUILD_OPTIONS)
    T2S_CL_ERROR(CL_INVALID_PROGRAM)
    T2S_CL_ERROR(CL_INVALID_PROGRAM_EXECUTABLE)
    T2S_CL_ERROR(CL_INVALID_KERNEL_NAME)
    T2S_CL_ERROR(CL_INVALID_KERNEL_DEFINITION)
    T2S_CL_ERROR(CL_INVALID_KERNEL)
    T2S_CL_ERROR(CL_INVALID_ARG_INDEX)
    T2S_CL_ERROR(CL_INVALID_ARG_VALUE)
    T2S_CL_ERROR(CL_INVALID_ARG_SIZE)
    T2S_CL_ERROR(CL_INVALID_KERNEL_ARGS)
    T2S_CL_ERROR(CL_INVALID_WORK_DIMENSION)
    T2S_CL_ERROR(CL_INVALID_WORK_GROUP_SIZE)
    T2S_CL_ERROR(CL_INVALID_WORK_ITEM_SIZE)
    T2S_CL_ERROR(CL_INVALID_GLOBAL_OFFSET)
    T2S_CL_ERROR(CL_INVALID_EVENT_WAIT_LIST)
    T2S_CL_ERROR(CL_INVALID_EVENT)
    T2S_CL_ERROR(CL_INVALID_OPERATION)
    T2S_CL_ERROR(CL_INVALID_GL_OBJECT)
    T2S_CL_ERROR(CL_INVALID_BUFFER_SIZE)
    T2S_CL_ERROR(CL_INVALID_MIP_LEVEL)
    T2S_CL_ERROR(CL_INVALID_GLOBAL_WORK_SIZE)
    T2S_CL_ERROR(CL_INVALID_PROPERTY)
    T2S_CL_ERROR(CL_INVALID_IMAGE_DESCRIPTOR)
    T2S_CL_ERROR(CL_INVALID_COMPILER_OPTIONS)
    T2S_CL_ERROR(CL_INVALID_LINKER_OPTIONS)
    T2S_CL_ERROR(CL_INVALID_DEVICE_PARTITION_COUNT)
#undef T2S_CL_ERROR
  default:
    return "an unknown OpenCL error";
  }
}

/// A failed OpenCL call.
struct Error : std::runtime_error {
  cl_int Code;
  Error(const std::string &Call, cl_int Code, const std::string &Detail = "")
      : std::runtime_error(Call + " failed: " + errorName(Code) + " (" +
                           std::to_string(Code) + ")" +
                           (Detail.empty() ? "" : "\n" + Detail)),
        Code(Code) {}
  /// The same failure, as the bindings reported it.
  Error(const cl::Error &E, const std::string &Detail = "")
      : Error(E.what() ? E.what() : "an OpenCL call", E.err(), Detail) {}
};

namespace detail {
inline std::string lower(std::string S) {
  std::transform(S.begin(), S.end(), S.begin(),
                 [](unsigned char C) { return char(std::tolower(C)); });
  return S;
}

// T2S_OPENCL_PROFILE set and not "0".
inline bool profileWanted() {
  const char *V = std::getenv("T2S_OPENCL_PROFILE");
  return V && *V && std::string(V) != "0";
}

// -1001 (CL_PLATFORM_NOT_FOUND_KHR): the ICD loader found no platform.
constexpr cl_int PlatformNotFound = -1001;
} // namespace detail

/// One platform, device and context, and an in-order queue for copies.
class Device {
  cl::Device Id;
  cl::Context Context;
  cl::CommandQueue Copies;
  std::string Name;

public:
  Device() try {
    std::vector<cl::Platform> Platforms;
    try {
      cl::Platform::get(&Platforms);
    } catch (const cl::Error &E) {
      if (E.err() != detail::PlatformNotFound)
        throw;
    }
    if (Platforms.empty())
      throw Error("clGetPlatformIDs", CL_DEVICE_NOT_FOUND,
                  "no OpenCL platform is installed (PoCL: scripts/install-deps.sh)");
    const char *Want = std::getenv("T2S_OPENCL_PLATFORM");
    std::string Seen;
    for (const cl::Platform &P : Platforms) {
      std::string PName = P.getInfo<CL_PLATFORM_NAME>();
      Seen += (Seen.empty() ? "" : ", ") + PName;
      if (Want && detail::lower(PName).find(detail::lower(Want)) == std::string::npos)
        continue;
      std::vector<cl::Device> Devices;
      try {
        P.getDevices(CL_DEVICE_TYPE_ALL, &Devices);
      } catch (const cl::Error &) {
        continue; // CL_DEVICE_NOT_FOUND: try the next platform
      }
      if (Devices.empty())
        continue;
      Id = Devices.front();
      Name = PName + " / " + Id.getInfo<CL_DEVICE_NAME>();
      break;
    }
    if (Name.empty())
      throw Error("clGetDeviceIDs", CL_DEVICE_NOT_FOUND,
                  Want ? "no platform named like T2S_OPENCL_PLATFORM='" +
                             std::string(Want) + "' has a device; platforms: " + Seen
                       : "no platform has a device; platforms: " + Seen);
    Context = cl::Context(Id);
    Copies = cl::CommandQueue(Context, Id);
  } catch (const cl::Error &E) {
    throw Error(E);
  }

  /// "platform / device".
  const std::string &name() const { return Name; }
  const cl::Context &context() const { return Context; }
  const cl::Device &id() const { return Id; }
  /// The queue that buffers copy through.
  cl::CommandQueue &copies() { return Copies; }
};

/// A program from OpenCL C source (.cl), or an offline-compiled binary
/// (.aocx, Intel's FPGA bitstream), built for the device.
class Program {
  cl::Program Value;

public:
  Program(Device &D, const std::string &Path, const std::string &Options = "") {
    std::ifstream In(Path, std::ios::binary);
    if (!In)
      throw Error("reading " + Path, CL_INVALID_VALUE,
                  "cannot open the file; the program reads its kernels from the "
                  "file t2s-clang wrote next to it, or from the file the "
                  "environment variable T2S_OPENCL_PROGRAM names");
    std::string Bytes((std::istreambuf_iterator<char>(In)), std::istreambuf_iterator<char>());
    bool Binary = Path.size() > 5 && Path.compare(Path.size() - 5, 5, ".aocx") == 0;
    try {
      if (Binary)
        Value = cl::Program(D.context(), {D.id()},
                            cl::Program::Binaries{std::vector<unsigned char>(
                                Bytes.begin(), Bytes.end())});
      else
        Value = cl::Program(D.context(), Bytes);
    } catch (const cl::Error &E) {
      throw Error(E, "loading " + Path);
    }
    // Division and sqrt as the host rounds them (correctly), where the
    // device can: OpenCL C otherwise allows them 2.5 and 3 ulp (OpenCL 1.2,
    // 5.6.4.2 and table 7.1).
    std::string Build = Options;
    if (!Binary &&
        (D.id().getInfo<CL_DEVICE_SINGLE_FP_CONFIG>() & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT))
      Build += (Build.empty() ? "" : " ") + std::string("-cl-fp32-correctly-rounded-divide-sqrt");
    try {
      Value.build({D.id()}, Build.c_str());
    } catch (const cl::BuildError &E) {
      std::string Log;
      for (const auto &DeviceLog : E.getBuildLog())
        Log += DeviceLog.second;
      throw Error(E, "building " + Path + ":\n" + Log);
    } catch (const cl::Error &E) {
      throw Error(E, "building " + Path);
    }
    // A build that succeeded may still have warned: show what it said (some
    // implementations print only the count of warnings themselves).
    std::string Log = Value.getBuildInfo<CL_PROGRAM_BUILD_LOG>(D.id());
    if (Log.find_first_not_of(" \t\r\n\0") != std::string::npos)
      std::fprintf(stderr, "t2s: the OpenCL build log of %s:\n%s%s", Path.c_str(),
                   Log.c_str(), Log.back() == '\n' ? "" : "\n");
  }
  const cl::Program &get() const { return Value; }
};

/// A device buffer of N elements of T. OpenCL has no empty buffers: one of
/// 0 elements (a run-time size of 0) holds one that is never copied.
template <class T> class Buffer {
  cl::Buffer Mem;
  cl::CommandQueue Queue;
  size_t N;

public:
  Buffer(Device &D, size_t N, bool DeviceWrites, bool DeviceReads)
      : Queue(D.copies()), N(N) {
    cl_mem_flags Flags = DeviceWrites && DeviceReads ? CL_MEM_READ_WRITE
                         : DeviceWrites              ? CL_MEM_WRITE_ONLY
                                                     : CL_MEM_READ_ONLY;
    try {
      Mem = cl::Buffer(D.context(), Flags, std::max<size_t>(N, 1) * sizeof(T));
    } catch (const cl::Error &E) {
      throw Error(E, "a buffer of " + std::to_string(N) + " elements");
    }
  }
  /// Copies N elements from the host to the device (blocking).
  void write(const T *Host) {
    if (N == 0)
      return;
    try {
      Queue.enqueueWriteBuffer(Mem, CL_TRUE, 0, N * sizeof(T), Host);
    } catch (const cl::Error &E) {
      throw Error(E);
    }
  }
  /// Copies N elements from the device to the host (blocking).
  void read(T *Host) {
    if (N == 0)
      return;
    try {
      Queue.enqueueReadBuffer(Mem, CL_TRUE, 0, N * sizeof(T), Host);
    } catch (const cl::Error &E) {
      throw Error(E);
    }
  }
  size_t size() const { return N; }
  const cl::Buffer &get() const { return Mem; }
};

/// A single-work-item kernel with its own in-order, profiling queue.
class Kernel {
  cl::Kernel Value;
  cl::CommandQueue Queue;
  cl::Event Last;
  std::string Name;

  template <class T> void setArg(cl_uint I, const Buffer<T> &B) { Value.setArg(I, B.get()); }
  template <class T> void setArg(cl_uint I, const T &V) {
    static_assert(std::is_trivially_copyable<T>::value, "kernel arguments are plain values");
    Value.setArg(I, V);
  }

public:
  Kernel(Device &D, Program &P, const std::string &Name) : Name(Name) {
    try {
      Value = cl::Kernel(P.get(), Name.c_str());
    } catch (const cl::Error &E) {
      throw Error(E, "no kernel '" + Name + "' in the program");
    }
    try {
      Queue = cl::CommandQueue(D.context(), D.id(), CL_QUEUE_PROFILING_ENABLE);
    } catch (const cl::Error &E) {
      throw Error(E);
    }
  }
  /// Sets the arguments in order: buffers by their cl_mem, scalars by value.
  template <class... Args> void setArgs(const Args &...A) {
    cl_uint I = 0;
    try {
      (setArg(I++, A), ...);
    } catch (const cl::Error &E) {
      throw Error(E, "argument " + std::to_string(I - 1) + " of kernel '" + Name + "'");
    }
  }
  /// Starts the kernel (one work-item) without waiting for it.
  void start() {
    try {
      Queue.enqueueNDRangeKernel(Value, cl::NullRange, cl::NDRange(1), cl::NDRange(1),
                                 nullptr, &Last);
      Queue.flush();
    } catch (const cl::Error &E) {
      throw Error(E, "starting kernel '" + Name + "'");
    }
  }
  /// Waits until the kernel has finished.
  void finish() {
    try {
      Queue.finish();
    } catch (const cl::Error &E) {
      throw Error(E, "running kernel '" + Name + "'");
    }
  }
  /// The device time of the last run that has finished, in seconds (from
  /// the profiling event of its launch).
  double seconds() const {
    try {
      cl_ulong Start = Last.getProfilingInfo<CL_PROFILING_COMMAND_START>();
      cl_ulong End = Last.getProfilingInfo<CL_PROFILING_COMMAND_END>();
      return double(End - Start) * 1e-9;
    } catch (const cl::Error &E) {
      throw Error(E, "the run time of kernel '" + Name + "'");
    }
  }
  const std::string &name() const { return Name; }
  cl::Kernel &get() { return Value; }
};

/// The program a host stub loads: $T2S_OPENCL_PROGRAM if set (e.g. the
/// .aocx that Intel's aoc made of the .cl file), else the file \p Default
/// (t2s-clang writes it next to the executable) in the executable's
/// directory, wherever the program was moved with it and run from.
inline std::string programPath(const char *Default) {
  return programFile("T2S_OPENCL_PROGRAM", Default);
}

/// Reports a failure of the kernels that replace a design and exits: the
/// design's function has no way to return an error.
[[noreturn]] inline void fatal(const char *Where, const Error &E) {
  std::fprintf(stderr, "%s: %s\n", Where, E.what());
  std::exit(1);
}

/// Starts every kernel, then waits for every kernel; with T2S_OPENCL_PROFILE
/// set, prints the device time of each to stderr.
inline void runAll(std::initializer_list<Kernel *> Kernels) {
  for (Kernel *K : Kernels)
    K->start();
  for (Kernel *K : Kernels)
    K->finish();
  if (!detail::profileWanted())
    return;
  static int Runs = 0;
  std::string R = "t2s opencl profile, run " + std::to_string(++Runs) + ":\n";
  for (Kernel *K : Kernels) {
    char Line[512];
    std::snprintf(Line, sizeof Line, "  kernel '%s': %.6f s\n", K->name().c_str(),
                  K->seconds());
    R += Line;
  }
  std::fputs(R.c_str(), stderr);
}

} // namespace host
} // namespace t2s

#endif // T2S_HOST_H
