#include "engine/rebase.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <utility>

namespace tensor_ops {
namespace {

constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();
constexpr int64_t kInt64Min = std::numeric_limits<int64_t>::min();

// a + b, or false when it overflows int64.
bool add(int64_t a, int64_t b, int64_t* sum) noexcept {
  if ((b > 0 && a > kInt64Max - b) || (b < 0 && a < kInt64Min - b)) return false;
  *sum = a + b;
  return true;
}

// a * b for any signs, or false when it overflows int64.
bool mul(int64_t a, int64_t b, int64_t* product) noexcept {
  if (a == 0 || b == 0) {
    *product = 0;
    return true;
  }
  const bool negative = (a < 0) != (b < 0);
  const uint64_t ma = a < 0 ? uint64_t{0} - static_cast<uint64_t>(a) : static_cast<uint64_t>(a);
  const uint64_t mb = b < 0 ? uint64_t{0} - static_cast<uint64_t>(b) : static_cast<uint64_t>(b);
  const uint64_t limit = static_cast<uint64_t>(kInt64Max) + (negative ? 1 : 0);
  if (ma > limit / mb) return false;
  const uint64_t m = ma * mb;
  if (!negative) {
    *product = static_cast<int64_t>(m);
  } else {
    *product = m == static_cast<uint64_t>(kInt64Max) + 1 ? kInt64Min : -static_cast<int64_t>(m);
  }
  return true;
}

int64_t magnitude(int64_t a) noexcept { return a < 0 ? -a : a; }  // a > INT64_MIN

// One axis of the input as the rewrite sees it: extent (> 1), stride in the
// contiguous input the plan was made for, stride in the view.
struct Axis {
  int64_t n;
  int64_t flat;
  int64_t stride;
};

// The input's axes of extent > 1, outer first. Neighbours contiguous in the
// view (outer stride = inner stride * inner extent) are one axis: a copy
// walking across their boundary then needs no split.
std::vector<Axis> axes_of(const Shape& input, const View& view) {
  const std::vector<int64_t> flat = row_major_strides(input);
  std::vector<Axis> axes;
  for (size_t j = 0; j < input.size(); ++j) {
    if (input[j] <= 1) continue;
    const Axis axis{input[j], flat[j], view.strides[j]};
    int64_t joined = 0;
    if (!axes.empty() && mul(axis.stride, axis.n, &joined) && joined == axes.back().stride) {
      axes.back() = {axes.back().n * axis.n, axis.flat, axis.stride};
    } else {
      axes.push_back(axis);
    }
  }
  return axes;
}

enum class Kind {
  Dim,        // a dim of the copy
  Component,  // an index component of an indexed copy: its axis_dims and axis_strides
  Slice,      // an indexed copy's slice: `slice` contiguous elements
};

// A run of source positions a copy reads: n of them, s apart in the
// contiguous input. A Dim carries its destination and index strides along
// when it splits.
struct Walk {
  Kind kind = Kind::Dim;
  size_t component = 0;
  int64_t n = 0;
  int64_t s = 0;
  int64_t dst = 0;
  int64_t index = 0;
  int64_t wrap = 0;
  bool fixed = false;   // never split: wrapped, rotated, or an index component
  int axis = -1;        // the input axis it walks (-1: it does not move)
  int64_t step = 0;     // its step along that axis, in indices
  int64_t stride = 0;   // its stride in the view, once mapped
};

// The input axis walk w moves along: the one whose contiguous stride its
// stride is a multiple of and below the next outer axis's; false when there
// is none or one step would leave it.
bool assign(Walk& w, const std::vector<Axis>& axes) {
  w.axis = -1;
  if (w.n <= 1 || w.s == 0) return true;  // reads one position per index: stays as is
  if (w.s == kInt64Min || axes.empty()) return false;
  const int64_t m = magnitude(w.s);
  size_t j = axes.size() - 1;
  while (j > 0 && axes[j - 1].flat <= m) --j;
  if (m < axes[j].flat || m % axes[j].flat != 0) return false;
  w.step = w.s / axes[j].flat;
  if (magnitude(w.step) >= axes[j].n) return false;
  w.axis = static_cast<int>(j);
  return true;
}

// The lowest and highest index of axis j the walks reach from `base`.
bool index_range(const std::vector<Walk>& walks, int j, int64_t base, int64_t* lo, int64_t* hi) {
  *lo = base;
  *hi = base;
  for (const Walk& w : walks) {
    if (w.axis != j) continue;
    int64_t span = 0;
    if (!mul(w.step, w.n - 1, &span)) return false;
    if (!add(span > 0 ? *hi : *lo, span, span > 0 ? hi : lo)) return false;
  }
  return true;
}

// Maps the walks of one copy, starting at contiguous position `base`, onto
// the view: each walk's view stride, and the view offset of `base` in
// *offset. Walks that leave their axis split into digits (one per axis they
// cross) where that is exact; false when it is not.
bool map_walks(std::vector<Walk>& walks, int64_t base, const std::vector<Axis>& axes, const View& view,
               int64_t* offset) {
  const int64_t volume = axes.empty() ? 1 : axes[0].flat * axes[0].n;
  if (base < 0 || base >= volume) return false;
  std::vector<int64_t> b(axes.size());
  for (size_t j = 0; j < axes.size(); ++j) b[j] = base / axes[j].flat % axes[j].n;
  for (Walk& w : walks) {
    if (!assign(w, axes)) return false;
  }
  // Inner axes first: a split hands its outer digit to the next outer axis.
  for (size_t jj = axes.size(); jj-- > 0;) {
    const int j = static_cast<int>(jj);
    const int64_t n = axes[jj].n;
    for (;;) {
      int64_t lo = 0, hi = 0;
      if (!index_range(walks, j, b[jj], &lo, &hi)) return false;
      if (lo >= 0 && hi < n) break;
      // Split the widest walk that crosses the axis's end in whole turns:
      // n / |step| indices per turn, a whole number of turns.
      size_t pick = walks.size();
      int64_t widest = -1;
      for (size_t i = 0; i < walks.size(); ++i) {
        const Walk& w = walks[i];
        if (w.axis != j || w.fixed || n % magnitude(w.step) != 0) continue;
        const int64_t turn = n / magnitude(w.step);
        if (w.n % turn != 0 || w.n == turn) continue;
        int64_t span = 0;
        if (mul(magnitude(w.step), w.n - 1, &span) && span > widest) {
          widest = span;
          pick = i;
        }
      }
      if (pick == walks.size() || j == 0) return false;
      Walk& inner = walks[pick];
      const int64_t turn = n / magnitude(inner.step);
      Walk outer = inner;
      outer.n = inner.n / turn;
      if (!mul(inner.s, turn, &outer.s) || !mul(inner.dst, turn, &outer.dst) ||
          !mul(inner.index, turn, &outer.index)) {
        return false;
      }
      outer.axis = j - 1;  // |outer.s| is the next outer axis's contiguous stride
      outer.step = inner.step > 0 ? 1 : -1;
      inner.n = turn;
      walks.insert(walks.begin() + static_cast<std::ptrdiff_t>(pick), outer);
    }
  }
  for (Walk& w : walks) {
    w.stride = w.s;
    if (w.axis >= 0 && !mul(w.step, axes[static_cast<size_t>(w.axis)].stride, &w.stride)) return false;
  }
  *offset = view.offset;
  for (size_t j = 0; j < axes.size(); ++j) {
    int64_t at = 0;
    if (!mul(b[j], axes[j].stride, &at) || !add(*offset, at, offset)) return false;
  }
  return true;
}

// The view strides of walks that were Dims, in their (split) order.
void take_dims(const std::vector<Walk>& walks, std::vector<int64_t>* dims, std::vector<int64_t>* src,
               std::vector<int64_t>* dst, std::vector<int64_t>* index, std::vector<int64_t>* wrap) {
  dims->clear();
  src->clear();
  dst->clear();
  if (index) index->clear();
  if (wrap) wrap->clear();
  for (const Walk& w : walks) {
    if (w.kind != Kind::Dim) continue;
    dims->push_back(w.n);
    src->push_back(w.stride);
    dst->push_back(w.dst);
    if (index) index->push_back(w.index);
    if (wrap) wrap->push_back(w.wrap);
  }
}

bool has_zero(const std::vector<int64_t>& dims) {
  return std::find(dims.begin(), dims.end(), int64_t{0}) != dims.end();
}

// A copy that reads nothing (an extent of 0, or an empty input): every
// source stride 0, at the view's offset.
void read_nothing(StridedCopy& c, const View& view) {
  std::fill(c.src_strides.begin(), c.src_strides.end(), 0);
  c.src_offset = view.offset;
}

bool rebase_copy(StridedCopy& c, const std::vector<Axis>& axes, const View& view) {
  const size_t rank = c.dims.size();
  if (c.src_strides.size() != rank || c.dst_strides.size() != rank ||
      (!c.src_wrap.empty() && c.src_wrap.size() != rank)) {
    return false;
  }
  if (has_zero(c.dims)) {
    read_nothing(c, view);
    return true;
  }
  std::vector<Walk> walks(rank);
  for (size_t k = 0; k < rank; ++k) {
    Walk& w = walks[k];
    w.n = c.dims[k];
    w.s = c.src_strides[k];
    w.dst = c.dst_strides[k];
    w.wrap = c.src_wrap.empty() ? 0 : c.src_wrap[k];
    w.fixed = w.wrap != 0 || (k + 1 == rank && c.rotate != 0);
  }
  int64_t offset = 0;
  if (!map_walks(walks, c.src_offset, axes, view, &offset)) return false;
  const bool wrapped = !c.src_wrap.empty();
  take_dims(walks, &c.dims, &c.src_strides, &c.dst_strides, nullptr, wrapped ? &c.src_wrap : nullptr);
  c.src_offset = offset;
  return true;
}

bool rebase_indexed(IndexedCopy& c, const std::vector<Axis>& axes, const View& view) {
  const size_t rank = c.dims.size();
  if (c.src_strides.size() != rank || c.dst_strides.size() != rank || c.index_strides.size() != rank ||
      c.axis_strides.size() != c.axis_dims.size()) {
    return false;
  }
  if (has_zero(c.dims) || c.slice == 0) {  // moves nothing (its indices are still checked)
    std::fill(c.src_strides.begin(), c.src_strides.end(), 0);
    c.src_offset = view.offset;
    return true;
  }
  std::vector<Walk> walks;
  for (size_t k = 0; k < rank; ++k) {
    Walk w;
    w.n = c.dims[k];
    w.s = c.src_strides[k];
    w.dst = c.dst_strides[k];
    w.index = c.index_strides[k];
    walks.push_back(w);
  }
  for (size_t j = 0; j < c.axis_dims.size(); ++j) {
    Walk w;
    w.kind = Kind::Component;
    w.component = j;
    w.n = c.axis_dims[j];  // values 0 .. n - 1 once mapped from [-n, n)
    w.s = c.axis_strides[j];
    w.fixed = true;
    walks.push_back(w);
  }
  if (c.slice > 1) {
    Walk w;
    w.kind = Kind::Slice;
    w.n = c.slice;
    w.s = 1;
    walks.push_back(w);
  }
  int64_t offset = 0;
  if (!map_walks(walks, c.src_offset, axes, view, &offset)) return false;
  // The slice, however split, must still be one contiguous run in the view.
  int64_t expect = 1;
  for (size_t i = walks.size(); i-- > 0;) {
    const Walk& w = walks[i];
    if (w.kind != Kind::Slice || w.n == 1) continue;
    if (w.stride != expect || !mul(expect, w.n, &expect)) return false;
  }
  for (const Walk& w : walks) {
    if (w.kind == Kind::Component) c.axis_strides[w.component] = w.stride;
  }
  take_dims(walks, &c.dims, &c.src_strides, &c.dst_strides, &c.index_strides, nullptr);
  c.src_offset = offset;
  return true;
}

// ---- plan_as_views ----

struct Loop {
  int64_t n, src, dst;
};

// The view of `out` that copy `c` writes contiguously (its dst_offset is the
// output's start), or nullopt when an output axis does not walk the source
// with one stride.
std::optional<View> copy_as_view(const StridedCopy& c, const Shape& out, int64_t out_volume) {
  std::vector<Loop> loops;
  for (size_t k = 0; k < c.dims.size(); ++k) {
    if (c.dims[k] != 1) loops.push_back({c.dims[k], c.src_strides[k], c.dst_strides[k]});
  }
  std::stable_sort(loops.begin(), loops.end(), [](const Loop& a, const Loop& b) { return a.dst > b.dst; });
  // Written contiguously in row-major order: inner destination stride 1, each
  // outer one the inner one times its extent, out_volume in all.
  int64_t expect = 1;
  for (size_t i = loops.size(); i-- > 0;) {
    if (loops[i].dst != expect || !mul(expect, loops[i].n, &expect)) return std::nullopt;
  }
  if (expect != out_volume) return std::nullopt;
  // Runs: neighbours that walk the source with one stride merged (inner first).
  std::vector<Loop> runs;
  for (size_t i = loops.size(); i-- > 0;) {
    int64_t joined = 0;
    if (!runs.empty() && mul(runs.back().src, runs.back().n, &joined) && joined == loops[i].src) {
      runs.back().n *= loops[i].n;
    } else {
      runs.push_back(loops[i]);
    }
  }
  // Each output axis of extent > 1 lies within one run: whole turns of it.
  View view;
  view.dims = out;
  view.strides.assign(out.size(), 0);
  view.offset = c.src_offset;
  size_t r = 0;
  int64_t left = runs.empty() ? 1 : runs[0].n;  // indices of run r not yet given to an axis
  int64_t stride = runs.empty() ? 0 : runs[0].src;
  for (size_t a = out.size(); a-- > 0;) {
    const int64_t n = out[a];
    if (n == 1) continue;
    if (left == 1) {
      if (++r >= runs.size()) return std::nullopt;
      left = runs[r].n;
      stride = runs[r].src;
    }
    if (left % n != 0) return std::nullopt;
    view.strides[a] = stride;
    left /= n;
    if (!mul(stride, n, &stride)) return std::nullopt;
  }
  if (left != 1 || (!runs.empty() && r + 1 != runs.size())) return std::nullopt;
  return view;
}

// vol(shape), or false when a dim is negative or the volume overflows.
bool checked_volume(const Shape& shape, int64_t* v) {
  *v = 1;
  for (int64_t d : shape) {
    if (d < 0 || !mul(*v, d, v)) return false;
  }
  return true;
}

}  // namespace

bool rebase_source(CopyPlan& plan, int source, const Shape& input, const View& view) {
  if (view.dims != input || view.strides.size() != input.size()) return false;
  // Runs (concat and split of many parts) move contiguous rows: a view has none.
  for (const Run& run : plan.runs.runs) {
    if (run.source == source) return false;
  }
  int64_t volume = 1;
  for (int64_t d : input) {
    if (d < 0) return false;
    if (d > 0 && !mul(volume, d, &volume)) return false;
  }
  const bool empty = has_zero(input);
  const std::vector<Axis> axes = empty ? std::vector<Axis>() : axes_of(input, view);
  // Rewritten apart and committed at the end: a failure leaves the plan as it was.
  std::vector<std::pair<size_t, StridedCopy>> copies;
  for (size_t i = 0; i < plan.copies.size(); ++i) {
    if (plan.copies[i].source != source) continue;
    StridedCopy c = plan.copies[i];
    if (empty) {
      read_nothing(c, view);  // an empty input: nothing of it is ever read
    } else if (!rebase_copy(c, axes, view)) {
      return false;
    }
    copies.emplace_back(i, std::move(c));
  }
  std::vector<std::pair<size_t, IndexedCopy>> indexed;
  for (size_t i = 0; i < plan.indexed.size(); ++i) {
    if (plan.indexed[i].source != source) continue;
    IndexedCopy c = plan.indexed[i];
    if (empty) {  // no index value is in range: the index check fails before any copy
      std::fill(c.src_strides.begin(), c.src_strides.end(), 0);
      std::fill(c.axis_strides.begin(), c.axis_strides.end(), 0);
      c.src_offset = view.offset;
    } else if (!rebase_indexed(c, axes, view)) {
      return false;
    }
    indexed.emplace_back(i, std::move(c));
  }
  for (auto& [i, c] : copies) plan.copies[i] = std::move(c);
  for (auto& [i, c] : indexed) plan.indexed[i] = std::move(c);
  return true;
}

// Cuts `c` (writing a contiguous range of the output block) into one copy
// per output whose start lies in that range, along its outermost moving dim:
// each output must be whole rows of that dim. False when they are not.
bool cut_at_outputs(const StridedCopy& c, const std::vector<int64_t>& starts, const std::vector<int64_t>& volumes,
                    std::vector<StridedCopy>* out) {
  size_t j = 0;
  while (j < c.dims.size() && c.dims[j] == 1) ++j;
  if (j == c.dims.size()) {
    out->push_back(c);
    return true;
  }
  const int64_t row = c.dst_strides[j];
  int64_t total = 0;
  if (row <= 0 || !mul(c.dims[j], row, &total)) return false;
  for (size_t k = 0; k < starts.size(); ++k) {
    const int64_t at = starts[k] - c.dst_offset;
    if (at < 0 || at >= total || volumes[k] == 0) continue;
    if (at % row != 0 || volumes[k] % row != 0 || at + volumes[k] > total) return false;
    StridedCopy part = c;
    part.dims[j] = volumes[k] / row;
    int64_t skip = 0;
    if (!mul(at / row, c.src_strides[j], &skip) || !add(part.src_offset, skip, &part.src_offset)) return false;
    part.dst_offset = starts[k];
    out->push_back(std::move(part));
  }
  return true;
}

std::optional<std::vector<View>> plan_as_views(const CopyPlan& plan, const std::vector<Shape>& outputs) {
  if (!plan.fills.empty() || !plan.indexed.empty() || !plan.runs.runs.empty()) return std::nullopt;
  std::vector<int64_t> starts, volumes;
  int64_t block = 0;
  for (const Shape& out : outputs) {
    int64_t v = 0;
    if (!checked_volume(out, &v)) return std::nullopt;
    starts.push_back(block);
    volumes.push_back(v);
    if (!add(block, v, &block)) return std::nullopt;
  }
  int64_t planned = 0;
  if (!checked_volume(plan.output_shape, &planned) || planned != block) return std::nullopt;
  std::vector<const StridedCopy*> live;  // the copies that write something
  for (const StridedCopy& c : plan.copies) {
    const size_t rank = c.dims.size();
    if (c.source != 0 || c.rotate != 0 || c.src_strides.size() != rank || c.dst_strides.size() != rank) {
      return std::nullopt;
    }
    for (int64_t w : c.src_wrap) {
      if (w != 0) return std::nullopt;
    }
    if (std::any_of(c.dims.begin(), c.dims.end(), [](int64_t d) { return d < 0; })) return std::nullopt;
    if (!has_zero(c.dims)) live.push_back(&c);
  }
  std::stable_sort(live.begin(), live.end(),
                   [](const StridedCopy* a, const StridedCopy* b) { return a->dst_offset < b->dst_offset; });
  // One copy may write several outputs back to back (split along its first
  // axis, or into equal parts): cut it at their starts along its outermost dim.
  std::vector<StridedCopy> cut;
  if (live.size() < outputs.size()) {
    cut.reserve(outputs.size());
    for (const StridedCopy* c : live) {
      if (!cut_at_outputs(*c, starts, volumes, &cut)) return std::nullopt;
    }
    live.clear();
    for (const StridedCopy& c : cut) live.push_back(&c);
  }
  std::vector<View> views;
  size_t next = 0;
  for (size_t k = 0; k < outputs.size(); ++k) {
    if (volumes[k] == 0) {
      views.push_back(View::of(outputs[k]));
      continue;
    }
    if (next == live.size() || live[next]->dst_offset != starts[k]) return std::nullopt;
    std::optional<View> view = copy_as_view(*live[next++], outputs[k], volumes[k]);
    if (!view) return std::nullopt;
    views.push_back(std::move(*view));
  }
  if (next != live.size()) return std::nullopt;
  return views;
}

}  // namespace tensor_ops
