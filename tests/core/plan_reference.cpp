#include "plan_reference.hpp"

#include <algorithm>
#include <sstream>

namespace pref {

namespace {

int64_t mod(int64_t a, int64_t n) { return ((a % n) + n) % n; }

void naive_copy(const StridedCopy& c, size_t w, const unsigned char* src, unsigned char* dst) {
  const size_t rank = c.dims.size();
  int64_t total = 1;
  for (int64_t d : c.dims) total *= d;
  Ints index(rank, 0);
  for (int64_t flat = 0; flat < total; ++flat) {
    int64_t rest = flat;
    for (size_t k = rank; k-- > 0;) {
      index[k] = rest % c.dims[k];
      rest /= c.dims[k];
    }
    int64_t s = c.src_offset;
    int64_t d = c.dst_offset;
    for (size_t k = 0; k < rank; ++k) {
      int64_t from = index[k];
      if (c.rotate != 0 && k + 1 == rank) from = mod(from - c.rotate, c.dims[k]);
      if (!c.src_wrap.empty()) from = mod(from - c.src_wrap[k], c.dims[k]);
      s += from * c.src_strides[k];
      d += index[k] * c.dst_strides[k];
    }
    std::memcpy(dst + d * static_cast<int64_t>(w), src + s * static_cast<int64_t>(w), w);
  }
}

}  // namespace

void naive_execute(const CopyPlan& plan, const std::vector<const unsigned char*>& sources,
                   unsigned char* dst) {
  for (const StridedCopy& c : plan.copies) {
    const unsigned char* src = c.source == tensor_ops::kOutputSource ? dst : sources.at(static_cast<size_t>(c.source));
    naive_copy(c, plan.elem_size, src, dst);
  }
  for (const tensor_ops::Fill& f : plan.fills) {
    // A fill is a copy of one element that repeats everywhere.
    StridedCopy c;
    c.dims = f.dims;
    c.dst_strides = f.dst_strides;
    c.dst_offset = f.dst_offset;
    c.src_strides.assign(f.dims.size(), 0);
    naive_copy(c, plan.elem_size, f.value, dst);
  }
  for (const tensor_ops::Run& r : plan.runs.runs) {
    // A run is a copy of [rows, length] elements.
    StridedCopy c;
    c.dims = {plan.runs.rows, r.length};
    c.src_strides = {r.src_row_stride, 1};
    c.dst_strides = {r.dst_row_stride, 1};
    c.src_offset = r.src_offset;
    c.dst_offset = r.dst_offset;
    naive_copy(c, plan.elem_size, sources.at(static_cast<size_t>(r.source)), dst);
  }
}

int64_t count(const std::vector<Axis>& axes) {
  int64_t n = 1;
  for (const Axis& a : axes) n *= a.n;
  return n;
}

RandomView random_view(th::Rng& rng, size_t max_rank, int64_t max_dim, int64_t max_volume) {
  RandomView v;
  const size_t rank = static_cast<size_t>(rng.uniform(1, static_cast<int64_t>(max_rank)));
  v.shape = th::random_shape(rng, rank, max_dim, max_volume);
  int64_t stride = 1;
  v.axes.resize(rank);
  for (size_t k = rank; k-- > 0;) {
    v.axes[k] = {v.shape[k], stride};
    stride *= v.shape[k];
  }
  const int steps = static_cast<int>(rng.uniform(0, 5));
  for (int step = 0; step < steps; ++step) {
    const size_t a = static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(v.axes.size()) - 1));
    Axis& axis = v.axes[a];
    switch (rng.uniform(0, 4)) {
      case 0:  // reverse: the first element becomes the last
        if (axis.n > 0) v.offset += (axis.n - 1) * axis.stride;
        axis.stride = -axis.stride;
        break;
      case 1: {  // slice with any step
        if (axis.n == 0) break;
        const int64_t start = rng.uniform(0, axis.n - 1);
        int64_t step_by = rng.uniform(1, 3);
        if (rng.chance(30)) step_by = -step_by;
        const int64_t room = step_by > 0 ? (axis.n - 1 - start) / step_by : start / -step_by;
        const int64_t n = rng.uniform(1, room + 1);
        v.offset += start * axis.stride;
        axis = {n, axis.stride * step_by};
        break;
      }
      case 2: {  // split into (outer, inner)
        for (int64_t inner = 2; inner <= axis.n; ++inner) {
          if (axis.n % inner == 0 && rng.chance(50)) {
            const Axis outer{axis.n / inner, axis.stride * inner};
            axis = {inner, axis.stride};
            v.axes.insert(v.axes.begin() + static_cast<std::ptrdiff_t>(a), outer);
            break;
          }
        }
        break;
      }
      case 3:  // broadcast: a new axis of stride 0
        if (v.axes.size() < 8 && count(v.axes) * 4 <= max_volume) {
          v.axes.insert(v.axes.begin() + static_cast<std::ptrdiff_t>(a), Axis{rng.uniform(1, 4), 0});
        }
        break;
      default: {  // swap two axes
        const size_t b = static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(v.axes.size()) - 1));
        std::swap(v.axes[a], v.axes[b]);
      }
    }
  }
  if (rng.chance(50)) {  // a full random permutation
    for (size_t k = v.axes.size(); k > 1; --k) {
      std::swap(v.axes[k - 1], v.axes[static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(k) - 1))]);
    }
  }
  return v;
}

StridedCopy gather_copy(const RandomView& view) {
  StridedCopy c;
  int64_t stride = 1;
  c.dst_strides.resize(view.axes.size());
  for (size_t k = view.axes.size(); k-- > 0;) {
    c.dst_strides[k] = stride;
    stride *= view.axes[k].n;
  }
  for (const Axis& a : view.axes) {
    c.dims.push_back(a.n);
    c.src_strides.push_back(a.stride);
  }
  c.src_offset = view.offset;
  return c;
}

std::string compare_with_engine(const CopyPlan& plan, const std::vector<int64_t>& source_elems,
                                int64_t out_elems, tensor_ops::ThreadPool* pool, uint64_t seed) {
  const size_t w = plan.elem_size;
  std::mt19937_64 rng(seed);
  // Sources start 0 to 2 elements into buffers that end where they do, so
  // that a sanitizer catches any read past the end.
  std::vector<std::vector<unsigned char>> buffers;
  std::vector<const unsigned char*> sources;
  for (int64_t n : source_elems) {
    const size_t lead = static_cast<size_t>(seed % 3) * w;
    buffers.emplace_back(lead + static_cast<size_t>(n) * w);
    for (unsigned char& b : buffers.back()) b = static_cast<unsigned char>(rng());
  }
  for (size_t i = 0; i < buffers.size(); ++i) sources.push_back(buffers[i].data() + static_cast<size_t>(seed % 3) * w);
  constexpr size_t kGuard = 8;  // elements each side of the destination
  const size_t dst_bytes = (static_cast<size_t>(out_elems) + 2 * kGuard) * w;
  std::vector<unsigned char> expected(dst_bytes);
  for (size_t i = 0; i < dst_bytes; ++i) expected[i] = static_cast<unsigned char>(i * 7 + 3);
  const std::vector<unsigned char> prefill = expected;
  naive_execute(plan, sources, expected.data() + kGuard * w);

  const tensor_ops::PreparedPlan prepared = tensor_ops::prepare_plan(plan);
  const std::vector<const void*> pointers(sources.begin(), sources.end());
  bool one_source = true;
  for (const StridedCopy& c : plan.copies) {
    one_source = one_source && (c.source == 0 || c.source == tensor_ops::kOutputSource);
  }
  for (const tensor_ops::Run& r : plan.runs.runs) one_source = one_source && r.source == 0;
  for (int run = 0; run < 4; ++run) {
    if (run < 2 && !one_source) continue;
    tensor_ops::ThreadPool* p = run % 2 ? pool : nullptr;
    if (run % 2 && !pool) continue;
    std::vector<unsigned char> got = prefill;
    if (run < 2) tensor_ops::execute(plan, sources[0], got.data() + kGuard * w, p);
    else tensor_ops::execute(prepared, pointers.data(), got.data() + kGuard * w, p);
    const auto diff = std::mismatch(expected.begin(), expected.end(), got.begin());
    if (diff.first != expected.end()) {
      const auto byte = static_cast<int64_t>(diff.first - expected.begin());
      std::ostringstream s;
      s << (run < 2 ? "execute(CopyPlan)" : "execute(PreparedPlan)") << (p ? " pooled" : "")
        << ": element " << byte / static_cast<int64_t>(w) - static_cast<int64_t>(kGuard)
        << " of " << out_elems << " differs (width " << w << ")";
      return s.str();
    }
  }
  return "";
}

std::string describe(const StridedCopy& c) {
  std::ostringstream s;
  s << "dims " << th::str(c.dims) << " src " << th::str(c.src_strides) << "+" << c.src_offset
    << " dst " << th::str(c.dst_strides) << "+" << c.dst_offset;
  if (c.rotate) s << " rotate " << c.rotate;
  if (!c.src_wrap.empty()) s << " wrap " << th::str(c.src_wrap);
  if (c.source) s << " source " << c.source;
  return s.str();
}

}  // namespace pref
