#include "operator.hpp"

#include <string>
#include <utility>

namespace tensor_ops {
namespace {

std::string count_text(double n) { return std::to_string(static_cast<int64_t>(n)); }

Status data_length_error(const char* op, const Shape& input, double data_length) {
  return invalid_argument(op, "x.data has " + count_text(data_length) + " elements, but x.shape " +
                                  format_list(input) + " needs " + std::to_string(volume(input)));
}

}  // namespace

Result<Operator> make_operator(const OpSpec& spec, size_t elem_size, const int64_t* words,
                               size_t count, double data_length, bool shape_only) {
  OpArgs args;
  TENSOR_OPS_ASSIGN(args, decode_args(spec, words, count));
  TENSOR_OPS_TRY(check_elem_size(spec.name, elem_size));
  // Data that does not match its shape is the caller's error, reported as
  // such rather than as an output too large for memory ([2^53] with 4 elements).
  if (data_length >= 0) {
    TENSOR_OPS_TRY(check_shape(spec.name, "x.shape", args.input));
    if (data_length != static_cast<double>(volume(args.input))) {
      return data_length_error(spec.name, args.input, data_length);
    }
  }
  Operator op;
  op.spec = &spec;
  op.elem_size = elem_size;
  op.shape_only = shape_only || spec.result == ResultKind::View;
  if (op.shape_only) {
    TENSOR_OPS_ASSIGN(op.output_shape, spec.shape(args, elem_size));
  } else {
    CopyPlan plan;
    TENSOR_OPS_ASSIGN(plan, spec.plan(args, elem_size));
    op.plan = prepare_plan(plan);
    op.output_shape = std::move(plan.output_shape);
  }
  op.input_volume = volume(args.input);
  op.output_volume = volume(op.output_shape);
  return op;
}

Status check_data_length(const Operator& op, const int64_t* words, double data_length) {
  if (data_length < 0 || data_length == static_cast<double>(op.input_volume)) return Status();
  return data_length_error(op.spec->name, Shape(words + 1, words + 1 + words[0]), data_length);
}

Status check_out_length(const Operator& op, double out_length) {
  if (out_length < 0 || out_length == static_cast<double>(op.output_volume)) return Status();
  return invalid_argument(op.spec->name, "out has " + count_text(out_length) +
                                             " elements, but the output shape " +
                                             format_list(op.output_shape) + " needs " +
                                             std::to_string(op.output_volume));
}

}  // namespace tensor_ops
