// Plans read strided views in place (src/rebase.hpp): for every operation,
// random calls (random_calls.hpp) on random views of larger base tensors —
// transposed, sliced with any step, reversed, broadcast — must give the
// bytes the plan gives on the view made contiguous first. plan_as_views:
// outputs that are views of the input, checked against the elements the
// plan writes, and nullopt where a plan is not one strided copy per output.
// Fixed seeds: the same cases natively and in wasm.
#include "helpers.hpp"
#include "registry.hpp"

#include <chrono>
#include <map>
#include <sstream>

#include "gather_common.hpp"
#include "plan_reference.hpp"
#include "random_calls.hpp"
#include "engine/rebase.hpp"
#include "operations/pad.hpp"

using namespace tensor_ops;
using th::Ints;
using th::Rng;
using th::str;

namespace {

constexpr uint64_t kSeed = 20250301;
using Bytes = std::vector<unsigned char>;

std::string describe(const View& v) {
  return "dims " + str(v.dims) + " strides " + str(v.strides) + " offset " + std::to_string(v.offset);
}

// A view with dims `dims` of a random base tensor, and the base's shape.
struct BaseView {
  Shape base;
  View view;
};

// Each view axis comes from its own base axis (in a random order of the
// base's axes), taken with a step of either sign from a random start, or is
// broadcast (stride 0, any extent); extra base axes are fixed at an index.
// Sometimes the view is the whole base, or a contiguous block of it.
BaseView random_view_of(Rng& rng, const Shape& dims) {
  const size_t rank = dims.size();
  const int64_t kind = rng.uniform(0, 99);
  const bool whole = kind < 12, block = kind >= 12 && kind < 24;
  struct Part {
    int64_t extent;
    int64_t start;
    int64_t step;
    int view_axis;  // -1: an extra base axis, fixed at `start`
  };
  std::vector<Part> parts;
  std::vector<int> broadcast(rank, 0);
  int64_t budget = 6000;  // elements of the base, roughly
  int64_t size = 1;
  for (int64_t d : dims) size *= std::max<int64_t>(d, 1);
  budget = std::max(budget, size);
  for (size_t a = 0; a < rank; ++a) {
    const int64_t d = dims[a];
    if (!whole && !block && rng.chance(12)) {
      broadcast[a] = 1;
      continue;
    }
    Part p{std::max<int64_t>(d, 1), 0, 1, static_cast<int>(a)};
    if (!whole && !block && d > 0) {
      int64_t step = rng.chance(55) ? 1 : rng.uniform(1, 3);
      if (rng.chance(30)) step = -step;
      const int64_t span = (d - 1) * (step < 0 ? -step : step) + 1;
      const int64_t extent = span + (rng.chance(50) ? rng.uniform(0, 2) : 0);
      if (size / d * extent <= budget) {
        size = size / d * extent;
        p.extent = extent;
        p.step = step;
        const int64_t room = extent - span;
        p.start = (step > 0 ? 0 : span - 1) + rng.uniform(0, room);
      }
    }
    parts.push_back(p);
  }
  if (block && !parts.empty() && dims[0] > 0) {  // more rows than the view takes
    const int64_t extra = rng.uniform(1, 3);
    parts[0].start = rng.uniform(0, extra);
    parts[0].extent += extra;
  }
  if (!whole && !block) {
    for (int e = static_cast<int>(rng.uniform(0, 2)); e > 0; --e) {
      const int64_t n = rng.uniform(1, 3);
      if (size * n > budget) break;
      size *= n;
      parts.push_back({n, rng.uniform(0, n - 1), 1, -1});
    }
    for (size_t k = parts.size(); k > 1; --k) {
      std::swap(parts[k - 1], parts[static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(k) - 1))]);
    }
  }
  BaseView bv;
  for (const Part& p : parts) bv.base.push_back(p.extent);
  const std::vector<int64_t> strides = row_major_strides(bv.base);
  bv.view.dims = dims;
  bv.view.strides.assign(rank, 0);
  for (size_t i = 0; i < parts.size(); ++i) {
    const Part& p = parts[i];
    bv.view.offset += p.start * strides[i];
    if (p.view_axis >= 0) bv.view.strides[static_cast<size_t>(p.view_axis)] = p.step * strides[i];
  }
  // An empty view reads nothing: any offset will do, keep it inside the base.
  if (ref::volume(dims) == 0) bv.view.offset = 0;
  return bv;
}

Bytes random_bytes(Rng& rng, int64_t count) {
  Bytes b(static_cast<size_t>(count) + 1);  // one more: data() valid when empty
  for (unsigned char& x : b) x = static_cast<unsigned char>(rng.uniform(0, 255));
  return b;
}

// The view's elements, contiguous (as a caller materializes it).
Bytes materialize(const View& view, const Bytes& base, size_t w) {
  CopyPlan plan;
  plan.elem_size = w;
  plan.output_shape = view.dims;
  plan.copies.push_back(copy_to_contiguous(view));
  Bytes out(static_cast<size_t>(ref::volume(view.dims)) * w + 1, 0);
  execute(plan, base.data(), out.data());
  return out;
}

// Runs `plan` prepared, reading sources[k] for source k, into a block of
// `elems` elements prefilled with a pattern; nullopt when its index check fails.
std::optional<Bytes> run(const CopyPlan& plan, const std::vector<const void*>& sources, int64_t elems) {
  const PreparedPlan prepared = prepare_plan(plan);
  BadIndex bad;
  if (!check_indices(prepared, sources.data(), &bad)) return std::nullopt;
  Bytes out(static_cast<size_t>(elems) * plan.elem_size + 1);
  for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<unsigned char>(i * 13 + 5);
  execute(prepared, sources.data(), out.data());
  return out;
}

bool same(const StridedCopy& a, const StridedCopy& b) {
  return a.dims == b.dims && a.src_strides == b.src_strides && a.dst_strides == b.dst_strides &&
         a.src_offset == b.src_offset && a.dst_offset == b.dst_offset && a.rotate == b.rotate &&
         a.src_wrap == b.src_wrap && a.source == b.source;
}

bool same(const IndexedCopy& a, const IndexedCopy& b) {
  return a.dims == b.dims && a.src_strides == b.src_strides && a.dst_strides == b.dst_strides &&
         a.index_strides == b.index_strides && a.src_offset == b.src_offset && a.dst_offset == b.dst_offset &&
         a.index_offset == b.index_offset && a.slice == b.slice && a.axis_dims == b.axis_dims &&
         a.axis_strides == b.axis_strides && a.axes == b.axes && a.index_shape == b.index_shape &&
         a.index_type == b.index_type && a.source == b.source && a.index_source == b.index_source;
}

bool same(const CopyPlan& a, const CopyPlan& b) {
  if (a.output_shape != b.output_shape || a.elem_size != b.elem_size || a.copies.size() != b.copies.size() ||
      a.fills.size() != b.fills.size() || a.indexed.size() != b.indexed.size()) {
    return false;
  }
  for (size_t i = 0; i < a.copies.size(); ++i) {
    if (!same(a.copies[i], b.copies[i])) return false;
  }
  for (size_t i = 0; i < a.fills.size(); ++i) {
    const Fill& f = a.fills[i];
    const Fill& g = b.fills[i];
    if (f.dims != g.dims || f.dst_strides != g.dst_strides || f.dst_offset != g.dst_offset ||
        std::memcmp(f.value, g.value, sizeof f.value) != 0) {
      return false;
    }
  }
  for (size_t i = 0; i < a.indexed.size(); ++i) {
    if (!same(a.indexed[i], b.indexed[i])) return false;
  }
  return true;
}

std::string describe(const CopyPlan& plan) {
  std::ostringstream s;
  for (const StridedCopy& c : plan.copies) s << "\n  copy " << pref::describe(c);
  for (const IndexedCopy& c : plan.indexed) {
    s << "\n  indexed dims " << str(c.dims) << " src " << str(c.src_strides) << "+" << c.src_offset << " dst "
      << str(c.dst_strides) << " axis " << str(c.axis_dims) << " x " << str(c.axis_strides) << " slice "
      << c.slice;
  }
  s << "\n  " << plan.fills.size() << " fills";
  return s.str();
}

// The shapes of the plan's outputs (split: its parts; else the one output).
std::vector<Shape> outputs_of(const OpSpec& spec, const OpArgs& args, const CopyPlan& plan) {
  if (!spec.output_shapes) return {plan.output_shape};
  const Result<ShapeList> shapes = call_shapes(spec, args, plan.elem_size);
  REQUIRE(shapes.ok());
  return rc::shapes_of(shapes.value());
}

// Reads each view from `base` and compares it with its output's bytes in `block`.
std::string check_views(const std::vector<View>& views, const std::vector<Shape>& outputs, const Bytes& base,
                        const Bytes& block, size_t w) {
  if (views.size() != outputs.size()) return "a view per output expected";
  size_t at = 0;
  for (size_t k = 0; k < views.size(); ++k) {
    if (views[k].dims != outputs[k]) return "view " + std::to_string(k) + " has dims " + str(views[k].dims);
    const size_t bytes = static_cast<size_t>(ref::volume(outputs[k])) * w;
    if (bytes > 0) {
      const Bytes got = materialize(views[k], base, w);
      if (std::memcmp(got.data(), block.data() + at, bytes) != 0) {
        return "view " + std::to_string(k) + " (" + describe(views[k]) + ") reads other elements";
      }
    }
    at += bytes;
  }
  return "";
}

struct Stats {
  int cases = 0;       // calls run
  int sources = 0;     // inputs rebased
  int failed = 0;      // rebase_source returned false
  int as_views = 0;    // plan_as_views gave views
};

// ---- every operation on random views ----

TEST_CASE("rebase: every operation reads random views in place", "[rebase]") {
  constexpr int kCasesPerOp = 400;
  std::map<std::string, Stats> stats;
  int op_index = 0;
  for (const OpSpec& spec : op_table()) {
    if (!reg::moves_elements(spec)) continue;  // typed ones read views themselves (test_<op>.cpp)
    Stats& st = stats[spec.name];
    for (int i = 0; i < kCasesPerOp; ++i) {
      const uint64_t seed = kSeed + static_cast<uint64_t>(op_index) * 100000 + static_cast<uint64_t>(i);
      Rng rng(seed);
      const size_t w = th::kWidths[i % 4];
      const std::optional<rc::Call> call = rc::random_call(spec, rng, w);
      REQUIRE(call);
      const CopyPlan plan = rc::plan_of(call->args, w).value();
      const std::vector<Shape> inputs = rc::shapes_of(call->args.inputs);
      const size_t n = inputs.size();
      std::vector<BaseView> views;
      std::vector<Bytes> bases, dense;
      for (size_t k = 0; k < n; ++k) {
        views.push_back(random_view_of(rng, inputs[k]));
        bases.push_back(random_bytes(rng, ref::volume(views[k].base) * static_cast<int64_t>(w)));
        dense.push_back(materialize(views[k].view, bases[k], w));
      }
      std::ostringstream text;
      text << "case " << i << " seed " << seed << " width " << w << ": " << call->text;
      for (size_t k = 0; k < n; ++k) {
        text << "\n  input " << k << ": base " << str(views[k].base) << ", " << describe(views[k].view);
      }
      text << "\n planned:" << describe(plan);
      INFO(text.str());

      // Source k is input k; gather*'s index buffer is source 1.
      std::vector<const void*> sources;
      for (const Bytes& d : dense) sources.push_back(d.data());
      if (call->indices) sources.push_back(call->indices->bytes.data());
      const int64_t out_elems = ref::volume(plan.output_shape);
      const std::optional<Bytes> expected = run(plan, sources, out_elems);
      if (!expected) continue;  // an index of an empty axis: the check fails either way
      ++st.cases;

      CopyPlan rebased = plan;
      std::vector<int64_t> source_elems;
      bool all_rebased = true;
      for (size_t k = 0; k < n; ++k) {
        const CopyPlan before = rebased;
        ++st.sources;
        if (rebase_source(rebased, static_cast<int>(k), inputs[k], views[k].view)) {
          sources[k] = bases[k].data();
          source_elems.push_back(ref::volume(views[k].base));
        } else {
          ++st.failed;
          all_rebased = false;
          REQUIRE(same(rebased, before));
          // Strided copies of these plans always rebase; gathers fail on slices.
          REQUIRE(!plan.indexed.empty());
          CHECK(plan.indexed[0].slice > 1);
          source_elems.push_back(ref::volume(inputs[k]));
        }
      }
      INFO("rebased:" << describe(rebased));
      const std::optional<Bytes> got = run(rebased, sources, out_elems);
      REQUIRE(got);
      REQUIRE(*got == *expected);
      if (rebased.indexed.empty()) {
        REQUIRE(pref::compare_with_engine(rebased, source_elems, out_elems, nullptr, seed) == "");
      }
      // Whenever plan_as_views sees views, they are the output.
      if (all_rebased && n == 1) {
        const std::vector<Shape> outputs = outputs_of(spec, call->args, plan);
        const auto as_views = plan_as_views(rebased, outputs);
        if (as_views) {
          ++st.as_views;
          REQUIRE(check_views(*as_views, outputs, bases[0], *expected, w) == "");
        }
      }
    }
    ++op_index;
  }
  std::ostringstream summary;
  summary << "rebase_source: false / inputs rebased, and plan_as_views hits, per operation:";
  int failed = 0, sources = 0;
  for (const auto& [name, st] : stats) {
    summary << "\n  " << name << ": " << st.failed << " / " << st.sources << " (" << st.cases << " cases), "
            << st.as_views << " as views";
    failed += st.failed;
    sources += st.sources;
    CHECK(st.cases >= kCasesPerOp * 9 / 10);
  }
  summary << "\n  all: " << failed << " / " << sources;
  WARN(summary.str());
  // Rare: mostly gathers on views whose inner axes are not contiguous.
  for (const char* name : {"reshape", "broadcast", "transpose", "slice", "reverse", "concat", "split", "tile",
                           "pad", "roll", "spaceToDepth", "depthToSpace", "spaceToBatch", "batchToSpace"}) {
    INFO(name);
    CHECK(stats[name].failed * 20 <= stats[name].sources);
  }
}

// ---- plan_as_views ----

// The base position of each element the plan writes, the plan run on the
// view made contiguous from a base of int64 positions 0, 1, 2, ...
std::vector<int64_t> positions(const CopyPlan& plan, const BaseView& bv) {
  REQUIRE(plan.elem_size == 8);
  std::vector<int64_t> base(static_cast<size_t>(ref::volume(bv.base)) + 1);
  for (size_t i = 0; i < base.size(); ++i) base[i] = static_cast<int64_t>(i);
  CopyPlan gather;
  gather.elem_size = 8;
  gather.output_shape = bv.view.dims;
  gather.copies.push_back(copy_to_contiguous(bv.view));
  std::vector<int64_t> x(static_cast<size_t>(ref::volume(bv.view.dims)) + 1);
  execute(gather, base.data(), x.data());
  std::vector<int64_t> out(static_cast<size_t>(ref::volume(plan.output_shape)) + 1, -1);
  execute(plan, x.data(), out.data());
  out.pop_back();
  return out;
}

// Whether the output of `shape` whose positions start at `at` is a view:
// one offset and one stride per axis give every element.
bool is_view(const std::vector<int64_t>& pos, size_t at, const Shape& shape) {
  const int64_t count = ref::volume(shape);
  if (count == 0) return true;
  const std::vector<int64_t> rm = row_major_strides(shape);
  std::vector<int64_t> stride(shape.size(), 0);
  for (size_t a = 0; a < shape.size(); ++a) {
    if (shape[a] > 1) stride[a] = pos[at + static_cast<size_t>(rm[a])] - pos[at];
  }
  for (int64_t i = 0; i < count; ++i) {
    int64_t expect = pos[at];
    for (size_t a = 0; a < shape.size(); ++a) expect += (i / rm[a] % shape[a]) * stride[a];
    if (pos[at + static_cast<size_t>(i)] != expect) return false;
  }
  return true;
}

TEST_CASE("rebase: plan_as_views finds the views of transpose, slice, reverse, broadcast, reshape and split",
          "[rebase][views]") {
  for (const char* name : {"transpose", "slice", "reverse", "broadcast", "reshape", "split"}) {
    const OpSpec& spec = rc::op(name);
    int views_found = 0, none = 0;
    for (int i = 0; i < 200; ++i) {
      const uint64_t seed = kSeed + 7000000 + static_cast<uint64_t>(i);
      Rng rng(seed);
      const std::optional<rc::Call> call = rc::random_call(spec, rng, 8);
      REQUIRE(call);
      const CopyPlan plan = rc::plan_of(call->args, 8).value();
      const BaseView bv = random_view_of(rng, call->args.input);
      INFO("case " << i << " seed " << seed << ": " << call->text << "\n  base " << str(bv.base) << ", "
                   << describe(bv.view) << "\n planned:" << describe(plan));
      CopyPlan rebased = plan;
      REQUIRE(rebase_source(rebased, 0, call->args.input, bv.view));  // these plans always rebase
      INFO("rebased:" << describe(rebased));
      const std::vector<Shape> outputs = outputs_of(spec, call->args, plan);
      const std::vector<int64_t> pos = positions(plan, bv);
      bool all_views = true;
      size_t at = 0;
      for (const Shape& out : outputs) {
        all_views = all_views && is_view(pos, at, out);
        at += static_cast<size_t>(ref::volume(out));
      }
      const auto views = plan_as_views(rebased, outputs);
      // A view whenever the elements form one: transpose, slice, reverse,
      // broadcast and split always; reshape when the view's strides allow.
      REQUIRE(views.has_value() == all_views);
      if (std::string(name) != "reshape") REQUIRE(views);
      if (!views) {
        ++none;
        continue;
      }
      ++views_found;
      at = 0;
      for (size_t k = 0; k < outputs.size(); ++k) {
        const View& v = (*views)[k];
        INFO("output " << k << ": " << describe(v));
        REQUIRE(v.dims == outputs[k]);
        const int64_t count = ref::volume(outputs[k]);
        const std::vector<int64_t> rm = row_major_strides(outputs[k]);
        for (int64_t e = 0; e < count; ++e) {
          int64_t p = v.offset;
          for (size_t a = 0; a < v.dims.size(); ++a) p += (e / rm[a] % v.dims[a]) * v.strides[a];
          REQUIRE(p == pos[at + static_cast<size_t>(e)]);
        }
        at += static_cast<size_t>(count);
      }
    }
    INFO(name << ": " << views_found << " views, " << none << " copies");
    CHECK(views_found > 0);
  }
}

TEST_CASE("rebase: plan_as_views is nullopt for pad, roll, tile and gather", "[rebase][views]") {
  Rng rng(kSeed + 8000000);
  const Shape x = {3, 4};
  const View transposed = View::of({4, 3}).permute({1, 0});
  auto views_of = [&](const OpArgs& args) {
    Result<CopyPlan> plan = rc::plan_of(args, 4);
    REQUIRE(plan.ok());
    CopyPlan p = plan.value();
    REQUIRE(rebase_source(p, 0, x, transposed));
    return plan_as_views(p, {p.output_shape});
  };
  for (int64_t mode = 0; mode < 5; ++mode) {  // a constant border is fills; the others are several copies
    OpArgs a = blank_args(rc::op("pad"), {x});
    a.set("padsBegin", {1, 0});
    a.set("padsEnd", {0, 1});
    a.set("mode", {mode});
    INFO("pad mode " << mode);
    CHECK_FALSE(views_of(a));
  }
  {  // a wrap, and a rotated last axis
    OpArgs a = blank_args(rc::op("roll"), {x});
    a.set("shift", {1});
    a.set("axes", {0});
    CHECK_FALSE(views_of(a));
    a.set("axes", {1});
    CHECK_FALSE(views_of(a));
    a.set("shift", {0});  // no shift: the input itself
    CHECK(views_of(a));
  }
  {  // repeats of a whole axis; repeating an axis of 1 is a broadcast
    OpArgs a = blank_args(rc::op("tile"), {x});
    a.set("repeats", {2, 1});
    CHECK_FALSE(views_of(a));
    a.set("repeats", {1, 3});
    CHECK_FALSE(views_of(a));
    a.set("repeats", {2, 1, 1});
    CHECK(views_of(a));
  }
  {
    const gt::IndexData idx = gt::make_indices(IndexType::Int32, {2}, {2, 0});
    OpArgs a = blank_args(rc::op("gather"), {x});
    rc::set_indices(a, idx);
    CopyPlan p = rc::plan_of(a, 4).value();
    CHECK_FALSE(plan_as_views(p, {p.output_shape}));
  }
  // Random pads, rolls and tiles that move something.
  for (int i = 0; i < 300; ++i) {
    const char* name = i % 3 == 0 ? "pad" : i % 3 == 1 ? "roll" : "tile";
    const OpSpec& spec = rc::op(name);
    const std::optional<rc::Call> call = rc::random_call(spec, rng, 4);
    REQUIRE(call);
    CopyPlan plan = rc::plan_of(call->args, 4).value();
    const int64_t vol = ref::volume(plan.output_shape);
    bool moves = false;  // not the input itself, element for element
    for (const StridedCopy& c : plan.copies) {
      moves = moves || c.rotate != 0 || std::any_of(c.src_wrap.begin(), c.src_wrap.end(), [](int64_t v) { return v != 0; });
    }
    moves = moves || !plan.fills.empty() || plan.copies.size() > 1;
    if (std::string(name) == "tile") {
      const Shape& in = call->args.input;
      const Ints& r = call->args.ints("repeats");
      for (size_t k = 0; k < r.size(); ++k) {
        const size_t a = in.size() + k >= r.size() ? in.size() + k - r.size() : in.size();
        if (a < in.size() && in[a] > 1 && r[k] > 1) moves = true;
      }
    }
    if (!moves || vol == 0) continue;
    INFO(call->text << describe(plan));
    CHECK_FALSE(plan_as_views(plan, {plan.output_shape}));
  }
}

// ---- hand-written cases ----

// The int32 elements of `plan` run reading `base` for source 0 (and `idx` for 1).
std::vector<int32_t> values(const CopyPlan& plan, const std::vector<int32_t>& base,
                            const gt::IndexData* idx = nullptr) {
  std::vector<int32_t> out(static_cast<size_t>(ref::volume(plan.output_shape)) + 1);
  const PreparedPlan p = prepare_plan(plan);
  const void* sources[] = {base.data(), idx ? static_cast<const void*>(idx->bytes.data()) : nullptr};
  BadIndex bad;
  REQUIRE(check_indices(p, sources, &bad));
  execute(p, sources, out.data());
  out.pop_back();
  return out;
}

// x = base viewed through `view` made contiguous: what the rebased plan must match.
std::vector<int32_t> dense(const View& view, const std::vector<int32_t>& base) {
  CopyPlan plan;
  plan.elem_size = 4;
  plan.output_shape = view.dims;
  plan.copies.push_back(copy_to_contiguous(view));
  return values(plan, base);
}

CopyPlan planned(const OpArgs& args) {
  Result<CopyPlan> plan = rc::plan_of(args, 4);
  REQUIRE(plan.ok());
  return plan.value();
}

TEST_CASE("rebase: a transposed view, then slice", "[rebase]") {
  const std::vector<int32_t> base = th::iota(12, 0);  // [3, 4]
  const View xt = View::of({3, 4}).permute({1, 0});    // x = its transpose, [4, 3]
  OpArgs a = blank_args(rc::op("slice"), {{4, 3}});
  a.set("starts", {3, 0});
  a.set("ends", {0, 3});
  a.set("steps", {-2, 2});
  const CopyPlan plan = planned(a);
  CopyPlan p = plan;
  REQUIRE(rebase_source(p, 0, {4, 3}, xt));
  // x[3::-2, ::2] of x = base^T: rows 3, 1 of x, columns 0, 2.
  CHECK(values(p, base) == std::vector<int32_t>{3, 11, 1, 9});
  CHECK(values(p, base) == values(plan, dense(xt, base)));
  REQUIRE(p.copies.size() == 1);
  CHECK(p.copies[0].src_strides == Ints{-2, 8});
  const auto views = plan_as_views(p, {p.output_shape});
  REQUIRE(views);
  CHECK((*views)[0].strides == Ints{-2, 8});
  CHECK((*views)[0].offset == 3);
}

TEST_CASE("rebase: a reversed view, then roll", "[rebase]") {
  const std::vector<int32_t> base = th::iota(24, 0);  // [2, 3, 4]
  View xr = View::of({2, 3, 4});
  xr.reverse(2).reverse(0);
  OpArgs a = blank_args(rc::op("roll"), {{2, 3, 4}});
  a.set("shift", {1, -1});
  a.set("axes", {1, 2});  // a wrap on axis 1, a rotation of the rows
  const CopyPlan plan = planned(a);
  CopyPlan p = plan;
  REQUIRE(rebase_source(p, 0, {2, 3, 4}, xr));
  CHECK(p.copies[0].rotate == plan.copies[0].rotate);
  CHECK(p.copies[0].src_wrap == plan.copies[0].src_wrap);
  CHECK(p.copies[0].src_strides == Ints{-12, 4, -1});
  CHECK(values(p, base) == values(plan, dense(xr, base)));
  // Axes 0 and 1 of a view with reversed rows are one contiguous axis of 6
  // rows: the wrapped dim (axis 1, 3 rows) walks part of it, unsplit.
  View rows = View::of({2, 3, 4});
  rows.reverse(2);
  OpArgs b = blank_args(rc::op("roll"), {{2, 3, 4}});
  b.set("shift", {1});
  b.set("axes", {1});
  const CopyPlan rolled = planned(b);
  CopyPlan q = rolled;
  REQUIRE(rebase_source(q, 0, {2, 3, 4}, rows));
  CHECK(q.copies[0].src_strides == Ints{12, 4, -1});
  CHECK(q.copies[0].src_wrap == Ints{0, 1, 0});
  CHECK(values(q, base) == values(rolled, dense(rows, base)));
}

TEST_CASE("rebase: a broadcast view, then pad", "[rebase]") {
  const std::vector<int32_t> base = {7, 8, 9};
  View xb = View::of({3});
  xb.insert_axis(0, 4);  // x: [4, 3], every row the base (stride 0)
  for (int64_t mode = 0; mode < 5; ++mode) {
    OpArgs a = blank_args(rc::op("pad"), {{4, 3}});
    a.set("padsBegin", {1, 2});
    a.set("padsEnd", {2, mode == 2 ? 1 : 2});
    a.set("mode", {mode});
    INFO("mode " << kPadModeNames[mode]);
    const CopyPlan plan = planned(a);
    CopyPlan p = plan;
    REQUIRE(rebase_source(p, 0, {4, 3}, xb));
    CHECK(values(p, base) == values(plan, dense(xb, base)));
  }
}

TEST_CASE("rebase: gather rows of a view needs contiguous rows", "[rebase]") {
  const std::vector<int32_t> base = th::iota(30, 0);  // [6, 5]
  const gt::IndexData idx = gt::make_indices(IndexType::Int32, {3}, {2, -1, 0});
  OpArgs a = blank_args(rc::op("gather"), {{3, 5}});
  rc::set_indices(a, idx);
  const CopyPlan plan = planned(a);  // rows of x [3, 5]
  {  // x = rows 1, 3, 5 of the base: its rows are contiguous
    View rows = View::of({6, 5});
    rows.slice(0, 1, 3, 2);
    CopyPlan p = plan;
    REQUIRE(rebase_source(p, 0, {3, 5}, rows));
    CHECK(p.indexed[0].axis_strides == Ints{10});
    CHECK(p.indexed[0].src_offset == 5);
    CHECK(values(p, base, &idx) == values(plan, dense(rows, base), &idx));
    CHECK(values(p, base, &idx) == std::vector<int32_t>{25, 26, 27, 28, 29, 25, 26, 27, 28, 29, 5, 6, 7, 8, 9});
  }
  {  // x = a transposed [5, 3] base's transpose: rows of x are columns of the base
    OpArgs b = blank_args(rc::op("gather"), {{3, 5}});
    rc::set_indices(b, idx);
    const View xt = View::of({5, 3}).permute({1, 0});
    CopyPlan p = plan;
    CHECK_FALSE(rebase_source(p, 0, {3, 5}, xt));
    CHECK(same(p, plan));
  }
  {  // a column of a transposed view is one element: gather along the last axis rebases
    const gt::IndexData cols = gt::make_indices(IndexType::Int64, {2}, {4, 1});
    OpArgs b = blank_args(rc::op("gather"), {{3, 5}});
    rc::set_indices(b, cols);
    b.set("axis", {1});
    const CopyPlan by_column = planned(b);
    const View xt = View::of({5, 3}).permute({1, 0});
    CopyPlan p = by_column;
    REQUIRE(rebase_source(p, 0, {3, 5}, xt));
    CHECK(values(p, base, &cols) == values(by_column, dense(xt, base), &cols));
  }
}

TEST_CASE("rebase: reshape splits its flat copy where the view's axes do not join", "[rebase]") {
  const std::vector<int32_t> base = th::iota(60, 0);  // [3, 4, 5]
  View x = View::of({3, 4, 5});
  x.permute({2, 0, 1}).slice(0, 4, 3, -1);  // x: [3, 3, 4], reversed planes of a transpose
  OpArgs a = blank_args(rc::op("reshape"), {x.dims});
  a.set("shape", {9, 4});
  const CopyPlan plan = planned(a);
  CopyPlan p = plan;
  REQUIRE(rebase_source(p, 0, x.dims, x));
  REQUIRE(p.copies.size() == 1);
  // x's axes 1 and 2 are one contiguous axis of 12 in the view (stride 5).
  CHECK(p.copies[0].dims == Ints{3, 12});
  CHECK(p.copies[0].src_strides == Ints{-1, 5});
  CHECK(p.copies[0].dst_strides == Ints{12, 1});
  CHECK(values(p, base) == values(plan, dense(x, base)));
  // [9, 4]: the 9 rows of x are not one stride apart: a copy.
  CHECK_FALSE(plan_as_views(p, {{9, 4}}));
  // To [3, 3, 2, 2]: a view.
  a.set("shape", {3, 3, 2, 2});
  CopyPlan q = planned(a);
  REQUIRE(rebase_source(q, 0, x.dims, x));
  const auto views = plan_as_views(q, {q.output_shape});
  REQUIRE(views);
  CHECK((*views)[0].strides == Ints{-1, 20, 10, 5});
  CHECK((*views)[0].offset == 4);
}

TEST_CASE("rebase: flat copies that cannot split fail and leave the plan as it was", "[rebase]") {
  // A copy starting mid-row over two rows is no box of the input's axes.
  CopyPlan plan;
  plan.elem_size = 4;
  plan.output_shape = {4};
  StridedCopy c = contiguous_copy(4);
  c.src_offset = 2;
  plan.copies.push_back(c);
  View x = View::of({3, 4});
  x.permute({0, 1}).reverse(1);
  CopyPlan p = plan;
  CHECK_FALSE(rebase_source(p, 0, {3, 4}, x));
  CHECK(same(p, plan));
  // Whole rows from row 1 split exactly.
  p.copies[0].src_offset = 4;
  p.copies[0].dims = {8};
  p.output_shape = {8};
  plan = p;
  REQUIRE(rebase_source(p, 0, {3, 4}, x));
  CHECK(p.copies[0].dims == Ints{2, 4});
  CHECK(p.copies[0].src_strides == Ints{4, -1});
  CHECK(p.copies[0].src_offset == 7);
  // A flat copy walking x backwards splits into digits that step back.
  const std::vector<int32_t> base = th::iota(12, 0);
  CopyPlan back;
  back.elem_size = 4;
  back.output_shape = {12};
  back.copies.push_back(contiguous_copy(12));
  back.copies[0].src_strides = {-1};
  back.copies[0].src_offset = 11;
  CopyPlan b = back;
  REQUIRE(rebase_source(b, 0, {3, 4}, x));
  CHECK(b.copies[0].dims == Ints{3, 4});
  CHECK(b.copies[0].src_strides == Ints{-4, 1});
  CHECK(b.copies[0].src_offset == 8);
  CHECK(values(b, base) == values(back, dense(x, base)));
  // A contiguous view needs no split: the rows merge into one axis.
  View rows = View::of({5, 4});
  rows.slice(0, 1, 3, 1);
  CopyPlan q = plan;
  REQUIRE(rebase_source(q, 0, {3, 4}, rows));
  CHECK(q.copies[0].dims == Ints{8});
  CHECK(q.copies[0].src_offset == 8);
  // A wrapped dim that would need a split fails.
  CopyPlan r = plan;
  r.copies[0].src_wrap = {3};
  CHECK_FALSE(rebase_source(r, 0, {3, 4}, x));
  // A view of the wrong dims fails.
  CHECK_FALSE(rebase_source(q, 0, {3, 4}, View::of({4, 3})));
}

TEST_CASE("rebase: empty inputs and copies of other sources", "[rebase]") {
  OpArgs a = blank_args(rc::op("concat"), {{2, 3}, {2, 0}, {2, 1}});
  a.set("axis", {1});
  const CopyPlan plan = planned(a);
  View second = View::of({2, 0});
  second.offset = 99;
  CopyPlan p = plan;
  REQUIRE(rebase_source(p, 1, {2, 0}, second));
  CHECK(same(p, plan));  // no copy reads the empty tensor
  View third = View::of({1});
  third.insert_axis(0, 2);  // [2, 1], both rows one element
  REQUIRE(rebase_source(p, 2, {2, 1}, third));
  REQUIRE(p.copies.size() == 2);
  CHECK(same(p.copies[0], plan.copies[0]));
  CHECK(p.copies[1].src_strides == Ints{0, 1});
}

// ---- timing (not run by default: [.]) ----

TEST_CASE("rebase: time of rebase_source on typical plans", "[.][rebase-timing]") {
  View v4 = View::of({8, 16, 32, 64});
  v4.permute({3, 1, 0, 2}).slice(0, 1, 20, 3);  // [20, 16, 8, 32] strides negative-free, non-contiguous
  const Shape x4 = v4.dims;
  OpArgs t = blank_args(rc::op("transpose"), {x4});
  t.set("perm", {0, 2, 3, 1});
  OpArgs pd = blank_args(rc::op("pad"), {x4});
  pd.set("padsBegin", {1, 2, 0, 3});
  pd.set("padsEnd", {2, 0, 1, 3});
  OpArgs pr = pd;
  pr.set("mode", {2});
  OpArgs cc = blank_args(rc::op("concat"), {{4, 16, 32}, {4, 16, 32}, {4, 16, 32}});
  cc.set("axis", {1});
  View v3 = View::of({4, 32, 16});
  v3.permute({0, 2, 1});
  OpArgs rs = blank_args(rc::op("reshape"), {x4});
  rs.set("shape", {-1});
  const struct {
    const char* what;
    const OpArgs* args;
    int sources;
    const View* view;
  } cases[] = {{"transpose rank 4", &t, 1, &v4},
               {"pad rank 4 (constant)", &pd, 1, &v4},
               {"pad rank 4 (reflect, 24 copies)", &pr, 1, &v4},
               {"concat of 3 (each input rebased)", &cc, 3, &v3},
               {"reshape rank 4 (flat copy split)", &rs, 1, &v4}};
  std::ostringstream report;
  for (const auto& c : cases) {
    const CopyPlan plan = planned(*c.args);
    // Copies of the plan made beforehand: only rebase_source is timed.
    constexpr int kBatch = 1000, kBatches = 20;
    int ok = 0;
    double total = 0;
    for (int batch = 0; batch < kBatches; ++batch) {
      std::vector<CopyPlan> plans(kBatch, plan);
      const auto start = std::chrono::steady_clock::now();
      for (CopyPlan& p : plans) {
        const std::vector<Shape> inputs = rc::shapes_of(c.args->inputs);
        for (int s = 0; s < c.sources; ++s) ok += rebase_source(p, s, inputs[static_cast<size_t>(s)], *c.view);
      }
      total += std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    }
    CHECK(ok == kBatch * kBatches * c.sources);
    report << "\n  " << c.what << ": " << total / (kBatch * kBatches) << " us per plan (" << plan.copies.size()
           << " copies, " << plan.fills.size() << " fills)";
  }
  WARN("rebase_source:" << report.str());
}

}  // namespace
