//===- hls_stream.h - hls::stream for C simulation without Vitis -*- C++ -*-===//
//
// T2S's C simulation of AMD Vitis HLS streams, for the C++ that
// 't2s-clang --emit-hls' writes (and other code in the same style): the API
// of AMD's hls::stream (read, write, read_nb, write_nb, empty, full, size,
// >>, <<, a name, the depth as hls::stream<T, DEPTH>), so the file Vitis
// compiles is the file this compiles. As in AMD's C simulation, a stream
// holds any number of values (the depth is the hardware's; a DATAFLOW
// region's functions run one after another in C simulation, so the first
// must be able to send everything before the next runs), and the processes
// of hls::task (hls_task.h) run as threads that wait for their values.
//
// One lock guards every stream of the program, and the simulation sees a
// deadlock: when the caller of a design waits on an empty stream while
// every task waits on one too, nothing can ever send it a value; the
// program stops with the streams each one waits on (never hangs). A design
// is called by one thread at a time. A stream destroyed with values in it
// is reported, as AMD's simulation does ("leftover data").
//
//===----------------------------------------------------------------------===//

#ifndef T2S_HLS_SIM_STREAM_H
#define T2S_HLS_SIM_STREAM_H

#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <thread>

namespace hls {

namespace sim {

/// What every stream and task of the program shares.
struct State {
  std::mutex Lock;
  std::condition_variable Changed; // a value was written, or a task is stopping
  unsigned Tasks = 0;              // running tasks
  unsigned TasksWaiting = 0, CallersWaiting = 0;
  std::map<std::thread::id, std::string> Waits; // who waits on what, for the report
};

inline State &state() {
  static State S;
  return S;
}

/// Thrown inside a task's process when its hls::task object is destroyed.
struct Stopped {};

/// The stop request of the task this thread runs (null: not a task).
inline const bool *&stopOfThisThread() {
  static thread_local const bool *Stop = nullptr;
  return Stop;
}

/// Whether every thread of the simulation waits for a value: the caller of
/// the design and all tasks. Called with the lock held.
inline bool deadlocked(const State &S) {
  return S.CallersWaiting > 0 && S.TasksWaiting == S.Tasks;
}

[[noreturn]] inline void reportDeadlock(const State &S) {
  std::fprintf(stderr,
               "hls::stream: deadlock: every process waits for a value that none can send "
               "(a process reads more values than its writer sends, or values flow in a "
               "cycle):\n");
  for (const auto &[Thread, What] : S.Waits)
    std::fprintf(stderr, "  %s\n", What.c_str());
  std::fflush(stderr);
  std::_Exit(EXIT_FAILURE);
}

} // namespace sim

template <typename T, int DEPTH = 0> class stream;

/// A stream of values of type T, of any depth (hls::stream<T, DEPTH>
/// derives from it).
template <typename T> class stream<T, 0> {
public:
  stream() : Name() {}
  explicit stream(const char *N) : Name(N ? N : "") {}
  stream(const stream &) = delete;
  stream &operator=(const stream &) = delete;
  virtual ~stream() {
    if (!Values.empty())
      std::fprintf(stderr, "hls::stream: %s is destroyed with %zu values left in it\n",
                   label().c_str(), Values.size());
  }

  /// Waits for a value and takes it.
  T read() {
    sim::State &S = sim::state();
    std::unique_lock<std::mutex> L(S.Lock);
    waitForValue(S, L);
    T V = Values.front();
    Values.pop_front();
    return V;
  }
  void read(T &V) { V = read(); }
  /// Takes a value if there is one.
  bool read_nb(T &V) {
    std::lock_guard<std::mutex> L(sim::state().Lock);
    if (Values.empty())
      return false;
    V = Values.front();
    Values.pop_front();
    return true;
  }
  void write(const T &V) {
    sim::State &S = sim::state();
    {
      std::lock_guard<std::mutex> L(S.Lock);
      const bool *Stop = sim::stopOfThisThread();
      if (Stop && *Stop)
        throw sim::Stopped{};
      Values.push_back(V);
      // The threads waiting on this stream will go on: no longer waiting.
      S.TasksWaiting -= TaskWaiters;
      S.CallersWaiting -= CallerWaiters;
      TaskWaiters = CallerWaiters = 0;
      ++Writes;
    }
    S.Changed.notify_all();
  }
  /// C simulation: a stream is never full.
  bool write_nb(const T &V) {
    write(V);
    return true;
  }
  bool empty() {
    std::lock_guard<std::mutex> L(sim::state().Lock);
    return Values.empty();
  }
  bool full() { return false; }
  size_t size() {
    std::lock_guard<std::mutex> L(sim::state().Lock);
    return Values.size();
  }
  stream &operator>>(T &V) {
    V = read();
    return *this;
  }
  stream &operator<<(const T &V) {
    write(V);
    return *this;
  }
  const std::string &name() const { return Name; }

private:
  std::string Name;
  std::deque<T> Values;
  // Threads waiting on this stream, counted in the State's totals until a
  // write lets them go (Writes tells a waiter that one did).
  unsigned TaskWaiters = 0, CallerWaiters = 0;
  unsigned long long Writes = 0;

  std::string label() const { return Name.empty() ? "an unnamed stream" : "'" + Name + "'"; }

  void waitForValue(sim::State &S, std::unique_lock<std::mutex> &L) {
    bool Task = sim::stopOfThisThread() != nullptr;
    while (Values.empty()) {
      const bool *Stop = sim::stopOfThisThread();
      if (Stop && *Stop)
        throw sim::Stopped{};
      (Task ? TaskWaiters : CallerWaiters)++;
      (Task ? S.TasksWaiting : S.CallersWaiting)++;
      S.Waits[std::this_thread::get_id()] =
          std::string(Task ? "a task" : "the design's caller") + " waits on " + label() +
          " (empty)";
      if (sim::deadlocked(S))
        sim::reportDeadlock(S);
      unsigned long long Seen = Writes;
      S.Changed.wait(L);
      S.Waits.erase(std::this_thread::get_id());
      if (Writes == Seen) { // woken for another stream: still counted here
        (Task ? TaskWaiters : CallerWaiters)--;
        (Task ? S.TasksWaiting : S.CallersWaiting)--;
      }
    }
  }
};

template <typename T, int DEPTH> class stream : public stream<T, 0> {
public:
  stream() : stream<T, 0>() {}
  explicit stream(const char *N) : stream<T, 0>(N) {}
};

} // namespace hls

#endif // T2S_HLS_SIM_STREAM_H
