//===- hls_task.h - hls::task for C simulation without Vitis ----*- C++ -*-===//
//
// T2S's C simulation of AMD Vitis HLS tasks (hls_stream.h says how streams
// behave): an hls::task object runs its process, with the streams it was
// given, over and over on a thread of its own from its construction on,
// as the hardware runs it for as long as values reach it. Destroying the
// object (for 'hls_thread_local' ones: when the thread that made them
// ends) stops the process at its next stream access and joins its thread.
// An exception that leaves the process ends the program with its message.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_HLS_SIM_TASK_H
#define T2S_HLS_SIM_TASK_H

#include "hls_stream.h"

#include <exception>
#include <thread>
#include <type_traits>

/// Tasks and the streams between them live as long as the thread that made
/// them, one per thread (AMD's spelling).
#define hls_thread_local thread_local

namespace hls {

class task {
public:
  template <typename F, typename... Args> explicit task(F &&Process, Args &&...Streams) {
    {
      std::lock_guard<std::mutex> L(sim::state().Lock);
      ++sim::state().Tasks;
    }
    typename std::decay<F>::type Fn = Process;
    Thread = std::thread([this, Fn, &Streams...] {
      sim::stopOfThisThread() = &Stop;
      try {
        for (;;)
          Fn(Streams...);
      } catch (const sim::Stopped &) {
      } catch (const std::exception &E) {
        std::fprintf(stderr, "hls::task: the process stopped: %s\n", E.what());
        std::_Exit(EXIT_FAILURE);
      }
    });
  }
  task(const task &) = delete;
  task &operator=(const task &) = delete;
  ~task() {
    sim::State &S = sim::state();
    {
      std::lock_guard<std::mutex> L(S.Lock);
      Stop = true;
    }
    S.Changed.notify_all();
    Thread.join();
    std::lock_guard<std::mutex> L(S.Lock);
    --S.Tasks;
  }

private:
  bool Stop = false;
  std::thread Thread;
};

} // namespace hls

#endif // T2S_HLS_SIM_TASK_H
