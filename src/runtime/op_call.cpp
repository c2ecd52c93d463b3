#include "runtime/op_call.hpp"

#include <string>

namespace tensor_ops {
namespace {

std::string count_text(double n) { return std::to_string(static_cast<int64_t>(n)); }

// Step 3 for `shape`, unless the output holds only the input's elements.
Status check_output_size(const OpSpec& spec, const Shape& shape, size_t elem_size) {
  if (spec.output_within_input) return Status();
  return check_output_bytes(spec.name, shape, elem_size);
}

// Named inputs: each one's dtype against its kind (data inputs: the call's
// one dtype, that of the first).
Status check_input_dtypes(const OpSpec& spec, const OpArgs& args) {
  const char* first_data = nullptr;
  for (size_t k = 0; k < spec.inputs.size() && k < args.input_dtypes.size(); ++k) {
    const InputSpec& in = spec.inputs[k];
    const DType t = args.input_dtypes[k];
    const std::string name = std::string(in.name) + ".dtype '" + dtype_name(t) + "'";
    if (in.kind == InputKind::Condition && t != DType::Bool && t != DType::Uint8) {
      return invalid_argument(spec.name, name + " is not bool or uint8 (a condition is true where nonzero)");
    }
    if (in.kind == InputKind::Index && !is_integer(t)) {
      return invalid_argument(spec.name, name + " is not an integer dtype (int8, uint8, int16, uint16, int32, "
                                                "uint32, int64, uint64)");
    }
    if (in.kind != InputKind::Data) continue;
    if (first_data != nullptr && t != args.dtype) {
      return invalid_argument(spec.name, name + " differs from " + first_data + ".dtype '" +
                                             dtype_name(args.dtype) + "'; they must have one dtype");
    }
    if (first_data == nullptr) first_data = in.name;
  }
  return Status();
}

}  // namespace

Status data_length_error(const OpSpec& spec, size_t k, const Shape& shape, double length) {
  const std::string name = input_name(spec, k);
  return invalid_argument(spec.name, name + ".data has " + count_text(length) + " elements, but " + name +
                                         ".shape " + format_list(shape) + " needs " + std::to_string(volume(shape)));
}

Status check_call(const OpSpec& spec, const OpArgs& args, size_t elem_size, double data_length,
                  const int64_t* list_lengths) {
  TENSOR_OPS_TRY(check_elem_size(spec.name, elem_size));
  TENSOR_OPS_TRY(check_input_dtypes(spec, args));
  // Input by input: its shape, then its data's length.
  const ShapeList& inputs = args.inputs;
  const int64_t* dims = inputs.dims.data();
  for (size_t k = 0; k < inputs.size(); dims += inputs.ranks[k], ++k) {
    const size_t rank = static_cast<size_t>(inputs.ranks[k]);
    if (!check_shape(spec.name, "", dims, rank).ok()) {  // the input's name is made only for the error
      const std::string name = input_name(spec, k) + ".shape";
      TENSOR_OPS_TRY(check_shape(spec.name, name.c_str(), dims, rank));
    }
    const double length = spec.tensor_list ? (list_lengths ? static_cast<double>(list_lengths[k]) : -1)
                                           : data_length;
    if (length >= 0 && length != static_cast<double>(volume(dims, rank))) {
      return data_length_error(spec, k, Shape(dims, dims + rank), length);
    }
  }
  return Status();
}

// The element size of each output: x's, or its own dtype's (typed operations).
size_t output_elem_size(const OpSpec& spec, const OpArgs& args, size_t k, size_t elem_size) {
  if (spec.output_dtypes == nullptr) return elem_size;
  const std::vector<DType> dtypes = spec.output_dtypes(args);
  return k < dtypes.size() ? dtype_bytes(dtypes[k]) : elem_size;
}

Result<Shape> call_shape(const OpSpec& spec, const OpArgs& args, size_t elem_size) {
  Shape output;
  TENSOR_OPS_ASSIGN(output, spec.shape(args, elem_size));
  TENSOR_OPS_TRY(check_output_size(spec, output, output_elem_size(spec, args, 0, elem_size)));
  return output;
}

Result<ShapeList> call_shapes(const OpSpec& spec, const OpArgs& args, size_t elem_size) {
  ShapeList outputs;
  TENSOR_OPS_ASSIGN(outputs, spec.output_shapes(args, elem_size));
  if (!spec.output_within_input) {
    const int64_t* dims = outputs.dims.data();
    for (size_t k = 0; k < outputs.size(); dims += outputs.ranks[k], ++k) {
      TENSOR_OPS_TRY(check_output_size(spec, Shape(dims, dims + outputs.ranks[k]), output_elem_size(spec, args, k, elem_size)));
    }
  }
  return outputs;
}

namespace {

// Step 3 before step 4: an output that may outgrow the input is sized before it is planned.
Status size_outputs(const OpSpec& spec, const OpArgs& args, size_t elem_size) {
  if (!spec.output_within_input) {
    if (spec.output_shapes != nullptr) {
      TENSOR_OPS_TRY(call_shapes(spec, args, elem_size));
    } else {
      TENSOR_OPS_TRY(call_shape(spec, args, elem_size));
    }
  }
  return Status();
}

}  // namespace

Result<CopyPlan> call_plan(const OpSpec& spec, const OpArgs& args, size_t elem_size) {
  TENSOR_OPS_TRY(size_outputs(spec, args, elem_size));
  return spec.plan(args, elem_size);
}

Result<std::shared_ptr<const TypedKernel>> call_kernel(const OpSpec& spec, const OpArgs& args) {
  TENSOR_OPS_TRY(size_outputs(spec, args, dtype_bytes(args.dtype)));
  return spec.kernel(args);
}

}  // namespace tensor_ops
