#include "operations/split.hpp"

#include <algorithm>
#include <string>

#include "engine/view.hpp"

namespace tensor_ops {
namespace {

constexpr const char* kOp = "split";

struct Cut {
  size_t axis = 0;
  std::vector<int64_t> lengths;
};

std::string dim_text(const Shape& input, size_t axis) {
  return "x.shape " + format_list(input) + " has dim " + std::to_string(input[axis]) + " at axis " +
         std::to_string(axis);
}

Result<Cut> cut_of(const Shape& input, const Splits& splits, int64_t axis) {
  if (input.empty()) return invalid_argument(kOp, "x.shape [] is a scalar; split needs rank >= 1");
  int64_t a = 0;
  TENSOR_OPS_ASSIGN(a, normalize_axis(kOp, "axis", axis, static_cast<int64_t>(input.size())));
  Cut cut;
  cut.axis = static_cast<size_t>(a);
  const int64_t dim = input[cut.axis];
  if (splits.count) {
    const int64_t k = splits.values.at(0);
    if (k < 1) {
      return invalid_argument(kOp, "splits " + std::to_string(k) +
                                       " must be at least 1 (a number is the count of equal parts)");
    }
    if (k > kMaxSplitParts) {
      return invalid_argument(kOp, "splits " + std::to_string(k) + " asks for more than " +
                                       std::to_string(kMaxSplitParts) + " parts");
    }
    if (dim % k != 0) {
      return shape_mismatch(kOp, dim_text(input, cut.axis) + ", which splits " + std::to_string(k) +
                                     " does not divide into equal parts");
    }
    cut.lengths.assign(static_cast<size_t>(k), dim / k);
    return cut;
  }
  const std::vector<int64_t>& v = splits.values;
  if (v.empty()) return invalid_argument(kOp, "splits [] has no parts; give at least one length");
  if (static_cast<int64_t>(v.size()) > kMaxSplitParts) {
    return invalid_argument(kOp, "splits has " + std::to_string(v.size()) + " lengths, more than " +
                                     std::to_string(kMaxSplitParts) + " parts");
  }
  int rest = -1;  // the index of the -1
  int64_t sum = 0;
  for (size_t i = 0; i < v.size(); ++i) {
    if (v[i] < -1) {
      return invalid_argument(kOp, "splits value " + std::to_string(v[i]) + " at index " +
                                       std::to_string(i) + " is negative; lengths are >= 0, or -1 for the rest");
    }
    if (v[i] == -1) {
      if (rest >= 0) {
        return invalid_argument(kOp, "splits " + format_list(v) + " has more than one -1 (at indices " +
                                         std::to_string(rest) + " and " + std::to_string(i) + ")");
      }
      rest = static_cast<int>(i);
    }
  }
  for (size_t i = 0; i < v.size(); ++i) {
    if (v[i] < 0) continue;
    if (v[i] > dim - sum) {  // sum <= dim here, so neither side overflows
      return shape_mismatch(kOp, "splits " + format_list(v) + " add up to more than the " +
                                     dim_text(input, cut.axis));
    }
    sum += v[i];
  }
  cut.lengths = v;
  if (rest >= 0) {
    cut.lengths[static_cast<size_t>(rest)] = dim - sum;
  } else if (sum != dim) {
    return shape_mismatch(kOp, "splits " + format_list(v) + " add up to " + std::to_string(sum) +
                                   ", but " + dim_text(input, cut.axis));
  }
  return cut;
}

}  // namespace

Result<std::vector<Shape>> split_shapes(const Shape& input, const Splits& splits, int64_t axis) {
  Cut cut;
  TENSOR_OPS_ASSIGN(cut, cut_of(input, splits, axis));
  std::vector<Shape> parts(cut.lengths.size(), input);
  for (size_t k = 0; k < parts.size(); ++k) parts[k][cut.axis] = cut.lengths[k];
  return parts;
}

Result<ShapeList> split_shape_list(const Shape& input, const Splits& splits, int64_t axis) {
  Cut cut;
  TENSOR_OPS_ASSIGN(cut, cut_of(input, splits, axis));
  ShapeList list;
  const size_t rank = input.size();
  list.dims.resize(cut.lengths.size() * rank);
  list.ranks.assign(cut.lengths.size(), static_cast<int64_t>(rank));
  int64_t* at = list.dims.data();
  for (int64_t n : cut.lengths) {
    at = std::copy(input.begin(), input.end(), at);
    at[static_cast<std::ptrdiff_t>(cut.axis) - static_cast<std::ptrdiff_t>(rank)] = n;
  }
  return list;
}

Result<CopyPlan> plan_split(const Shape& input, const Splits& splits, int64_t axis, size_t elem_size) {
  Cut cut;
  TENSOR_OPS_ASSIGN(cut, cut_of(input, splits, axis));
  CopyPlan plan;
  plan.elem_size = elem_size;
  const int64_t total = volume(input);
  plan.output_shape = {total};
  if (total == 0) return plan;
  // x as [outer, D, inner]: part k is [outer, n_k, inner], whole in the block.
  int64_t outer = 1, inner = 1;
  for (size_t j = 0; j < cut.axis; ++j) outer *= input[j];
  for (size_t j = cut.axis + 1; j < input.size(); ++j) inner *= input[j];
  const int64_t row = input[cut.axis] * inner;
  if (outer == 1) {  // the parts back to back are x itself
    plan.copies.push_back(contiguous_copy(total));
    return plan;
  }
  const std::vector<int64_t>& lengths = cut.lengths;
  if (std::all_of(lengths.begin(), lengths.end(), [&](int64_t n) { return n == lengths[0]; })) {
    // k equal parts of n: one copy of x seen as [k, outer, n * inner].
    const int64_t n = lengths[0] * inner;
    StridedCopy copy;
    copy.dims = {static_cast<int64_t>(lengths.size()), outer, n};
    copy.src_strides = {n, row, 1};
    copy.dst_strides = {outer * n, n, 1};
    plan.copies.push_back(std::move(copy));
    return plan;
  }
  int64_t at = 0;      // where the part starts along the axis
  int64_t offset = 0;  // where it starts in the output block
  if (lengths.size() > kMaxPartCopies) {  // many parts: a run per part, outer rows each
    plan.runs.rows = outer;
    plan.runs.runs.reserve(lengths.size());
    for (int64_t n : lengths) {
      if (n > 0) plan.runs.runs.push_back({0, at * inner, offset, n * inner, row, n * inner});
      at += n;
      offset += outer * n * inner;
    }
    return plan;
  }
  for (int64_t n : lengths) {
    Shape part = input;
    part[cut.axis] = n;
    const int64_t size = volume(part);
    if (size > 0) {
      View source = View::of(input);
      source.slice(cut.axis, at, n, 1);
      View destination = View::of(part);
      destination.offset = offset;
      plan.copies.push_back(copy_between(source, destination));
    }
    at += n;
    offset += size;
  }
  return plan;
}

// ---- split(x, splits, { axis }) in the operation table: several outputs ----

namespace {

Splits splits_of(const OpArgs& a) { return {a.single("splits"), a.ints("splits")}; }

int64_t axis_of(const OpArgs& a) { return a.given("axis") ? a.scalar("axis") : 0; }

Result<ShapeList> shapes_from_args(const OpArgs& a, size_t) {
  return split_shape_list(a.input, splits_of(a), axis_of(a));
}

Result<CopyPlan> plan_from_args(const OpArgs& a, size_t elem_size) {
  return plan_split(a.input, splits_of(a), axis_of(a), elem_size);
}

}  // namespace

const OpSpec& split_op() {
  static const OpSpec spec = [] {
    OpSpec op{"split", {positional("splits", ParamKind::IntOrInts), option("axis", ParamKind::Int)}};
    op.output_shapes = shapes_from_args;
    op.plan = plan_from_args;
    op.output_within_input = true;
    return op;
  }();
  return spec;
}

}  // namespace tensor_ops
