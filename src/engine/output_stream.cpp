#include "engine/output_stream.hpp"

#include <atomic>

namespace tensor_ops {
namespace {

OutputStream* g_stream = nullptr;
// Whether this thread is the one that called run_streamed (a slot of the
// pool's job may run on either).
thread_local bool t_calling = false;

struct Streamed {
  int64_t bands;
  BandFn make;
  BandFn hand_out;
  void* context;
  std::atomic<int64_t> next{0};                       // the next unclaimed band
  std::atomic<unsigned char> made[kMaxStreamBands];   // band b is final
  int64_t handed = 0;                                 // calling thread only

  void make_band(int64_t b) noexcept {
    make(context, b);
    made[b].store(1, std::memory_order_release);
  }
  void calling() noexcept {
    while (handed < bands) {
      if (made[handed].load(std::memory_order_acquire)) {
        hand_out(context, handed++);
        continue;
      }
      const int64_t b = next.fetch_add(1, std::memory_order_relaxed);
      if (b < bands) {
        make_band(b);
        continue;
      }
      while (!made[handed].load(std::memory_order_acquire)) {
        // A worker claimed it and is making it now.
      }
    }
  }
  void working() noexcept {
    for (int64_t b; (b = next.fetch_add(1, std::memory_order_relaxed)) < bands;) make_band(b);
  }
};

}  // namespace

void set_output_stream(OutputStream* stream) noexcept { g_stream = stream; }
OutputStream* output_stream() noexcept { return g_stream; }

void run_streamed(ThreadPool* pool, int64_t bands, BandFn make, BandFn hand_out, void* context,
                  OutputStream& stream) noexcept {
  if (bands > kMaxStreamBands) {  // (never asked for): one band after another
    for (int64_t b = 0; b < bands; ++b) {
      make(context, b);
      hand_out(context, b);
    }
    stream.taken = true;
    return;
  }
  Streamed s;
  s.bands = bands;
  s.make = make;
  s.hand_out = hand_out;
  s.context = context;
  for (auto& m : s.made) m.store(0, std::memory_order_relaxed);
  t_calling = true;
  if (pool != nullptr && pool->threads() > 1) {
    auto slot = [&s](int64_t) {
      if (t_calling) s.calling();
      else s.working();
    };
    pool->for_each(pool->threads(), slot);
  }
  s.calling();  // what is left: every band when workers took all the slots, or without a pool
  t_calling = false;
  stream.taken = true;
}

}  // namespace tensor_ops
