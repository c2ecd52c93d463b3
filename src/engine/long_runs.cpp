#include "engine/long_runs.hpp"

namespace tensor_ops {
namespace {

bool describe_nest(const LoopNest& nest, size_t inputs, std::vector<int64_t>* words) {
  if (nest.kernel == Kernel::Empty) return true;
  if (nest.kernel != Kernel::CopyRows || nest.source < 0 || static_cast<size_t>(nest.source) >= inputs) return false;
  const int64_t elem = static_cast<int64_t>(nest.elem_size);
  const LoopDim& inner = nest.dims.back();
  const int64_t run = inner.n * elem;
  if (run < kLongRunMinBytes) return false;
  const size_t loops = nest.dims.size() - 1;
  words->insert(words->end(), {1, nest.source, nest.src_offset * elem, nest.dst_offset * elem, run,
                               static_cast<int64_t>(loops)});
  for (size_t i = 0; i < loops; ++i) {
    const LoopDim& d = nest.dims[i];
    if (d.wrap_at != d.n) return false;  // a wrapped source (roll): the engine's
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
  bool ok = plan.runs.runs.empty();
  for (size_t i = 0; ok && i < plan.nests.size(); ++i) {
    ok = describe_nest(plan.nests[i], inputs, words);
    if (plan.nests[i].kernel != Kernel::Empty) ++(*words)[0];
  }
  if (ok && plan.has_indexed) {
    ok = describe_indexed(plan.indexed, plan.elem_size, inputs, words);
    ++(*words)[0];
  }
  ok = ok && (*words)[0] > 0 && words->size() <= kMaxLongRunWords;
  if (!ok) words->clear();
  return ok;
}

}  // namespace tensor_ops
