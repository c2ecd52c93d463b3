#include "runtime/op_table.hpp"

#include <iterator>
#include <optional>

#include "operations/broadcast.hpp"
#include "operations/concat.hpp"
#include "operations/depth_to_space.hpp"
#include "operations/pad.hpp"
#include "operations/reshape.hpp"
#include "operations/roll.hpp"
#include "operations/space_to_depth.hpp"
#include "operations/split.hpp"
#include "operations/transpose.hpp"
#include "operations/slice.hpp"
#include "operations/reverse.hpp"
#include "operations/tile.hpp"
#include "operations/space_to_batch.hpp"
#include "operations/batch_to_space.hpp"
#include "operations/gather.hpp"
#include "operations/gather_elements.hpp"
#include "operations/gather_nd.hpp"
#include "operations/squeeze.hpp"
#include "operations/unsqueeze.hpp"
#include "operations/flatten.hpp"

namespace tensor_ops {
namespace {

template <size_t N>
ParamSpec name_param(const char* name, const char* const (&names)[N]) {
  return {name, ParamKind::Name, true, false, names, static_cast<int>(N)};
}

// An integer list, positional or an option, that may be left out.
std::optional<std::vector<int64_t>> optional_ints(const OpArgs& a, size_t i) {
  if (!a.given(i)) return std::nullopt;
  return a.ints(i);
}

// ---- reshape(x, shape, { specialZero }) ----
Result<Shape> reshape_shape_of(const OpArgs& a, size_t) {
  return reshape_shape(a.input, a.ints(0), a.scalar(1) != 0);
}
Result<CopyPlan> reshape_plan(const OpArgs& a, size_t elem) {
  return plan_reshape(a.input, a.ints(0), a.scalar(1) != 0, elem);
}

// ---- broadcast(x, targetShape, { mode, axesMapping }) ----
std::optional<std::vector<int64_t>> axes_mapping(const OpArgs& a) { return optional_ints(a, 2); }
Result<Shape> broadcast_shape_of(const OpArgs& a, size_t elem) {
  Shape out;
  TENSOR_OPS_ASSIGN(out, broadcast_shape(a.input, a.ints(0), static_cast<BroadcastMode>(a.scalar(1)),
                                         axes_mapping(a)));
  TENSOR_OPS_TRY(check_output_bytes("broadcast", out, elem));
  return out;
}
Result<CopyPlan> broadcast_plan(const OpArgs& a, size_t elem) {
  return plan_broadcast(a.input, a.ints(0), static_cast<BroadcastMode>(a.scalar(1)), axes_mapping(a),
                        elem);
}

// ---- spaceToDepth / depthToSpace(x, blockSize, { dataFormat, mode }) ----
DataFormat format_of(const OpArgs& a) { return static_cast<DataFormat>(a.scalar(1)); }
BlockMode mode_of(const OpArgs& a) { return static_cast<BlockMode>(a.scalar(2)); }

Result<Shape> space_to_depth_shape_of(const OpArgs& a, size_t) {
  return space_to_depth_shape(a.input, a.scalar(0), format_of(a));
}
Result<CopyPlan> space_to_depth_plan(const OpArgs& a, size_t elem) {
  return plan_space_to_depth(a.input, a.scalar(0), format_of(a), mode_of(a), elem);
}
Result<Shape> depth_to_space_shape_of(const OpArgs& a, size_t elem) {
  Shape out;
  TENSOR_OPS_ASSIGN(out, depth_to_space_shape(a.input, a.scalar(0), format_of(a)));
  TENSOR_OPS_TRY(check_output_bytes("depthToSpace", out, elem));
  return out;
}
Result<CopyPlan> depth_to_space_plan(const OpArgs& a, size_t elem) {
  return plan_depth_to_space(a.input, a.scalar(0), format_of(a), mode_of(a), elem);
}

// ---- roll(x, shift, axes) ----
Result<Shape> roll_shape_of(const OpArgs& a, size_t) { return roll_shape(a.input, a.ints(0), a.ints(1)); }
Result<CopyPlan> roll_plan(const OpArgs& a, size_t elem) {
  return plan_roll(a.input, a.ints(0), a.ints(1), elem);
}

// ---- transpose(x, perm?) ----
Result<Shape> transpose_shape_of(const OpArgs& a, size_t) { return transpose_shape(a.input, optional_ints(a, 0)); }
Result<CopyPlan> transpose_plan(const OpArgs& a, size_t elem) {
  return plan_transpose(a.input, optional_ints(a, 0), elem);
}

// ---- slice(x, starts, ends, { axes, steps }) ----
Result<Shape> slice_shape_of(const OpArgs& a, size_t) {
  return slice_shape(a.input, a.ints(0), a.ints(1), optional_ints(a, 2), optional_ints(a, 3));
}
Result<CopyPlan> slice_plan(const OpArgs& a, size_t elem) {
  return plan_slice(a.input, a.ints(0), a.ints(1), optional_ints(a, 2), optional_ints(a, 3), elem);
}

// ---- reverse(x, axes?) ----
Result<Shape> reverse_shape_of(const OpArgs& a, size_t) { return reverse_shape(a.input, optional_ints(a, 0)); }
Result<CopyPlan> reverse_plan(const OpArgs& a, size_t elem) {
  return plan_reverse(a.input, optional_ints(a, 0), elem);
}

// ---- pad(x, padsBegin, padsEnd, { mode, value }) ----
std::optional<uint64_t> fill_value(const OpArgs& a) {
  if (!a.given(3)) return std::nullopt;
  return static_cast<uint64_t>(a.scalar(3));
}
Result<Shape> pad_shape_of(const OpArgs& a, size_t elem) {
  return pad_shape(a.input, a.ints(0), a.ints(1), static_cast<PadMode>(a.scalar(2)), fill_value(a), elem);
}
Result<CopyPlan> pad_plan(const OpArgs& a, size_t elem) {
  return plan_pad(a.input, a.ints(0), a.ints(1), static_cast<PadMode>(a.scalar(2)), fill_value(a), elem);
}

// ---- concat([x1, x2, ...], axis) ----
Result<Shape> concat_shape_of(const OpArgs& a, size_t elem) {
  Shape out;
  TENSOR_OPS_ASSIGN(out, concat_list_shape(a.inputs, a.scalar(0)));
  TENSOR_OPS_TRY(check_output_bytes("concat", out, elem));
  return out;
}
Result<CopyPlan> concat_plan(const OpArgs& a, size_t elem) { return plan_concat_list(a.inputs, a.scalar(0), elem); }

// ---- split(x, splits, { axis }) ----
Splits splits_of(const OpArgs& a) { return {a.single(0), a.ints(0)}; }
int64_t split_axis(const OpArgs& a) { return a.given(1) ? a.scalar(1) : 0; }
Result<ShapeList> split_shapes_of(const OpArgs& a, size_t) {
  return split_shape_list(a.input, splits_of(a), split_axis(a));
}
Result<CopyPlan> split_plan(const OpArgs& a, size_t elem) {
  return plan_split(a.input, splits_of(a), split_axis(a), elem);
}

// ---- tile(x, repeats) ----
Result<Shape> tile_shape_of(const OpArgs& a, size_t elem) {
  Shape out;
  TENSOR_OPS_ASSIGN(out, tile_shape(a.input, a.ints(0)));
  TENSOR_OPS_TRY(check_output_bytes("tile", out, elem));
  return out;
}
Result<CopyPlan> tile_plan(const OpArgs& a, size_t elem) { return plan_tile(a.input, a.ints(0), elem); }

// ---- spaceToBatch(x, blockShape, padsBegin, padsEnd) ----
Result<Shape> space_to_batch_shape_of(const OpArgs& a, size_t elem) {
  Shape out;
  TENSOR_OPS_ASSIGN(out, space_to_batch_shape(a.input, a.ints(0), a.ints(1), a.ints(2)));
  TENSOR_OPS_TRY(check_output_bytes("spaceToBatch", out, elem));
  return out;
}
Result<CopyPlan> space_to_batch_plan(const OpArgs& a, size_t elem) {
  return plan_space_to_batch(a.input, a.ints(0), a.ints(1), a.ints(2), elem);
}

// ---- batchToSpace(x, blockShape, cropsBegin, cropsEnd) ----
Result<Shape> batch_to_space_shape_of(const OpArgs& a, size_t elem) {
  Shape out;
  TENSOR_OPS_ASSIGN(out, batch_to_space_shape(a.input, a.ints(0), a.ints(1), a.ints(2)));
  TENSOR_OPS_TRY(check_output_bytes("batchToSpace", out, elem));
  return out;
}
Result<CopyPlan> batch_to_space_plan(const OpArgs& a, size_t elem) {
  return plan_batch_to_space(a.input, a.ints(0), a.ints(1), a.ints(2), elem);
}

// ---- gather*(x, indices, options) ----
// The index tensor of parameter i (decode_args checked its words' form).
Indices indices_of(const OpArgs& a, size_t i) {
  const std::vector<int64_t>& w = a.ints(i);
  return {static_cast<IndexType>(w[0]), w[1], Shape(w.begin() + 2, w.end())};
}

// gather(x, indices, { axis, batchDims })
Result<Shape> gather_shape_of(const OpArgs& a, size_t elem) {
  return gather_shape(a.input, indices_of(a, 0), a.scalar(1), a.scalar(2), elem);
}
Result<CopyPlan> gather_plan(const OpArgs& a, size_t elem) {
  return plan_gather(a.input, indices_of(a, 0), a.scalar(1), a.scalar(2), elem);
}

// gatherElements(x, indices, { axis })
Result<Shape> gather_elements_shape_of(const OpArgs& a, size_t elem) {
  return gather_elements_shape(a.input, indices_of(a, 0), a.scalar(1), elem);
}
Result<CopyPlan> gather_elements_plan(const OpArgs& a, size_t elem) {
  return plan_gather_elements(a.input, indices_of(a, 0), a.scalar(1), elem);
}

// gatherND(x, indices, { batchDims })
Result<Shape> gather_nd_shape_of(const OpArgs& a, size_t elem) {
  return gather_nd_shape(a.input, indices_of(a, 0), a.scalar(1), elem);
}
Result<CopyPlan> gather_nd_plan(const OpArgs& a, size_t elem) {
  return plan_gather_nd(a.input, indices_of(a, 0), a.scalar(1), elem);
}

// squeeze(x, axes?), unsqueeze(x, axes), flatten(x, axis = 1): views of a kept input.
Result<Shape> squeeze_shape_of(const OpArgs& a, size_t) { return squeeze_shape(a.input, optional_ints(a, 0)); }
Result<CopyPlan> squeeze_plan(const OpArgs& a, size_t elem) { return plan_squeeze(a.input, optional_ints(a, 0), elem); }
Result<Shape> unsqueeze_shape_of(const OpArgs& a, size_t) { return unsqueeze_shape(a.input, a.ints(0)); }
Result<CopyPlan> unsqueeze_plan(const OpArgs& a, size_t elem) { return plan_unsqueeze(a.input, a.ints(0), elem); }
int64_t flatten_axis(const OpArgs& a) { return a.given(0) ? a.scalar(0) : 1; }
Result<Shape> flatten_shape_of(const OpArgs& a, size_t) { return flatten_shape(a.input, flatten_axis(a)); }
Result<CopyPlan> flatten_plan(const OpArgs& a, size_t elem) { return plan_flatten(a.input, flatten_axis(a), elem); }

std::vector<OpSpec> make_table() {
  const ParamSpec block_params[] = {{"blockSize", ParamKind::Int, false},
                                    name_param("dataFormat", kDataFormatNames),
                                    name_param("mode", kBlockModeNames)};
  return {
      {"reshape",
       {{"shape", ParamKind::Ints, false}, {"specialZero", ParamKind::Bool, true}},
       ResultKind::View, reshape_shape_of, reshape_plan},
      {"broadcast",
       {{"targetShape", ParamKind::Ints, false}, name_param("mode", kBroadcastModeNames),
        {"axesMapping", ParamKind::Ints, true}},
       ResultKind::Copy, broadcast_shape_of, broadcast_plan},
      {"spaceToDepth", {std::begin(block_params), std::end(block_params)}, ResultKind::Copy,
       space_to_depth_shape_of, space_to_depth_plan},
      {"depthToSpace", {std::begin(block_params), std::end(block_params)}, ResultKind::Copy,
       depth_to_space_shape_of, depth_to_space_plan},
      {"roll", {{"shift", ParamKind::Ints, false}, {"axes", ParamKind::Ints, false}},
       ResultKind::Copy, roll_shape_of, roll_plan},
      {"transpose", {{"perm", ParamKind::Ints, false, true}}, ResultKind::Copy, transpose_shape_of,
       transpose_plan},
      {"slice",
       {{"starts", ParamKind::Ints, false},
        {"ends", ParamKind::Ints, false},
        {"axes", ParamKind::Ints, true},
        {"steps", ParamKind::Ints, true}},
       ResultKind::Copy, slice_shape_of, slice_plan},
      {"reverse", {{"axes", ParamKind::Ints, false, true}}, ResultKind::Copy, reverse_shape_of, reverse_plan},
      {"pad",
       {{"padsBegin", ParamKind::Ints, false}, {"padsEnd", ParamKind::Ints, false},
        name_param("mode", kPadModeNames), {"value", ParamKind::Value, true}},
       ResultKind::Copy, pad_shape_of, pad_plan},
      {"concat", {{"axis", ParamKind::Int, false}}, ResultKind::Copy, concat_shape_of, concat_plan,
       /*tensor_list=*/true},
      {"split", {{"splits", ParamKind::IntOrInts, false}, {"axis", ParamKind::Int, true}}, ResultKind::Copy,
       nullptr, split_plan, false, split_shapes_of},
      {"tile", {{"repeats", ParamKind::Ints, false}}, ResultKind::Copy, tile_shape_of, tile_plan},
      {"spaceToBatch",
       {{"blockShape", ParamKind::Ints, false}, {"padsBegin", ParamKind::Ints, false},
        {"padsEnd", ParamKind::Ints, false}},
       ResultKind::Copy, space_to_batch_shape_of, space_to_batch_plan},
      {"batchToSpace",
       {{"blockShape", ParamKind::Ints, false}, {"cropsBegin", ParamKind::Ints, false},
        {"cropsEnd", ParamKind::Ints, false}},
       ResultKind::Copy, batch_to_space_shape_of, batch_to_space_plan},
      {"gather",
       {{"indices", ParamKind::Indices, false}, {"axis", ParamKind::Int, true}, {"batchDims", ParamKind::Int, true}},
       ResultKind::Copy, gather_shape_of, gather_plan},
      {"gatherElements", {{"indices", ParamKind::Indices, false}, {"axis", ParamKind::Int, true}},
       ResultKind::Copy, gather_elements_shape_of, gather_elements_plan},
      {"gatherND", {{"indices", ParamKind::Indices, false}, {"batchDims", ParamKind::Int, true}},
       ResultKind::Copy, gather_nd_shape_of, gather_nd_plan},
      {"squeeze", {{"axes", ParamKind::Ints, false, true}}, ResultKind::View, squeeze_shape_of, squeeze_plan},
      {"unsqueeze", {{"axes", ParamKind::Ints, false}}, ResultKind::View, unsqueeze_shape_of, unsqueeze_plan},
      {"flatten", {{"axis", ParamKind::Int, false, true}}, ResultKind::View, flatten_shape_of, flatten_plan},
  };
}

const char* kind_name(ParamKind kind) {
  switch (kind) {
    case ParamKind::Ints: return "ints";
    case ParamKind::Int: return "int";
    case ParamKind::Bool: return "bool";
    case ParamKind::Name: return "name";
    case ParamKind::Value: return "value";
    case ParamKind::IntOrInts: return "intOrInts";
    case ParamKind::Indices: return "indices";
  }
  return "?";
}

std::string quoted(const char* text) { return std::string("\"") + text + "\""; }

}  // namespace

std::string input_name(const OpSpec& spec, size_t k) {
  return spec.tensor_list ? "tensors[" + std::to_string(k) + "]" : "x";
}

const std::vector<OpSpec>& op_table() {
  static const std::vector<OpSpec> table = make_table();
  return table;
}

std::string describe_ops() {
  std::string json = "[";
  for (const OpSpec& op : op_table()) {
    if (json.size() > 1) json += ",";
    json += "{\"name\":" + quoted(op.name) + ",\"result\":" +
            quoted(op.result == ResultKind::View ? "view" : "copy") +
            ",\"input\":" + quoted(op.tensor_list ? "tensors" : "tensor") +
            ",\"output\":" + quoted(op.output_shapes ? "tensors" : "tensor") + ",\"params\":[";
    for (size_t i = 0; i < op.params.size(); ++i) {
      const ParamSpec& p = op.params[i];
      if (i) json += ",";
      json += "{\"name\":" + quoted(p.name) + ",\"kind\":" + quoted(kind_name(p.kind)) +
              ",\"option\":" + (p.option ? "true" : "false") +
              ",\"optional\":" + (p.option || p.optional ? "true" : "false");
      if (p.kind == ParamKind::Name) {
        json += ",\"names\":[";
        for (int k = 0; k < p.name_count; ++k) json += (k ? "," : "") + quoted(p.names[k]);
        json += "]";
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
  OpArgs args;
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
  } else {
    if (!take_list(&args.input, words[at++])) return malformed();
    args.inputs.push_back(args.input.data(), args.input.size());
  }
  args.params.resize(spec.params.size());
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
    const bool single = p.kind != ParamKind::Ints && p.kind != ParamKind::IntOrInts;
    if (single && !v.given) v.ints = {0};  // false; the default name; an Int option's 0
    if (single && v.ints.size() != 1) return malformed();
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
