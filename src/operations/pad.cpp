#include "operations/pad.hpp"

#include <algorithm>
#include <limits>
#include <string>
#include <tuple>
#include <utility>

#include "base/error.hpp"

namespace tensor_ops {
namespace {

constexpr const char* kOp = "pad";

std::string mode_name(PadMode mode) { return std::string("'") + kPadModeNames[static_cast<int>(mode)] + "'"; }

// a + b, or false when it overflows int64.
bool checked_add(int64_t a, int64_t b, int64_t* sum) noexcept {
  if ((b > 0 && a > std::numeric_limits<int64_t>::max() - b) ||
      (b < 0 && a < std::numeric_limits<int64_t>::min() - b)) {
    return false;
  }
  *sum = a + b;
  return true;
}

// One piece of an output axis: output index out_start + r * rep_out + i
// (r < reps, i < n) reads source index src_start + r * rep_src + i * step
// (step 1: forwards, -1: mirrored, 0: the edge element repeated). reps > 1:
// whole periods of wrap (rep_src 0), or both borders of equal pads at once.
struct Segment {
  int64_t out_start, src_start, n, step;
  int64_t reps = 1, rep_out = 0, rep_src = 0;
};

// The output indices [a, b) of an axis of size d padded by pb before (out
// indices in all) that hold the input's own elements; before a lies the
// begin border, from b on the end border (negative pads start or stop inside
// the input, or cut into the other side's border). Free of overflow for any
// int64 pb.
std::pair<int64_t, int64_t> interior(int64_t d, int64_t pb, int64_t out) {
  const int64_t a = std::clamp<int64_t>(pb, 0, out);
  const int64_t b = pb >= out ? out : std::clamp<int64_t>(pb + d, a, out);  // pb < out <= 2^53 here
  return {a, b};
}

// The borders of an axis for edge, reflect and symmetric: output [0, a)
// and [b, out) around the interior [a, b). The begin border is not empty
// only when 0 < pb (<= d but for edge); the end border, for reflect and
// symmetric, only when 0 < padsEnd <= d, so that u = b - pb <= 2d there.
void add_mirror_borders(PadMode mode, int64_t d, int64_t pb, int64_t out, int64_t a, int64_t b,
                        std::vector<Segment>* segs) {
  int64_t begin_src = 0, end_src = d - 1, step = 0;  // edge
  if (mode == PadMode::Reflect) {
    begin_src = pb;
    end_src = 2 * (d - 1) - (b - pb);
    step = -1;
  } else if (mode == PadMode::Symmetric) {
    begin_src = pb - 1;
    end_src = 2 * d - 1 - (b - pb);
    step = -1;
  }
  if (a > 0 && a == out - b) {  // borders of equal length: one segment with a dim of 2 over both
    segs->push_back({0, begin_src, a, step, 2, b, end_src - begin_src});
    return;
  }
  if (a > 0) segs->push_back({0, begin_src, a, step});
  if (out > b) segs->push_back({b, end_src, out - b, step});
}

// The segments of an axis for the modes that read the input (not
// constant). Output index o stands for u = o - pb in the input's
// coordinates, and reads: edge clamp(u, 0, d - 1); reflect -u before the
// input and 2(d - 1) - u after it; symmetric -u - 1 and 2d - 1 - u; wrap
// u mod d.
std::vector<Segment> axis_segments(PadMode mode, int64_t d, int64_t pb, int64_t out) {
  std::vector<Segment> segs;
  auto add = [&](int64_t o0, int64_t o1, int64_t src, int64_t step) {
    if (o1 > o0) segs.push_back({o0, src, o1 - o0, step});
  };
  if (out == 0) return segs;
  if (d == 1 && mode != PadMode::Reflect) {  // every output index reads the one element
    add(0, out, 0, 0);
    return segs;
  }
  if (mode == PadMode::Wrap) {
    // A partial period up to the first index reading source 0, whole periods
    // (one copy, a stride-0 dim over them), a partial period.
    const int64_t r0 = (d - ((pb % d) + d) % d) % d;  // (-pb) mod d: what output 0 reads
    const int64_t head = std::min((d - r0) % d, out);
    add(0, head, r0, 1);
    const int64_t periods = (out - head) / d;
    if (periods == 1) add(head, head + d, 0, 1);
    if (periods > 1) segs.push_back({head, 0, d, 1, periods, d, 0});
    add(head + periods * d, out, 0, 1);
    return segs;
  }
  const auto [a, b] = interior(d, pb, out);
  add_mirror_borders(mode, d, pb, out, a, b, &segs);
  // The interior's u, a - pb, is in [0, d) when it holds anything; an empty
  // one (every element cropped away, pb down to -2^63 for edge) is skipped
  // before a - pb could overflow.
  if (b > a) add(a, b, a - pb, 1);
  return segs;
}

// An axis of the modes that read the input, planned in two steps (see
// plan_pad): its interior, output [a, b), and its borders, output [0, a)
// and [b, out) as segments reading the input's u. In place when every
// border reads inside the interior (u in [a - pb, b - pb)): its borders can
// then be copied from the output once the interior is there. Not in place
// when the interior is empty, or the other side crops away elements a
// border reads: the axis is then cut into all its pieces instead.
struct AxisPlan {
  int64_t a = 0, b = 0;
  bool in_place = false;
  std::vector<Segment> borders;
};

AxisPlan axis_plan(PadMode mode, int64_t d, int64_t pb, int64_t out) {
  AxisPlan p;
  std::tie(p.a, p.b) = interior(d, pb, out);
  const int64_t a = p.a, b = p.b;
  if (a == b) return p;
  if (mode == PadMode::Wrap) {
    // Output [o0, o1) reads (o - pb) mod d: a partial period up to the next
    // index reading 0, whole periods (a stride-0 dim over them), a partial one.
    const int64_t pm = pb % d;
    auto run = [&](int64_t o0, int64_t o1) {
      if (o1 <= o0) return;
      const int64_t r0 = (o0 % d - pm + 2 * d) % d;
      int64_t o = o0 + std::min((d - r0) % d, o1 - o0);
      if (o > o0) p.borders.push_back({o0, r0, o - o0, 1});
      const int64_t periods = (o1 - o) / d;
      if (periods == 1) p.borders.push_back({o, 0, d, 1});
      if (periods > 1) p.borders.push_back({o, 0, d, 1, periods, d, 0});
      o += periods * d;
      if (o1 > o) p.borders.push_back({o, 0, o1 - o, 1});
    };
    run(0, a);
    run(b, out);
  } else {
    add_mirror_borders(mode, d, pb, out, a, b, &p.borders);
  }
  // The interior's u: within [0, d], so free of overflow for any pb.
  const int64_t lo = a - pb, hi = b - pb;
  p.in_place = true;
  for (const Segment& s : p.borders) {
    const int64_t along = (s.n - 1) * s.step, across = (s.reps - 1) * s.rep_src;
    const int64_t first = s.src_start + std::min<int64_t>(along, 0) + std::min<int64_t>(across, 0);
    const int64_t last = s.src_start + std::max<int64_t>(along, 0) + std::max<int64_t>(across, 0);
    p.in_place = p.in_place && first >= lo && last < hi;
  }
  return p;
}

// The checks of every rule, and the output shape.
Result<Shape> validate(const Shape& input, const std::vector<int64_t>& pads_begin,
                       const std::vector<int64_t>& pads_end, PadMode mode,
                       std::optional<uint64_t> value_bits, size_t elem_size) {
  const size_t rank = input.size();
  const std::pair<const char*, const std::vector<int64_t>*> lists[] = {{"padsBegin", &pads_begin},
                                                                      {"padsEnd", &pads_end}};
  for (const auto& [name, pads] : lists) {
    if (pads->size() != rank) {
      return invalid_argument(kOp, std::string(name) + " " + format_list(*pads) + " has " +
                                       std::to_string(pads->size()) + " values, but x.shape " +
                                       format_list(input) + " has rank " + std::to_string(rank) +
                                       "; give one pad per axis");
    }
  }
  if (value_bits && mode != PadMode::Constant) {
    return invalid_argument(kOp, "value is given with mode " + mode_name(mode) +
                                     "; only mode 'constant' takes a value");
  }
  if (value_bits && elem_size < 8 && (*value_bits >> (8 * elem_size)) != 0) {
    return invalid_argument(kOp, "value bits " + std::to_string(*value_bits) + " do not fit in a " +
                                     std::to_string(elem_size) + "-byte element");
  }
  Shape output(rank);
  for (size_t k = 0; k < rank; ++k) {
    const int64_t d = input[k];
    for (const auto& [name, pads] : lists) {
      const int64_t p = (*pads)[k];
      if (p <= 0) continue;
      // The messages' parts, made only for an error (x.shape in each: not
      // one copy of it per padded axis of every call).
      const char* list_name = name;
      const auto what = [&] {
        return std::string(list_name) + " value " + std::to_string(p) + " at index " + std::to_string(k);
      };
      const auto axis = [&] {
        return "axis " + std::to_string(k) + " of x.shape " + format_list(input) + " has size " + std::to_string(d);
      };
      if (mode == PadMode::Reflect && p > d - 1) {
        return shape_mismatch(kOp, what() + " is too large for mode 'reflect': " + axis() +
                                       ", so reflect pads at most " + std::to_string(std::max<int64_t>(d - 1, 0)) +
                                       " (the size - 1)");
      }
      if (mode == PadMode::Symmetric && p > d) {
        return shape_mismatch(kOp, what() + " is too large for mode 'symmetric': " + axis() +
                                       ", so symmetric pads at most " + std::to_string(d) + " (the size)");
      }
      if ((mode == PadMode::Edge || mode == PadMode::Wrap) && d == 0) {
        return shape_mismatch(kOp, what() + " pads an empty axis: mode " + mode_name(mode) +
                                       " needs a size of at least 1, and " + axis());
      }
    }
    // padsBegin + d + padsEnd: pads of opposite signs add without overflow.
    const int64_t pb = pads_begin[k], pe = pads_end[k];
    int64_t sum = 0;
    const bool fits = (pb >= 0) != (pe >= 0) ? checked_add(pb + pe, d, &sum)
                                             : checked_add(pb, pe, &sum) && checked_add(sum, d, &sum);
    if (fits ? sum < 0 : pads_begin[k] < 0 && pads_end[k] < 0) {
      return shape_mismatch(kOp, "padsBegin value " + std::to_string(pads_begin[k]) + " and padsEnd value " +
                                     std::to_string(pads_end[k]) + " at index " + std::to_string(k) +
                                     " crop more than axis " + std::to_string(k) + " of x.shape " +
                                     format_list(input) + " holds (" + std::to_string(d) +
                                     "): the output dim would be below 0");
    }
    if (!fits || sum > kMaxDim) {
      return invalid_argument(kOp, "padsBegin value " + std::to_string(pads_begin[k]) + " and padsEnd value " +
                                       std::to_string(pads_end[k]) + " at index " + std::to_string(k) +
                                       " make an output dim beyond 2^53");
    }
    output[k] = sum;
  }
  TENSOR_OPS_TRY(check_shape(kOp, "the output shape", output));
  if (mode != PadMode::Constant && volume(output) != 0) {
    // The pieces of the axes not padded in place multiply; each axis padded
    // in place adds its borders' copies (see plan_pad).
    int64_t pieces = 1, borders = 0;
    for (size_t k = 0; k < rank; ++k) {
      if (input[k] == 1 && output[k] == 1) continue;  // one piece
      const AxisPlan axis = axis_plan(mode, input[k], pads_begin[k], output[k]);
      const int64_t n = axis.in_place
                            ? 1
                            : static_cast<int64_t>(axis_segments(mode, input[k], pads_begin[k], output[k]).size());
      if (axis.in_place) borders += static_cast<int64_t>(axis.borders.size());
      if (!checked_mul(pieces, n, &pieces) || pieces + borders > kMaxPadCopies) {
        return invalid_argument(kOp, "mode " + mode_name(mode) + " with padsBegin " + format_list(pads_begin) +
                                         " and padsEnd " + format_list(pads_end) + " on x.shape " +
                                         format_list(input) + " needs more than " +
                                         std::to_string(kMaxPadCopies) +
                                         " copies (up to 3 pieces per axis whose pads read elements that "
                                         "the other side crops away); pad fewer such axes per call");
      }
    }
  }
  return output;
}

}  // namespace

Result<Shape> pad_shape(const Shape& input, const std::vector<int64_t>& pads_begin,
                        const std::vector<int64_t>& pads_end, PadMode mode,
                        std::optional<uint64_t> value_bits, size_t elem_size) {
  return validate(input, pads_begin, pads_end, mode, value_bits, elem_size);
}

Result<CopyPlan> plan_pad(const Shape& input, const std::vector<int64_t>& pads_begin,
                          const std::vector<int64_t>& pads_end, PadMode mode,
                          std::optional<uint64_t> value_bits, size_t elem_size) {
  CopyPlan plan;
  TENSOR_OPS_ASSIGN(plan.output_shape, validate(input, pads_begin, pads_end, mode, value_bits, elem_size));
  plan.elem_size = elem_size;
  const Shape& output = plan.output_shape;
  if (volume(output) == 0) return plan;
  const size_t rank = input.size();
  const std::vector<int64_t> in_strides = row_major_strides(input);
  const std::vector<int64_t> out_strides = row_major_strides(output);
  // The axes the copies and fills are made of: those of size 1 in and out
  // take part in none (their pads are 0 when the output is not empty and,
  // for constant, the interior not empty), so the plan's size follows the
  // axes that pad, crop or hold more than one element: at most about 126
  // of them (each doubles the input's or the output's volume at least),
  // whatever x's rank.
  std::vector<size_t> axes;
  for (size_t k = 0; k < rank; ++k) {
    if (input[k] != 1 || output[k] != 1) axes.push_back(k);
  }

  if (mode == PadMode::Constant) {
    Fill fill;
    for (size_t i = 0; i < 8; ++i) fill.value[i] = static_cast<unsigned char>(value_bits.value_or(0) >> (8 * i));
    // The part of each output axis that holds input elements: [a, b).
    std::vector<int64_t> a(rank), b(rank);
    for (size_t k = 0; k < rank; ++k) {
      std::tie(a[k], b[k]) = interior(input[k], pads_begin[k], output[k]);
      if (b[k] == a[k]) {  // cropped or padded away entirely: the output is all border
        fill.dims = {volume(output)};
        fill.dst_strides = {1};
        plan.fills.push_back(fill);
        return plan;
      }
    }
    // The border as slabs: for axis k, the indices before a[k] and from
    // b[k] on, with the axes before k inside [a, b) and the axes after k
    // whole. Slabs are disjoint, and with the interior they cover the output.
    for (size_t k : axes) {
      // Borders of equal length are one fill, with a dim of 2 over both sides.
      const bool both = a[k] > 0 && a[k] == output[k] - b[k];
      const int64_t ranges[2][2] = {{0, a[k]}, {b[k], output[k]}};
      for (const auto& range : ranges) {
        if (range[1] <= range[0]) continue;
        fill.dims.clear();
        fill.dst_strides.clear();
        fill.dst_offset = range[0] * out_strides[k];
        for (size_t j : axes) {
          if (j == k && both) {
            fill.dims.push_back(2);
            fill.dst_strides.push_back(b[k] * out_strides[k]);
          }
          fill.dims.push_back(j < k ? b[j] - a[j] : j == k ? range[1] - range[0] : output[j]);
          fill.dst_strides.push_back(out_strides[j]);
          if (j < k) fill.dst_offset += a[j] * out_strides[j];
        }
        plan.fills.push_back(fill);
        if (both) break;
      }
    }
    StridedCopy copy;
    for (size_t k : axes) {
      copy.dims.push_back(b[k] - a[k]);
      copy.src_strides.push_back(in_strides[k]);
      copy.dst_strides.push_back(out_strides[k]);
      copy.dst_offset += a[k] * out_strides[k];
      copy.src_offset += (a[k] - pads_begin[k]) * in_strides[k];
    }
    plan.copies.push_back(std::move(copy));
    return plan;
  }

  // The other modes, in two steps. First the interior of each axis padded
  // in place and every piece of the others (a copy from x per combination).
  // Then, from the last axis to the first, the borders of the axes padded
  // in place, copied from the output itself: along the axis from its
  // interior, along the axes after it (already padded) and the others not
  // padded in place whole, along the axes before it their interior. Each
  // reads what the steps before wrote and writes what none did: a few
  // copies per axis instead of up to 3 pieces per axis multiplied over the
  // axes, and (inner axes first) each writes whole padded rows.
  std::vector<AxisPlan> plans(axes.size());
  std::vector<std::vector<Segment>> segs(axes.size());
  for (size_t i = 0; i < axes.size(); ++i) {
    const size_t k = axes[i];
    plans[i] = axis_plan(mode, input[k], pads_begin[k], output[k]);
    if (plans[i].in_place) {
      segs[i] = {{plans[i].a, plans[i].a - pads_begin[k], plans[i].b - plans[i].a, 1}};
    } else {
      segs[i] = axis_segments(mode, input[k], pads_begin[k], output[k]);
    }
  }
  std::vector<size_t> pick(axes.size(), 0);
  for (;;) {
    StridedCopy copy;
    for (size_t i = 0; i < axes.size(); ++i) {
      const size_t k = axes[i];
      const Segment& s = segs[i][pick[i]];
      if (s.reps > 1) {  // whole periods (a stride-0 source dim), or both borders
        copy.dims.push_back(s.reps);
        copy.src_strides.push_back(s.rep_src * in_strides[k]);
        copy.dst_strides.push_back(s.rep_out * out_strides[k]);
      }
      copy.dims.push_back(s.n);
      copy.src_strides.push_back(s.step * in_strides[k]);
      copy.dst_strides.push_back(out_strides[k]);
      copy.src_offset += s.src_start * in_strides[k];
      copy.dst_offset += s.out_start * out_strides[k];
    }
    plan.copies.push_back(std::move(copy));
    size_t i = axes.size();
    while (i > 0 && ++pick[i - 1] == segs[i - 1].size()) pick[--i] = 0;
    if (i == 0) break;
  }
  for (size_t i = axes.size(); i-- > 0;) {
    if (!plans[i].in_place) continue;
    for (const Segment& s : plans[i].borders) {
      StridedCopy copy;
      copy.source = kOutputSource;
      for (size_t j = 0; j < axes.size(); ++j) {
        const size_t k = axes[j];
        const int64_t stride = out_strides[k];
        if (j == i) {
          if (s.reps > 1) {
            copy.dims.push_back(s.reps);
            copy.src_strides.push_back(s.rep_src * stride);
            copy.dst_strides.push_back(s.rep_out * stride);
          }
          copy.dims.push_back(s.n);
          copy.src_strides.push_back(s.step * stride);
          copy.dst_strides.push_back(stride);
          // Source u is output index pb + u, inside the interior.
          copy.src_offset += (pads_begin[k] + s.src_start) * stride;
          copy.dst_offset += s.out_start * stride;
          continue;
        }
        const bool interior_only = j < i && plans[j].in_place;
        copy.dims.push_back(interior_only ? plans[j].b - plans[j].a : output[k]);
        copy.src_strides.push_back(stride);
        copy.dst_strides.push_back(stride);
        if (interior_only) {
          copy.src_offset += plans[j].a * stride;
          copy.dst_offset += plans[j].a * stride;
        }
      }
      plan.copies.push_back(std::move(copy));
    }
  }
  return plan;
}

// ---- pad(x, padsBegin, padsEnd, { mode, value }) in the operation table ----

namespace {

PadMode mode_of(const OpArgs& a) { return static_cast<PadMode>(a.scalar("mode")); }

std::optional<uint64_t> value_of(const OpArgs& a) {
  if (!a.given("value")) return std::nullopt;
  return static_cast<uint64_t>(a.scalar("value"));
}

Result<Shape> shape_from_args(const OpArgs& a, size_t elem_size) {
  return pad_shape(a.input, a.ints("padsBegin"), a.ints("padsEnd"), mode_of(a), value_of(a), elem_size);
}

Result<CopyPlan> plan_from_args(const OpArgs& a, size_t elem_size) {
  return plan_pad(a.input, a.ints("padsBegin"), a.ints("padsEnd"), mode_of(a), value_of(a), elem_size);
}

}  // namespace

const OpSpec& pad_op() {
  static const OpSpec spec{"pad",
                           {positional("padsBegin", ParamKind::Ints), positional("padsEnd", ParamKind::Ints),
                            name_option("mode", kPadModeNames), option("value", ParamKind::Value)},
                           shape_from_args,
                           plan_from_args};
  return spec;
}

}  // namespace tensor_ops
