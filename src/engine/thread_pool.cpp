#include "engine/thread_pool.hpp"

#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
#define TENSOR_OPS_NO_THREADS 1
#endif

#ifndef TENSOR_OPS_NO_THREADS
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>
#endif

namespace tensor_ops {

#ifdef TENSOR_OPS_NO_THREADS

struct ThreadPool::State {};

ThreadPool::ThreadPool(int) : threads_(1) {}
ThreadPool::~ThreadPool() = default;

void ThreadPool::run(int64_t count, Task task, void* context) noexcept {
  for (int64_t i = 0; i < count; ++i) task(context, i);
}

#else

namespace {

// One call of run(): indices are claimed with an atomic counter, so fast
// threads take more of them and nobody waits for a fixed share.
struct Job {
  int64_t count;
  ThreadPool::Task task;
  void* context;
  std::atomic<int64_t> next{0};
  std::atomic<int> active{0};  // workers still inside this job

  void work() noexcept {
    for (int64_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < count;) task(context, i);
  }
};

}  // namespace

struct ThreadPool::State {
  std::mutex mutex;
  std::condition_variable wake;
  Job* job = nullptr;  // the job workers may join, under `mutex`
  std::atomic<uint64_t> generation{0};
  int sleeping = 0;  // workers waiting on `wake`, under `mutex`
  std::atomic<int> started{0};
  bool stop = false;
  std::vector<std::thread> workers;

  // After a job, a worker watches for the next one a little while before it
  // sleeps: back-to-back calls then skip the wake-up latency (tens of
  // microseconds), and an idle pool still sleeps within ~100 microseconds.
  static constexpr int kSpinChecks = 20000;

  void worker_loop() {
    started.fetch_add(1, std::memory_order_release);
    uint64_t seen = 0;
    for (;;) {
      for (int i = 0; i < kSpinChecks && generation.load(std::memory_order_acquire) == seen; ++i) {
      }
      std::unique_lock<std::mutex> lock(mutex);
      ++sleeping;
      wake.wait(lock, [&] { return stop || (job != nullptr && generation.load() != seen); });
      --sleeping;
      if (stop) return;
      seen = generation.load();
      Job* j = job;
      j->active.fetch_add(1, std::memory_order_relaxed);
      lock.unlock();
      j->work();
      j->active.fetch_sub(1, std::memory_order_release);
    }
  }
};

ThreadPool::ThreadPool(int threads) : threads_(threads < 1 ? 1 : threads), state_(new State) {
  for (int i = 1; i < threads_; ++i) state_->workers.emplace_back([this] { state_->worker_loop(); });
  // Wait until every worker runs: a thread's start-up allocates (its
  // thread-local state), and that must happen now, not during a later call
  // whose heap use is being measured.
  while (state_->started.load(std::memory_order_acquire) != threads_ - 1) {
  }
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(state_->mutex);
    state_->stop = true;
  }
  state_->wake.notify_all();
  for (std::thread& t : state_->workers) t.join();
}

void ThreadPool::run(int64_t count, Task task, void* context) noexcept {
  if (threads_ == 1 || count <= 1) {
    for (int64_t i = 0; i < count; ++i) task(context, i);
    return;
  }
  Job job;
  job.count = count;
  job.task = task;
  job.context = context;
  bool any_sleeping;
  {
    std::lock_guard<std::mutex> lock(state_->mutex);
    state_->job = &job;
    state_->generation.fetch_add(1, std::memory_order_release);
    any_sleeping = state_->sleeping > 0;
  }
  if (any_sleeping) state_->wake.notify_all();
  job.work();
  {
    // No worker joins after this; those inside finish their last index.
    std::lock_guard<std::mutex> lock(state_->mutex);
    state_->job = nullptr;
  }
  while (job.active.load(std::memory_order_acquire) != 0) {
    // Brief: only indices already claimed are still running.
  }
}

#endif

}  // namespace tensor_ops
