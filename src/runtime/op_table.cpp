#include "runtime/op_table.hpp"

namespace tensor_ops {

// Each operation's entry, declared from the list (src/operations/<op>.cpp defines it).
#define OP(op_snake) const OpSpec& op_snake##_op();
#include "runtime/op_list.hpp"
#undef OP

namespace {

const char* kind_name(ParamKind kind) {
  switch (kind) {
    case ParamKind::Ints: return "ints";
    case ParamKind::Int: return "int";
    case ParamKind::Bool: return "bool";
    case ParamKind::Name: return "name";
    case ParamKind::Value: return "value";
    case ParamKind::IntOrInts: return "intOrInts";
    case ParamKind::Indices: return "indices";
    case ParamKind::Floats: return "floats";
  }
  return "?";
}

std::string quoted(const char* text) { return std::string("\"") + text + "\""; }

const char* input_kind_name(InputKind kind) {
  switch (kind) {
    case InputKind::Data: return "data";
    case InputKind::Condition: return "condition";
    case InputKind::Index: return "index";
  }
  return "?";
}

// "tensor", "tensors" (a list), or "named" with the inputs' names and kinds.
std::string input_json(const OpSpec& op) {
  if (op.inputs.empty()) return "\"input\":" + quoted(op.tensor_list ? "tensors" : "tensor");
  std::string json = "\"input\":\"named\",\"inputs\":[";
  for (size_t k = 0; k < op.inputs.size(); ++k) {
    const InputSpec& in = op.inputs[k];
    json += std::string(k ? "," : "") + "{\"name\":" + quoted(in.name) + ",\"kind\":" +
            quoted(input_kind_name(in.kind)) + ",\"number\":" + (in.number ? "true" : "false") + "}";
  }
  return json + "]";
}

}  // namespace

std::string input_name(const OpSpec& spec, size_t k) {
  if (k < spec.inputs.size()) return spec.inputs[k].name;
  if (spec.tensor_list) return "tensors[" + std::to_string(k) + "]";
  return spec.input_name != nullptr ? spec.input_name : "x";
}

const std::vector<OpSpec>& op_table() {
  static const std::vector<OpSpec> table = {
#define OP(op_snake) op_snake##_op(),
#include "runtime/op_list.hpp"
#undef OP
  };
  return table;
}

std::string describe_ops() {
  std::string json = "[";
  for (const OpSpec& op : op_table()) {
    if (json.size() > 1) json += ",";
    json += "{\"name\":" + quoted(op.name) + ",\"result\":" +
            quoted(op.result == ResultKind::View ? "view" : "copy") +
            "," + input_json(op) +
            (op.input_name != nullptr ? ",\"inputName\":" + quoted(op.input_name) : "") +
            ",\"output\":" + quoted(op.output_shapes ? "tensors" : "tensor") +
            ",\"typed\":" + (op.kernel ? "true" : "false") + (op.in_place ? ",\"inPlace\":true" : "") +
            ",\"params\":[";
    for (size_t i = 0; i < op.params.size(); ++i) {
      const ParamSpec& p = op.params[i];
      if (i) json += ",";
      json += "{\"name\":" + quoted(p.name) + ",\"kind\":" + quoted(kind_name(p.kind)) +
              ",\"option\":" + (p.option ? "true" : "false") +
              ",\"optional\":" + (p.option || p.optional ? "true" : "false");
      if (p.kind == ParamKind::Value && p.value_count != 1) json += ",\"count\":" + std::to_string(p.value_count);
      if (p.value_dtype != nullptr) json += ",\"dtypeFrom\":" + quoted(p.value_dtype);
      if (p.kind == ParamKind::Name) {
        json += ",\"names\":[";
        for (int k = 0; k < p.name_count; ++k) json += (k ? "," : "") + quoted(p.names[k]);
        json += "]";
        if (p.aliases != nullptr) {
          json += ",\"aliases\":[";
          for (int k = 0; k < p.name_count; ++k) json += (k ? "," : "") + quoted(p.aliases[k]);
          json += "]";
        }
      }
      json += "}";
    }
    json += "]}";
  }
  return json + "]";
}

int indices_param(const OpSpec& spec) noexcept {
  for (size_t i = 0; i < spec.params.size(); ++i) {
    if (spec.params[i].kind == ParamKind::Indices) return static_cast<int>(i);
  }
  return -1;
}

Result<OpArgs> decode_args(const OpSpec& spec, const int64_t* words, size_t count) {
  auto malformed = [&] {
    return invalid_argument(spec.name, "malformed call arguments (" + std::to_string(count) + " words)");
  };
  size_t at = 0;
  auto take_list = [&](std::vector<int64_t>* out, int64_t n) {
    if (n < 0 || static_cast<uint64_t>(n) > count - at) return false;
    out->assign(words + at, words + at + n);
    at += static_cast<size_t>(n);
    return true;
  };
  OpArgs args = blank_args(spec, {});
  if (count == 0) return malformed();
  if (spec.tensor_list) {
    // Every shape into one list: no allocation per tensor.
    const int64_t n = words[at++];
    if (n < 0 || static_cast<uint64_t>(n) > count - at) return malformed();
    args.inputs.ranks.reserve(static_cast<size_t>(n));
    args.inputs.dims.reserve(count - at - static_cast<size_t>(n));
    for (int64_t k = 0; k < n; ++k) {
      if (at >= count) return malformed();
      const int64_t rank = words[at++];
      if (rank < 0 || static_cast<uint64_t>(rank) > count - at) return malformed();
      args.inputs.push_back(words + at, static_cast<size_t>(rank));
      at += static_cast<size_t>(rank);
    }
    if (n > 0) args.input.assign(args.inputs.dims.begin(), args.inputs.dims.begin() + args.inputs.ranks[0]);
    if (!spec.inputs.empty()) {
      // Named inputs: exactly the spec's, then each one's dtype code.
      if (static_cast<size_t>(n) != spec.inputs.size() || spec.inputs.size() > count - at) return malformed();
      for (size_t k = 0; k < spec.inputs.size(); ++k) {
        if (!is_dtype_code(words[at])) return malformed();
        args.input_dtypes.push_back(static_cast<DType>(words[at++]));
      }
    }
  } else {
    if (!take_list(&args.input, words[at++])) return malformed();
    args.inputs.push_back(args.input.data(), args.input.size());
  }
  for (size_t i = 0; i < spec.params.size(); ++i) {
    const ParamSpec& p = spec.params[i];
    OpArgs::Value& v = args.params[i];
    if (at >= count) return malformed();
    int64_t n = words[at++];
    if (n == -2 && p.kind == ParamKind::IntOrInts) {
      v.single = true;
      n = 1;
    }
    v.given = n >= 0;
    if (v.given && !take_list(&v.ints, n)) return malformed();
    if (p.kind == ParamKind::IntOrInts && !v.given) return malformed();
    if (p.kind == ParamKind::Indices) {
      // [dtype code, data length, dims...]
      if (!v.given || v.ints.size() < 2 || v.ints[0] < 0 || v.ints[0] >= kIndexTypeCount || v.ints[1] < -1) {
        return malformed();
      }
      continue;
    }
    const bool single = p.kind != ParamKind::Ints && p.kind != ParamKind::IntOrInts && p.kind != ParamKind::Floats;
    const size_t words_of = p.kind == ParamKind::Value ? static_cast<size_t>(p.value_count) : 1;
    if (single && v.ints.size() != words_of) return malformed();
    if (p.kind == ParamKind::Name && (v.ints[0] < 0 || v.ints[0] >= p.name_count)) return malformed();
  }
  if (at < count) {
    // The inputs' views: -1, or the rank (which must be the input's) and strides.
    args.input_strides.resize(args.inputs.size());
    for (size_t k = 0; k < args.inputs.size(); ++k) {
      if (at >= count) return malformed();
      const int64_t n = words[at++];
      if (n == -1) continue;
      if (n != args.inputs.ranks[k] || !take_list(&args.input_strides[k], n)) return malformed();
    }
  }
  if (at != count) return malformed();
  return args;
}

}  // namespace tensor_ops
