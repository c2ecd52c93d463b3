#include "runtime/operator_cache.hpp"

#include "engine/long_runs.hpp"

#include <algorithm>
#include <array>

namespace tensor_ops {
namespace {

// The vectors of an indexed copy, which a slot holds with reserved room.
constexpr size_t kIndexedVectors = 8;
std::array<std::vector<int64_t>*, kIndexedVectors> indexed_vectors(IndexedCopy& c) {
  return {&c.dims, &c.src_strides, &c.dst_strides, &c.index_strides,
          &c.axis_dims, &c.axis_strides, &c.axes, &c.index_shape};
}
std::array<const std::vector<int64_t>*, kIndexedVectors> indexed_vectors(const IndexedCopy& c) {
  return {&c.dims, &c.src_strides, &c.dst_strides, &c.index_strides,
          &c.axis_dims, &c.axis_strides, &c.axes, &c.index_shape};
}

}  // namespace

OperatorCache::OperatorCache() : slots_(kSlots) {
  for (Slot& slot : slots_) {
    slot.key.reserve(kMaxKeyWords + 1);
    slot.op.output_shape.reserve(kMaxKeyWords);
    slot.op.input_volumes.reserve(kMaxInputs);
    slot.op.input_elem_sizes.reserve(kMaxInputs);
    slot.op.output_ranks.reserve(kMaxOutputs);
    slot.op.output_dtypes.reserve(kMaxOutputs);
    slot.op.output_offsets.reserve(kMaxOutputs);
    slot.op.views.reserve(kMaxViewWords);
    slot.op.footprints.reserve(2 * kMaxInputs);
    slot.op.long_runs.reserve(kMaxLongRunWords);
    slot.op.plan.nests.reserve(kMaxNests);
    for (std::vector<int64_t>* v : indexed_vectors(slot.op.plan.indexed)) v->reserve(kMaxIndexedRank);
    bytes_ += sizeof(Slot) + kMaxInputs * sizeof(size_t) + (kMaxKeyWords + 1 + kMaxKeyWords + 3 * kMaxInputs + 2 * kMaxOutputs + kMaxViewWords + kMaxLongRunWords) * sizeof(int64_t) +
              kMaxNests * sizeof(LoopNest) + kIndexedVectors * kMaxIndexedRank * sizeof(int64_t);
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
      op.output_dtypes.size() > kMaxOutputs || op.views.size() > kMaxViewWords ||
      op.plan.nests.size() > kMaxNests) {
    return nullptr;
  }
  for (const LoopNest& nest : op.plan.nests) {
    if (nest.dims.on_heap()) return nullptr;  // copying it would allocate
  }
  if (!op.plan.runs.runs.empty()) return nullptr;  // many parts: a slot has no room for their runs
  if (op.plan.has_indexed) {
    for (const std::vector<int64_t>* v : indexed_vectors(op.plan.indexed)) {
      if (v->size() > kMaxIndexedRank) return nullptr;
    }
  }
  Slot& slot = *std::min_element(slots_.begin(), slots_.end(),
                                 [](const Slot& a, const Slot& b) { return a.used_at < b.used_at; });
  // Within the reserved capacities, so nothing here allocates.
  slot.key.assign(1, tag);
  slot.key.insert(slot.key.end(), words, words + count);
  slot.op.spec = op.spec;
  slot.op.dtype = op.dtype;
  slot.op.elem_size = op.elem_size;
  slot.op.output_dtypes.assign(op.output_dtypes.begin(), op.output_dtypes.end());
  slot.op.output_offsets.assign(op.output_offsets.begin(), op.output_offsets.end());
  slot.op.output_bytes = op.output_bytes;
  slot.op.kernel = op.kernel;  // shared, not copied: the kernel's own memory is not the slot's
  slot.op.input_volume = op.input_volume;
  slot.op.input_volumes.assign(op.input_volumes.begin(), op.input_volumes.end());
  slot.op.input_elem_sizes.assign(op.input_elem_sizes.begin(), op.input_elem_sizes.end());
  slot.op.output_ranks.assign(op.output_ranks.begin(), op.output_ranks.end());
  slot.op.output_shape.assign(op.output_shape.begin(), op.output_shape.end());
  slot.op.output_volume = op.output_volume;
  slot.op.shape_only = op.shape_only;
  slot.op.needs_contiguous = op.needs_contiguous;
  slot.op.views.assign(op.views.begin(), op.views.end());
  slot.op.footprints.assign(op.footprints.begin(), op.footprints.end());
  slot.op.long_runs.assign(op.long_runs.begin(), op.long_runs.end());
  slot.op.plan.elem_size = op.plan.elem_size;
  slot.op.plan.nests.assign(op.plan.nests.begin(), op.plan.nests.end());
  slot.op.plan.has_indexed = op.plan.has_indexed;
  slot.op.index_bytes = op.index_bytes;
  if (op.plan.has_indexed) {
    const IndexedCopy& from = op.plan.indexed;
    IndexedCopy& to = slot.op.plan.indexed;
    const auto sources = indexed_vectors(from);
    const auto targets = indexed_vectors(to);
    for (size_t i = 0; i < kIndexedVectors; ++i) targets[i]->assign(sources[i]->begin(), sources[i]->end());
    to.src_offset = from.src_offset;
    to.dst_offset = from.dst_offset;
    to.index_offset = from.index_offset;
    to.slice = from.slice;
    to.index_type = from.index_type;
    to.source = from.source;
    to.index_source = from.index_source;
  }
  slot.hash = hash_of(tag, words, count);
  slot.used_at = ++clock_;
  return &slot.op;
}

bool OperatorCache::next_evicts_kernel() const noexcept {
  const Slot& slot = *std::min_element(slots_.begin(), slots_.end(),
                                       [](const Slot& a, const Slot& b) { return a.used_at < b.used_at; });
  return slot.op.kernel != nullptr;
}

size_t OperatorCache::size() const noexcept {
  return static_cast<size_t>(
      std::count_if(slots_.begin(), slots_.end(), [](const Slot& s) { return s.used_at != 0; }));
}

size_t OperatorCache::bytes() const noexcept { return bytes_; }

}  // namespace tensor_ops
