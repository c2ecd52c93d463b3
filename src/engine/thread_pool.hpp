// A persistent pool: threads are created once; after a job a worker watches
// for the next one briefly (a bounded spin, so back-to-back calls skip the
// wake-up latency), then sleeps on a condition variable. The calling thread
// always does its share, so a browser's main thread never parks in a wait
// while work is pending.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

namespace tensor_ops {

class ThreadPool {
 public:
  // `threads` counts the calling thread: threads - 1 workers are started.
  // Without thread support (the single-threaded wasm build) it runs inline.
  explicit ThreadPool(int threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int threads() const noexcept { return threads_; }

  // Calls task(context, i) for every i in [0, count), spread over the pool
  // and the calling thread; returns when all calls have returned.
  using Task = void (*)(void* context, int64_t index);
  void run(int64_t count, Task task, void* context) noexcept;

  template <typename F>
  void for_each(int64_t count, F& f) noexcept {
    run(count, [](void* c, int64_t i) { (*static_cast<F*>(c))(i); }, &f);
  }

 private:
  struct State;
  int threads_;
  std::unique_ptr<State> state_;
};

}  // namespace tensor_ops
