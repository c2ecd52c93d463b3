#include "engine/long_runs.hpp"

#include <cstring>

namespace tensor_ops {
namespace {

// An entry of a description: its kind, its loops, where the first loop's
// words start and how many words each loop has.
struct Entry {
  int64_t kind;
  size_t loops, first, width;
};

Entry entry_at(const std::vector<int64_t>& words, size_t at) {
  const int64_t kind = words[at];
  const bool gather = kind == 2;
  return {kind, static_cast<size_t>(words[at + (gather ? 8 : 5)]), at + (gather ? 9 : 6), gather ? size_t{4} : size_t{3}};
}

// Kernels whose loops alone say what they copy (one source, plain strides).
bool plain_strides(Kernel k) {
  switch (k) {
    case Kernel::CopyRows:
    case Kernel::SplatRows:
    case Kernel::ReverseRows:
    case Kernel::Deinterleave:
    case Kernel::Interleave:
    case Kernel::Transpose:
    case Kernel::Strided: return true;
    default: return false;
  }
}

// What a plan's entries hold: how many elements are copied (or written)
// one by one, and whether any long run.
struct Tally {
  int64_t elements = 0;
  bool long_runs = false;
};

// A fill (pad's constant borders) as an entry of kind 4; its elements count
// as written one by one unless its inner loop is a long contiguous run.
bool describe_fill(const LoopNest& nest, std::vector<int64_t>* words, Tally* tally) {
  const int64_t elem = static_cast<int64_t>(nest.elem_size);
  if (nest.elem_size > sizeof(nest.fill)) return false;
  uint32_t halves[2] = {};
  std::memcpy(halves, nest.fill, sizeof(halves));
  words->insert(words->end(), {4, halves[0], halves[1], nest.dst_offset * elem, elem,
                               static_cast<int64_t>(nest.dims.size())});
  for (const LoopDim& d : nest.dims) words->insert(words->end(), {d.n, 0, d.dst_stride * elem});
  const LoopDim& inner = nest.dims.back();
  if (inner.dst_stride != 1 || inner.n * elem < kLongRunMinBytes) tally->elements += nest.bytes() / elem;
  else tally->long_runs = true;
  return true;
}

// Appends the nest as an entry, and tallies it.
bool describe_nest(const LoopNest& nest, size_t inputs, std::vector<int64_t>* words, Tally* tally) {
  if (nest.kernel == Kernel::Empty) return true;
  if (nest.kernel == Kernel::Fill) return describe_fill(nest, words, tally);
  const bool source_ok =
      nest.source == kOutputSource || (nest.source >= 0 && static_cast<size_t>(nest.source) < inputs);
  if (!plain_strides(nest.kernel) || !source_ok) return false;
  for (const LoopDim& d : nest.dims) {
    if (d.wrap_at != d.n) return false;  // a wrapped source (roll): the engine's
  }
  const int64_t elem = static_cast<int64_t>(nest.elem_size);
  const LoopDim& inner = nest.dims.back();
  const bool long_run = nest.kernel == Kernel::CopyRows && inner.n * elem >= kLongRunMinBytes;
  const size_t loops = nest.dims.size() - (long_run ? 1 : 0);
  if (long_run) tally->long_runs = true;
  else tally->elements += nest.bytes() / elem;
  words->insert(words->end(), {long_run ? 1 : 3, nest.source, nest.src_offset * elem, nest.dst_offset * elem,
                               long_run ? inner.n * elem : elem, static_cast<int64_t>(loops)});
  for (size_t i = 0; i < loops; ++i) {
    const LoopDim& d = nest.dims[i];
    words->insert(words->end(), {d.n, d.src_stride * elem, d.dst_stride * elem});
  }
  return true;
}

bool describe_indexed(const IndexedCopy& c, size_t elem_size, size_t inputs, std::vector<int64_t>* words) {
  const int64_t elem = static_cast<int64_t>(elem_size);
  if (c.axis_dims.size() != 1 || c.source < 0 || static_cast<size_t>(c.source) >= inputs ||
      c.slice * elem < kLongRunMinBytes) {
    return false;
  }
  words->insert(words->end(), {2, c.source, c.src_offset * elem, c.dst_offset * elem, c.slice * elem, c.axis_dims[0],
                               c.axis_strides[0] * elem, c.index_offset, static_cast<int64_t>(c.dims.size())});
  for (size_t i = 0; i < c.dims.size(); ++i) {
    words->insert(words->end(), {c.dims[i], c.src_strides[i] * elem, c.dst_strides[i] * elem, c.index_strides[i]});
  }
  return true;
}

}  // namespace

bool describe_long_runs(const PreparedPlan& plan, size_t inputs, std::vector<int64_t>* words) {
  words->assign(1, 0);
  Tally tally;
  int64_t bytes = 0;
  bool ok = plan.runs.runs.empty();
  for (size_t i = 0; ok && i < plan.nests.size(); ++i) {
    ok = describe_nest(plan.nests[i], inputs, words, &tally);
    if (plan.nests[i].kernel != Kernel::Empty) ++(*words)[0];
    bytes += plan.nests[i].kernel == Kernel::Empty ? 0 : plan.nests[i].bytes();
  }
  if (ok && plan.has_indexed) {
    ok = describe_indexed(plan.indexed, plan.elem_size, inputs, words);
    tally.long_runs = true;  // its slices are (or it is not described)
    ++(*words)[0];
  }
  // Elements only beside long runs: a plan of short pieces alone (a small
  // call) costs less in the engine than the executor's setup.
  ok = ok && (*words)[0] > 0 && words->size() <= kMaxLongRunWords && tally.long_runs &&
       tally.elements * kElementCopyBytes <= bytes;
  if (!ok) words->clear();
  return ok;
}

bool long_runs_pay(const std::vector<int64_t>& words, int64_t engine_bytes) {
  if (words.empty()) return false;
  int64_t calls = 0;
  for (size_t at = 1, e = 0; e < static_cast<size_t>(words[0]); ++e) {
    const Entry entry = entry_at(words, at);
    // Kinds 1 and 2: a call at each point of the loops; 4: one per point of
    // its outer loops (a fill of the inner one); 3: elements, no call.
    if (entry.kind != 3) {
      int64_t points = 1;
      for (size_t l = 0; l + (entry.kind == 4 ? 1 : 0) < entry.loops; ++l) points *= words[entry.first + entry.width * l];
      calls += points;
    }
    at = entry.first + entry.width * entry.loops;
  }
  return calls <= engine_bytes / kRunCallBytes;
}

bool long_runs_alone(const std::vector<int64_t>& words) {
  if (words.empty()) return false;
  for (size_t at = 1, e = 0; e < static_cast<size_t>(words[0]); ++e) {
    const Entry entry = entry_at(words, at);
    if (entry.kind > 2) return false;
    at = entry.first + entry.width * entry.loops;
  }
  return true;
}

}  // namespace tensor_ops
