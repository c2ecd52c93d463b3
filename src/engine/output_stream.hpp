// An output handed to the caller in pieces while the pool still makes the
// rest. A plain result is copied out of wasm memory by JavaScript on the
// calling thread; with a stream, that copy overlaps the workers' making of
// the output where it used to follow it. The bindings set one around a
// call; a kernel that can make its output in bands of known bytes runs them
// through run_streamed (a conversion, execute_convert; the gathers' indexed
// copy, through stream_positions), any other leaves the stream untaken and
// the caller copies the whole output after.
#pragma once

#include <algorithm>
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

// The bands of a streamed output of `bytes`: about 256 KiB each (each costs
// the caller a call into JavaScript per run, and the first band is made
// before any copy starts), 4 to 16 of them.
inline int64_t stream_bands(int64_t bytes) noexcept {
  return std::min<int64_t>(kMaxStreamBands / 4, std::max<int64_t>(4, bytes / (256 * 1024)));
}

// Whether `strides` (elements) over `dims` are those of a row-major block
// of `unit`-element positions, from its first element on.
inline bool dense_positions(const int64_t* dims, const int64_t* strides, int rank, int64_t unit) noexcept {
  int64_t step = unit;
  for (int k = rank - 1; k >= 0; --k) {
    if (dims[k] != 1 && strides[k] != step) return false;
    step *= dims[k];
  }
  return true;
}

// A kernel whose output is positions [0, total) of `unit` bytes each, one
// after another from `first`, made by piece(begin, end) in any split: when
// the call's stream is that output, runs the pieces as the stream's bands
// over the pool and returns true; else runs nothing and returns false.
template <typename Piece>
bool stream_positions(ThreadPool* pool, int64_t total, int64_t unit, const void* first, Piece& piece) noexcept {
  OutputStream* stream = output_stream();
  if (stream == nullptr || stream->base != first || total * unit != stream->bytes || pool == nullptr ||
      pool->threads() == 1) {
    return false;
  }
  const int64_t bands = std::min(total, stream_bands(stream->bytes));
  auto make = [&](int64_t b) { piece(total * b / bands, total * (b + 1) / bands); };
  auto hand_out = [&](int64_t b) {
    const int64_t a0 = total * b / bands, a1 = total * (b + 1) / bands;
    stream->take(stream->context, a0 * unit, (a1 - a0) * unit);
  };
  run_streamed(pool, bands, make, hand_out, *stream);
  return true;
}

}  // namespace tensor_ops
