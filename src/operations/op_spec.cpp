#include "operations/op_spec.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "engine/convert_scalar.hpp"

namespace tensor_ops {
namespace {

// Adapters name parameters by string: a linear search, made once per plan
// (plans are cached), and fatal when the name is not the entry's.
size_t param_index(const OpArgs& args, const char* name) {
  if (name == nullptr) name = "(null: a position, not a name?)";  // ints(0) compiles, as 0 is a null pointer
  if (args.spec != nullptr) {
    for (size_t i = 0; i < args.spec->params.size(); ++i) {
      if (std::strcmp(args.spec->params[i].name, name) == 0 && i < args.params.size()) return i;
    }
  }
  std::fprintf(stderr, "tensor_ops: operation %s has no parameter '%s'\n",
               args.spec != nullptr ? args.spec->name : "(none)", name);
  std::abort();
}

}  // namespace

const OpArgs::Value& OpArgs::param(const char* name) const { return params[param_index(*this, name)]; }

OpArgs::Value& OpArgs::param(const char* name) { return params[param_index(*this, name)]; }

std::optional<std::vector<int64_t>> OpArgs::maybe_ints(const char* name) const {
  const Value& v = param(name);
  if (!v.given) return std::nullopt;
  return v.ints;
}

std::vector<double> OpArgs::floats(const char* name) const {
  const Value& v = param(name);
  std::vector<double> values;
  values.reserve(v.ints.size());
  for (int64_t bits : v.ints) values.push_back(convert::double_of(static_cast<uint64_t>(bits)));
  return values;
}

void OpArgs::set(const char* name, std::vector<int64_t> values, bool one) {
  Value& v = param(name);
  v.given = true;
  v.single = one;
  v.ints = std::move(values);
}

std::vector<DType> output_dtypes_of(const OpSpec& spec, const OpArgs& args, size_t count) {
  if (spec.output_dtypes != nullptr) return spec.output_dtypes(args);
  return std::vector<DType>(count, args.dtype);
}

Shape OpArgs::input_shape(size_t k) const {
  const int64_t* dims = inputs.dims.data();
  for (size_t j = 0; j < k; ++j) dims += inputs.ranks[j];
  return Shape(dims, dims + inputs.ranks[k]);
}

OpArgs blank_args(const OpSpec& spec, const std::vector<Shape>& shapes) {
  OpArgs args;
  args.spec = &spec;
  args.inputs = shape_list(shapes);
  if (!shapes.empty()) args.input = shapes[0];
  args.params.resize(spec.params.size());
  for (size_t i = 0; i < spec.params.size(); ++i) {
    const ParamKind kind = spec.params[i].kind;
    const bool one_value = kind != ParamKind::Ints && kind != ParamKind::IntOrInts && kind != ParamKind::Indices &&
                           kind != ParamKind::Floats && kind != ParamKind::Value;
    if (one_value) args.params[i].ints = {0};  // false; the default name; an Int option's 0
    if (kind == ParamKind::Value) args.params[i].ints.assign(static_cast<size_t>(spec.params[i].value_count), 0);
  }
  return args;
}

}  // namespace tensor_ops
