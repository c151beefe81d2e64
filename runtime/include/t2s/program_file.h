//===- t2s/program_file.h - A file that travels with the program -*- C++ -*-===//
//
// Where a host stub finds the file it loads (the OpenCL program, the
// .xclbin): the environment variable that names it if set, else the file
// the stub was built with, in the executable's directory, wherever the
// program was moved with it and run from (an absolute path as it is).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_PROGRAM_FILE_H
#define T2S_PROGRAM_FILE_H

#include <cstdlib>
#include <string>
#include <unistd.h>

namespace t2s {

/// $\p EnvVar if set, else \p Default beside the executable.
inline std::string programFile(const char *EnvVar, const char *Default) {
  const char *Env = std::getenv(EnvVar);
  if (Env && *Env)
    return Env;
  std::string Name = Default;
  if (!Name.empty() && Name[0] == '/')
    return Name;
  char Exe[4096];
  ssize_t N = readlink("/proc/self/exe", Exe, sizeof Exe - 1);
  if (N <= 0)
    return Name;
  std::string Dir(Exe, size_t(N));
  size_t Slash = Dir.rfind('/');
  return Slash == std::string::npos ? Name : Dir.substr(0, Slash + 1) + Name;
}

} // namespace t2s

#endif // T2S_PROGRAM_FILE_H
