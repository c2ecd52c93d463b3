// An output handed to the caller in pieces while the pool still makes the
// rest. A plain result is copied out of wasm memory by JavaScript on the
// calling thread; with a stream, that copy overlaps the workers' making of
// the output where it used to follow it. The bindings set one around a
// call; a kernel that can make its output in bands of known bytes runs them
// through run_streamed (today: a conversion, execute_convert), any other
// leaves the stream untaken and the caller copies the whole output after.
#pragma once

#include <cstdint>

#include "engine/thread_pool.hpp"

namespace tensor_ops {

struct OutputStream {
  const unsigned char* base = nullptr;  // the output's first byte
  int64_t bytes = 0;                    // its size
  // Bytes [offset, offset + bytes) of the output are final. Called on the
  // calling thread only, never twice for a byte.
  void (*take)(void* context, int64_t offset, int64_t bytes) = nullptr;
  void* context = nullptr;
  bool taken = false;  // set once every byte went through take
};

// The stream of the call being run (nullptr: none). One call at a time.
void set_output_stream(OutputStream* stream) noexcept;
OutputStream* output_stream() noexcept;

// At most this many bands.
constexpr int64_t kMaxStreamBands = 64;

using BandFn = void (*)(void* context, int64_t band);

// Runs make(b) for every b in [0, bands) over the pool and the calling
// thread. The calling thread calls hand_out(b) for each made band, in order
// of b, as soon as it is made, and makes unclaimed bands itself while none is
// ready; workers only make. Then marks `stream` taken.
void run_streamed(ThreadPool* pool, int64_t bands, BandFn make, BandFn hand_out, void* context,
                  OutputStream& stream) noexcept;

template <typename Make, typename HandOut>
void run_streamed(ThreadPool* pool, int64_t bands, Make& make, HandOut& hand_out, OutputStream& stream) noexcept {
  struct Both {
    Make& make;
    HandOut& hand_out;
  } both{make, hand_out};
  run_streamed(
      pool, bands, [](void* c, int64_t b) { static_cast<Both*>(c)->make(b); },
      [](void* c, int64_t b) { static_cast<Both*>(c)->hand_out(b); }, &both, stream);
}

}  // namespace tensor_ops
