#include "runtime/operator.hpp"

#include "engine/footprint.hpp"
#include "engine/index_error.hpp"
#include "engine/long_runs.hpp"

#include <string>
#include <optional>
#include <utility>

namespace tensor_ops {
namespace {

std::string count_text(double n) { return std::to_string(static_cast<int64_t>(n)); }

// The volume of every shape of `list`, and their sum (call after check_call).
int64_t volumes_of(const ShapeList& list, std::vector<int64_t>* each) {
  int64_t sum = 0;
  const int64_t* dims = list.dims.data();
  if (each) each->reserve(list.size());
  for (size_t k = 0; k < list.size(); dims += list.ranks[k], ++k) {
    const int64_t v = volume(dims, static_cast<size_t>(list.ranks[k]));
    if (each) each->push_back(v);
    sum += v;
  }
  return sum;
}

// Rewrites `plan` to read each input from its view, if any; returns the
// first input it cannot read in place, or -1.
int read_views(const OpArgs& args, CopyPlan& plan) {
  const int64_t* dims = args.inputs.dims.data();
  for (size_t k = 0; k < args.input_strides.size(); dims += args.inputs.ranks[k], ++k) {
    if (args.input_strides[k].empty()) continue;
    const Shape input(dims, dims + args.inputs.ranks[k]);
    const View view{input, args.input_strides[k], 0};
    if (!rebase_source(plan, static_cast<int>(k), input, view)) return static_cast<int>(k);
  }
  return -1;
}

// The outputs of `plan` as views of its one source (flattened for Operator::views).
// Views are looked for up to this many outputs: a split into thousands of
// parts is one block, not thousands of views.
constexpr size_t kMaxViewOutputs = 64;

std::vector<int64_t> output_views(const OpSpec& spec, const OpArgs& args, const CopyPlan& plan,
                                  const std::vector<Shape>& outputs) {
  std::vector<int64_t> flat;
  if (spec.tensor_list || indices_param(spec) >= 0 || args.inputs.size() != 1) return flat;
  const std::optional<std::vector<View>> views = plan_as_views(plan, outputs);
  if (!views) return flat;
  for (const View& v : *views) {
    flat.push_back(v.offset);
    flat.insert(flat.end(), v.strides.begin(), v.strides.end());
  }
  return flat;
}

// Plans the operation, read from the inputs' views: fills op.plan and
// op.views, or op.needs_contiguous. Several outputs: their shapes are
// op.output_shape / op.output_ranks already; one: the plan gives it.
Status plan_operator(const OpSpec& spec, const OpArgs& args, size_t elem_size, Operator& op) {
  CopyPlan plan;
  TENSOR_OPS_ASSIGN(plan, call_plan(spec, args, elem_size));
  const bool several = spec.output_shapes != nullptr;
  if (!several) op.output_shape = plan.output_shape;
  op.needs_contiguous = read_views(args, plan);
  if (op.needs_contiguous >= 0) return Status();
  std::vector<Shape> outputs;
  if (several && op.output_ranks.size() <= kMaxViewOutputs) {
    const int64_t* dims = op.output_shape.data();
    for (int64_t rank : op.output_ranks) {
      outputs.emplace_back(dims, dims + rank);
      dims += rank;
    }
  } else if (!several) {
    outputs.push_back(op.output_shape);
  }
  if (!outputs.empty()) op.views = output_views(spec, args, plan, outputs);
  std::vector<int64_t> volumes;
  volumes_of(args.inputs, &volumes);
  source_footprints(plan, volumes, &op.footprints);
  op.plan = prepare_plan(std::move(plan));
  describe_long_runs(op.plan, volumes.size(), &op.long_runs);
  return Status();
}

// Whether a view's elements lie densely in row-major order from element 0
// (a dim of 1 or an empty view: any strides).
bool is_row_major(const Shape& shape, const std::vector<int64_t>& strides) {
  if (volume(shape) == 0) return true;
  int64_t step = 1;
  for (size_t k = shape.size(); k-- > 0;) {
    if (shape[k] != 1 && strides[k] != step) return false;
    step *= shape[k];
  }
  return true;
}

// Each output's dtype and place in the output block (Operator::output_offsets).
void lay_out_outputs(const OpSpec& spec, const OpArgs& args, Operator& op) {
  const size_t n = output_count(op);
  op.output_dtypes = output_dtypes_of(spec, args, n);
  op.output_offsets.assign(n, 0);
  const bool typed = spec.kernel != nullptr;
  const int64_t* dims = op.output_shape.data();
  int64_t at = 0;
  for (size_t k = 0; k < n; ++k) {
    const int64_t rank = n > 1 ? op.output_ranks[k] : static_cast<int64_t>(op.output_shape.size());
    if (typed) at = (at + 15) / 16 * 16;
    op.output_offsets[k] = at;
    at += volume(dims, static_cast<size_t>(rank)) * static_cast<int64_t>(dtype_bytes(op.output_dtypes[k]));
    dims += rank;
  }
  op.output_bytes = at;
}

// A typed operation's outputs and kernel.
Status make_typed(const OpSpec& spec, const OpArgs& args, Operator& op) {
  if (spec.output_shapes != nullptr) {
    ShapeList outputs;
    TENSOR_OPS_ASSIGN(outputs, call_shapes(spec, args, op.elem_size));
    op.output_volume = volumes_of(outputs, nullptr);
    op.output_ranks = std::move(outputs.ranks);
    op.output_shape = std::move(outputs.dims);
  } else {
    TENSOR_OPS_ASSIGN(op.output_shape, call_shape(spec, args, op.elem_size));
    op.output_volume = volume(op.output_shape);
  }
  if (!op.shape_only) {
    if (spec.contiguous_inputs) {
      // A strided view that its kernel cannot read: made contiguous first.
      for (size_t k = 0; k < args.input_strides.size(); ++k) {
        const std::vector<int64_t>& s = args.input_strides[k];
        if (!s.empty() && !is_row_major(args.input_shape(k), s)) {
          op.needs_contiguous = static_cast<int>(k);
          return Status();
        }
      }
    }
    TENSOR_OPS_ASSIGN(op.kernel, call_kernel(spec, args));
  }
  return Status();
}

}  // namespace

Result<Operator> make_operator(const OpSpec& spec, size_t elem_size, const int64_t* words,
                               size_t count, double data_length, bool shape_only,
                               const int64_t* list_lengths) {
  TENSOR_OPS_TRY(check_elem_size(spec.name, elem_size));
  const DType dtype = elem_size == 1 ? DType::Uint8 : elem_size == 2 ? DType::Uint16
                      : elem_size == 4 ? DType::Uint32 : DType::Uint64;
  return make_operator(spec, dtype, words, count, data_length, shape_only, list_lengths);
}

Result<Operator> make_operator(const OpSpec& spec, DType dtype, const int64_t* words,
                               size_t count, double data_length, bool shape_only,
                               const int64_t* list_lengths) {
  OpArgs args;
  TENSOR_OPS_ASSIGN(args, decode_args(spec, words, count));
  args.dtype = dtype;
  for (size_t k = 0; k < args.input_dtypes.size(); ++k) {  // named inputs: the first data input's
    if (spec.inputs[k].kind == InputKind::Data) {
      args.dtype = args.input_dtypes[k];
      break;
    }
  }
  dtype = args.dtype;
  const size_t elem_size = dtype_bytes(dtype);
  TENSOR_OPS_TRY(check_call(spec, args, elem_size, data_length, list_lengths));
  Operator op;
  op.spec = &spec;
  op.dtype = dtype;
  op.elem_size = elem_size;
  // A view result (reshape) needs no plan, unless its input is a strided view.
  const bool viewed = !args.input_strides.empty();
  op.shape_only = shape_only || (spec.result == ResultKind::View && !viewed);
  if (spec.kernel != nullptr) {
    TENSOR_OPS_TRY(make_typed(spec, args, op));
  } else if (spec.output_shapes != nullptr) {
    ShapeList outputs;
    TENSOR_OPS_ASSIGN(outputs, call_shapes(spec, args, elem_size));
    op.output_volume = volumes_of(outputs, nullptr);
    op.output_ranks = std::move(outputs.ranks);
    op.output_shape = std::move(outputs.dims);
    if (!op.shape_only) TENSOR_OPS_TRY(plan_operator(spec, args, elem_size, op));
  } else {
    if (op.shape_only) {
      TENSOR_OPS_ASSIGN(op.output_shape, call_shape(spec, args, elem_size));
    } else {
      TENSOR_OPS_TRY(plan_operator(spec, args, elem_size, op));
    }
    op.output_volume = volume(op.output_shape);
  }
  lay_out_outputs(spec, args, op);
  op.input_volume = volumes_of(args.inputs, &op.input_volumes);
  for (DType t : args.input_dtypes) op.input_elem_sizes.push_back(dtype_bytes(t));
  if (const int i = indices_param(spec); i >= 0) {
    // Checked by the shape or plan function: [dtype code, length, dims...].
    const std::vector<int64_t>& w = args.params[static_cast<size_t>(i)].ints;
    const Shape dims(w.begin() + 2, w.end());
    op.index_bytes = volume(dims) * static_cast<int64_t>(index_type_bytes(static_cast<IndexType>(w[0])));
  }
  return op;
}

Status check_data_length(const Operator& op, const int64_t* words, double data_length,
                         const int64_t* list_lengths) {
  const OpSpec& spec = *op.spec;
  if (!spec.tensor_list) {
    if (data_length < 0 || data_length == static_cast<double>(op.input_volume)) return Status();
    return data_length_error(spec, 0, Shape(words + 1, words + 1 + words[0]), data_length);
  }
  if (list_lengths == nullptr) return Status();
  size_t at = 1;  // words: the count, then each tensor's rank and dims
  for (size_t k = 0; k < op.input_volumes.size(); ++k) {
    const Shape shape(words + at + 1, words + at + 1 + words[at]);
    at += 1 + static_cast<size_t>(words[at]);
    if (list_lengths[k] >= 0 && list_lengths[k] != op.input_volumes[k]) {
      return data_length_error(spec, k, shape, static_cast<double>(list_lengths[k]));
    }
  }
  return Status();
}

Status check_out_length(const Operator& op, double out_length) {
  if (out_length < 0 || out_length == static_cast<double>(op.output_volume)) return Status();
  return invalid_argument(op.spec->name, "out has " + count_text(out_length) +
                                             " elements, but the output shape " +
                                             format_list(op.output_shape) + " needs " +
                                             std::to_string(op.output_volume));
}

Status check_out_lengths(const Operator& op, int64_t count, const int64_t* lengths) {
  const size_t n = output_count(op);
  if (count < 0) return Status();
  if (static_cast<size_t>(count) != n) {
    return invalid_argument(op.spec->name, "out has " + std::to_string(count) + " arrays, but there are " +
                                               std::to_string(n) + " outputs");
  }
  size_t at = 0;
  for (size_t k = 0; k < n; ++k) {
    const size_t rank = static_cast<size_t>(op.output_ranks[k]);
    const Shape shape(op.output_shape.begin() + static_cast<std::ptrdiff_t>(at),
                      op.output_shape.begin() + static_cast<std::ptrdiff_t>(at + rank));
    at += rank;
    if (lengths[k] != volume(shape)) {
      return invalid_argument(op.spec->name, "out[" + std::to_string(k) + "] has " + std::to_string(lengths[k]) +
                                                 " elements, but output " + std::to_string(k) + " of shape " +
                                                 format_list(shape) + " needs " + std::to_string(volume(shape)));
    }
  }
  return Status();
}

Status index_error(const Operator& op, const BadIndex& bad) {
  const IndexedCopy& c = op.plan.indexed;
  return index_out_of_range(op.spec->name, c.index_shape, c.index_type, bad, c.axes, c.axis_dims);
}

size_t output_count(const Operator& op) noexcept {
  return op.spec != nullptr && op.spec->output_shapes != nullptr ? op.output_ranks.size() : 1;
}

}  // namespace tensor_ops
