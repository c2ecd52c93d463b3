#include "operator_cache.hpp"

#include <algorithm>

namespace tensor_ops {

OperatorCache::OperatorCache() : slots_(kSlots) {
  for (Slot& slot : slots_) {
    slot.key.reserve(kMaxKeyWords + 1);
    slot.op.output_shape.reserve(kMaxKeyWords);
    slot.op.input_volumes.reserve(kMaxInputs);
    slot.op.output_ranks.reserve(kMaxOutputs);
    slot.op.plan.nests.reserve(kMaxNests);
    bytes_ += sizeof(Slot) + (kMaxKeyWords + 1 + kMaxKeyWords + kMaxInputs + kMaxOutputs) * sizeof(int64_t) +
              kMaxNests * sizeof(LoopNest);
  }
}

uint64_t OperatorCache::hash_of(int64_t tag, const int64_t* words, size_t count) noexcept {
  uint64_t h = 1469598103934665603ull ^ static_cast<uint64_t>(tag);  // FNV-1a over the words
  for (size_t i = 0; i < count; ++i) h = (h ^ static_cast<uint64_t>(words[i])) * 1099511628211ull;
  return h;
}

const Operator* OperatorCache::find(int64_t tag, const int64_t* words, size_t count) noexcept {
  if (count > kMaxKeyWords) return nullptr;
  const uint64_t h = hash_of(tag, words, count);
  for (Slot& slot : slots_) {
    if (slot.used_at == 0 || slot.hash != h || slot.key.size() != count + 1) continue;
    if (slot.key[0] != tag || !std::equal(words, words + count, slot.key.begin() + 1)) continue;
    slot.used_at = ++clock_;
    return &slot.op;
  }
  return nullptr;
}

const Operator* OperatorCache::store(int64_t tag, const int64_t* words, size_t count,
                                     const Operator& op) noexcept {
  if (count > kMaxKeyWords || op.output_shape.size() > kMaxKeyWords ||
      op.input_volumes.size() > kMaxInputs || op.output_ranks.size() > kMaxOutputs ||
      op.plan.nests.size() > kMaxNests) {
    return nullptr;
  }
  for (const LoopNest& nest : op.plan.nests) {
    if (nest.dims.on_heap()) return nullptr;  // copying it would allocate
  }
  Slot& slot = *std::min_element(slots_.begin(), slots_.end(),
                                 [](const Slot& a, const Slot& b) { return a.used_at < b.used_at; });
  // Within the reserved capacities, so nothing here allocates.
  slot.key.assign(1, tag);
  slot.key.insert(slot.key.end(), words, words + count);
  slot.op.spec = op.spec;
  slot.op.elem_size = op.elem_size;
  slot.op.input_volume = op.input_volume;
  slot.op.input_volumes.assign(op.input_volumes.begin(), op.input_volumes.end());
  slot.op.output_ranks.assign(op.output_ranks.begin(), op.output_ranks.end());
  slot.op.output_shape.assign(op.output_shape.begin(), op.output_shape.end());
  slot.op.output_volume = op.output_volume;
  slot.op.shape_only = op.shape_only;
  slot.op.plan.elem_size = op.plan.elem_size;
  slot.op.plan.nests.assign(op.plan.nests.begin(), op.plan.nests.end());
  slot.hash = hash_of(tag, words, count);
  slot.used_at = ++clock_;
  return &slot.op;
}

size_t OperatorCache::size() const noexcept {
  return static_cast<size_t>(
      std::count_if(slots_.begin(), slots_.end(), [](const Slot& s) { return s.used_at != 0; }));
}

size_t OperatorCache::bytes() const noexcept { return bytes_; }

}  // namespace tensor_ops
