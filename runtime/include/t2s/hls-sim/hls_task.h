//===- hls_task.h - hls::task for C simulation without Vitis ----*- C++ -*-===//
//
// T2S's C simulation of AMD Vitis HLS tasks (hls_stream.h says how streams
// behave): an hls::task object runs its process, with the streams it was
// given, over and over on a thread of its own from its construction on,
// as the hardware runs it for as long as values reach it. Destroying the
// object (for 'hls_thread_local' ones: when the thread that made them
// ends) stops the process at its next stream access and joins its thread.
// A child of fork() runs the tasks of the thread that forked on threads of
// its own (fork copies only that thread).
// An exception that leaves the process ends the program with its message.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_HLS_SIM_TASK_H
#define T2S_HLS_SIM_TASK_H

#include "hls_stream.h"

#include <algorithm>
#include <exception>
#include <functional>
#include <new>
#include <vector>

#include <pthread.h>
#include <thread>
#include <type_traits>

/// Tasks and the streams between them live as long as the thread that made
/// them, one per thread (AMD's spelling).
#define hls_thread_local thread_local

namespace hls {

class task;

namespace sim {

/// The tasks alive, for fork(): the child has only the thread that forked,
/// so its tasks (those it made; other threads' are gone with them) start
/// again on threads of the child, and the shared state starts afresh.
inline std::vector<task *> &liveTasks() {
  static std::vector<task *> Tasks;
  return Tasks;
}

void restartInChild(task &T);

inline void forkPrepare() { state().Lock.lock(); }
inline void forkParent() { state().Lock.unlock(); }
inline void forkChild() {
  State &S = state();
  // Other threads may have waited on the condition and held the lock's
  // queue: both begin anew (their old objects are left, not destroyed).
  new (&S.Lock) std::mutex();
  new (&S.Changed) std::condition_variable();
  S.Tasks = S.TasksWaiting = S.CallersWaiting = 0;
  S.Waits.clear();
  std::vector<task *> Alive = std::move(liveTasks());
  liveTasks().clear();
  for (task *T : Alive)
    restartInChild(*T);
}

inline void watchForks() {
  static const bool Registered = [] {
    pthread_atfork(forkPrepare, forkParent, forkChild);
    return true;
  }();
  (void)Registered;
}

} // namespace sim

class task {
public:
  template <typename F, typename... Args> explicit task(F &&Process, Args &&...Streams) {
    sim::watchForks();
    typename std::decay<F>::type Fn = Process;
    Body = [Fn, &Streams...] { Fn(Streams...); };
    Owner = std::this_thread::get_id();
    std::lock_guard<std::mutex> L(sim::state().Lock);
    start();
  }
  task(const task &) = delete;
  task &operator=(const task &) = delete;
  ~task() {
    sim::State &S = sim::state();
    {
      std::lock_guard<std::mutex> L(S.Lock);
      Stop = true;
      auto &Alive = sim::liveTasks();
      Alive.erase(std::remove(Alive.begin(), Alive.end(), this), Alive.end());
    }
    S.Changed.notify_all();
    if (Orphaned) // its thread is the parent's: nothing here to join or end
      return;
    Thread.join();
    Thread.~thread();
    std::lock_guard<std::mutex> L(S.Lock);
    --S.Tasks;
  }

private:
  friend void sim::restartInChild(task &T);

  // With the lock held.
  void start() {
    ++sim::state().Tasks;
    sim::liveTasks().push_back(this);
    new (&Thread) std::thread([this] {
      sim::stopOfThisThread() = &Stop;
      try {
        for (;;)
          Body();
      } catch (const sim::Stopped &) {
      } catch (const std::exception &E) {
        std::fprintf(stderr, "hls::task: the process stopped: %s\n", E.what());
        std::_Exit(EXIT_FAILURE);
      }
    });
  }

  bool Stop = false;
  bool Orphaned = false; // made by a thread that did not fork: gone in the child
  std::function<void()> Body;
  std::thread::id Owner;
  // Begun by start() and ended by the destructor, by hand: a child of
  // fork() begins it again over the parent's handle, which names no thread
  // of the child and is dropped unjoined.
  union {
    std::thread Thread;
  };
};

namespace sim {
inline void restartInChild(task &T) {
  if (T.Owner != std::this_thread::get_id()) {
    T.Orphaned = true;
    return;
  }
  T.start();
}
} // namespace sim

} // namespace hls

#endif // T2S_HLS_SIM_TASK_H
