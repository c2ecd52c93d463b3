// A small bounded cache of prepared operators, keyed by the operation, x's
// dtype, the kind of call and its argument words (every input's shape
// and the parameters), so that a call repeated with the same shapes and parameters
// skips validation and planning.
//
// Its memory is taken once, when it is made: every slot reserves room for a
// key, an output shape and a few loop nests, and storing an operator only
// copies into that room (loop nests hold their loops in place, see LoopDims).
// So a cache hit or a store allocates nothing, and the cache's footprint
// (bytes()) is fixed. Operators too large for a slot are not kept. Not thread-safe: calls arrive from one JavaScript thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "runtime/operator.hpp"

namespace tensor_ops {

class OperatorCache {
 public:
  static constexpr size_t kSlots = 32;
  static constexpr size_t kMaxKeyWords = 48;
  static constexpr size_t kMaxNests = 16;  // pad and spaceToBatch: up to 3 pieces per padded axis
  static constexpr size_t kMaxInputs = 8;   // a list of tensors (concat): one copy each
  static constexpr size_t kMaxOutputs = 8;  // several outputs (split): one copy each
  static constexpr size_t kMaxIndexedRank = 16;  // an indexed copy's dims, components and index rank
  static constexpr size_t kMaxViewWords = 2 * kMaxKeyWords;  // the outputs as views (Operator::views)

  OperatorCache();

  // The key's header: what else besides the words tells calls apart.
  static int64_t tag(int op_index, DType dtype, bool shape_only) noexcept {
    return (static_cast<int64_t>(op_index) << 16) | (static_cast<int64_t>(dtype) << 1) | (shape_only ? 1 : 0);
  }

  // The operator stored under this key, or nullptr.
  const Operator* find(int64_t tag, const int64_t* words, size_t count) noexcept;

  // Copies `op` into the least recently used slot and returns it there, or
  // nullptr when it does not fit a slot (the caller then runs its own copy).
  const Operator* store(int64_t tag, const int64_t* words, size_t count, const Operator& op) noexcept;

  size_t size() const noexcept;
  // Whether storing now would evict an operator that holds a typed kernel
  // (whose memory, unlike the slots', is its own).
  bool next_evicts_kernel() const noexcept;
  size_t bytes() const noexcept;

 private:
  struct Slot {
    uint64_t hash = 0;
    uint64_t used_at = 0;  // 0: empty
    std::vector<int64_t> key;
    Operator op;
  };
  static uint64_t hash_of(int64_t tag, const int64_t* words, size_t count) noexcept;

  std::vector<Slot> slots_;
  uint64_t clock_ = 0;
  size_t bytes_ = 0;
};

}  // namespace tensor_ops
