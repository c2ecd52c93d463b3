#include "operations/split.hpp"

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
  TENSOR_OPS_TRY(check_shape(kOp, "x.shape", input));
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

Result<CopyPlan> plan_split(const Shape& input, const Splits& splits, int64_t axis, size_t elem_size) {
  TENSOR_OPS_TRY(check_elem_size(kOp, elem_size));
  Cut cut;
  TENSOR_OPS_ASSIGN(cut, cut_of(input, splits, axis));
  CopyPlan plan;
  plan.elem_size = elem_size;
  plan.output_shape = {volume(input)};
  int64_t at = 0;      // where the part starts along the axis
  int64_t offset = 0;  // where it starts in the output block
  for (int64_t n : cut.lengths) {
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

}  // namespace tensor_ops
