// How the selection primitives spread work over the pool: a range of
// independent items cut into pieces (about four per thread, none tiny),
// below the engine's parallel threshold on the calling thread alone. Every
// item is computed by one piece, the same way whatever the cut, so results
// are the same with or without threads.
#pragma once

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <vector>

#include "engine/engine.hpp"
#include "engine/thread_pool.hpp"

namespace tensor_ops {

// Calls f(begin, end) on pieces covering [0, total) of items; `bytes` is
// the memory the whole range touches (to weigh it against the threshold).
template <typename F>
void split_work(int64_t total, int64_t bytes, ThreadPool* pool, F&& f) noexcept {
  if (total <= 0) return;
  const int threads = pool ? pool->threads() : 1;
  if (threads == 1 || bytes < parallel_min_bytes() || total == 1) {
    f(int64_t{0}, total);
    return;
  }
  constexpr int64_t kMinPieceBytes = 64 * 1024;
  const int64_t wanted = std::max<int64_t>(
      1, std::min<int64_t>({int64_t{4} * threads, std::max<int64_t>(1, bytes / kMinPieceBytes), total}));
  if (wanted == 1) {
    f(int64_t{0}, total);
    return;
  }
  auto piece = [&](int64_t i) { f(total * i / wanted, total * (i + 1) / wanted); };
  pool->for_each(wanted, piece);
}

// A position of a row-major iteration space `dims` (rank r) and the
// offsets of up to four operands there, stepping one position at a time.
template <int N>
struct Odometer {
  const int64_t* dims;
  const int64_t* const* strides;  // N arrays of r strides
  int r;
  int64_t index[64];
  int64_t offset[N];

  // Placed at flat position `pos`, offsets from `base`.
  Odometer(const int64_t* d, const int64_t* const* s, int rank, int64_t pos, const int64_t* base) noexcept
      : dims(d), strides(s), r(rank) {
    for (int k = 0; k < N; ++k) offset[k] = base[k];
    for (int q = r - 1; q >= 0; --q) {
      index[q] = dims[q] == 0 ? 0 : pos % dims[q];
      pos = dims[q] == 0 ? 0 : pos / dims[q];
      for (int k = 0; k < N; ++k) offset[k] += index[q] * strides[k][q];
    }
  }
  // To the next position along dims [0, upto) (upto = r: every dim).
  void next(int upto) noexcept {
    for (int q = upto - 1; q >= 0; --q) {
      for (int k = 0; k < N; ++k) offset[k] += strides[k][q];
      if (++index[q] < dims[q]) return;
      for (int k = 0; k < N; ++k) offset[k] -= dims[q] * strides[k][q];
      index[q] = 0;
    }
  }
};

// An iteration space brought to its shortest form, the same for every
// operand: dims of 1 dropped, a dim merged into the one before it where
// every operand steps over it as one longer dim. Returns false when the
// space is empty (a dim of 0); an all-ones space becomes one dim of 1.
inline bool normalize_dims(std::vector<int64_t>& dims, std::initializer_list<std::vector<int64_t>*> strides) {
  std::vector<int64_t> d;
  std::vector<std::vector<int64_t>> s(strides.size());
  for (size_t k = 0; k < dims.size(); ++k) {
    if (dims[k] == 0) return false;
    if (dims[k] == 1) continue;
    bool merge = !d.empty();
    size_t j = 0;
    for (const std::vector<int64_t>* st : strides) {
      merge = merge && s[j].back() == (*st)[k] * dims[k];
      ++j;
    }
    j = 0;
    if (merge) {
      d.back() *= dims[k];
      for (const std::vector<int64_t>* st : strides) s[j++].back() = (*st)[k];
    } else {
      d.push_back(dims[k]);
      for (const std::vector<int64_t>* st : strides) s[j++].push_back((*st)[k]);
    }
  }
  if (d.empty()) {
    d.push_back(1);
    for (auto& v : s) v.push_back(0);
  }
  dims = std::move(d);
  size_t j = 0;
  for (std::vector<int64_t>* st : strides) *st = std::move(s[j++]);
  return true;
}

}  // namespace tensor_ops
