// What the harnesses of gather, gatherElements and gatherND share. Input:
// width, offsets, the index dtype, x's shape, the indices' shape, two
// integer parameters (axis and/or batchDims), then the index values (small
// ones around the dims, or the specials: the int32/int64 limits and more).
// Checks: shape function against plan; a successful plan's index check
// (alone and pooled) finds exactly the first value out of range, whose
// message names the operation, position and value; otherwise the prepared
// plan, run on exact-size buffers alone and on the pool, gives the
// reference's bytes.
#pragma once

#include <memory>

#include "fuzz_common.hpp"

namespace fuzz {

using tensor_ops::IndexType;

struct GatherInput {
  size_t width = 1;
  Offsets offsets;
  IndexType type = IndexType::Int32;
  Shape x;
  Shape indices;
  int64_t p1 = 0, p2 = 0;
};

inline GatherInput read_gather_input(Reader& r) {
  GatherInput g;
  g.width = read_width(r);
  g.offsets = read_offsets(r);
  g.type = static_cast<IndexType>(r.byte() % 4);
  g.x = read_shape(r, 6);
  g.indices = read_shape(r, 4);
  g.p1 = r.value(-8, 16);
  g.p2 = r.value(-8, 16);
  return g;
}

inline void write_gather_input(Writer& w, IndexType type, const Shape& x, const Shape& indices, int64_t p1,
                               int64_t p2, const Ints& values) {
  w.byte(static_cast<uint8_t>(type));
  write_shape(w, x);
  write_shape(w, indices);
  w.value(p1, -8, 16);
  w.value(p2, -8, 16);
  for (int64_t v : values) w.value(v, -8, 16);
}

// A value read as the index dtype stores it (32-bit types keep the low bits).
inline __int128 as_index(IndexType type, int64_t v) {
  switch (type) {
    case IndexType::Int32: return static_cast<int32_t>(v);
    case IndexType::Uint32: return static_cast<uint32_t>(v);
    case IndexType::Int64: return v;
    case IndexType::Uint64: return static_cast<uint64_t>(v);
    case IndexType::Int8: return static_cast<int8_t>(v);
    case IndexType::Uint8: return static_cast<uint8_t>(v);
    case IndexType::Int16: return static_cast<int16_t>(v);
    case IndexType::Uint16: return static_cast<uint16_t>(v);
  }
  return 0;
}

// The call of `op` on the case's x and indices (their data's length not
// checked, as for shape inference), its other parameters still to give.
inline th::Call gather_call(const char* op, const GatherInput& g) {
  Ints words{static_cast<int64_t>(g.type), -1};
  words.insert(words.end(), g.indices.begin(), g.indices.end());
  return th::Call(op, {g.x}).with("indices", words);
}

template <class RefFn>
int run_gather_case(const char* op, Reader& r, const GatherInput& g, const th::Call& call, RefFn ref_fn,
                    uint64_t seed) {
  const int64_t count = safe_volume(g.indices);
  const Outcome by_shape = outcome_of([&] { return call.shape(g.width); });
  std::optional<tensor_ops::CopyPlan> plan;
  const Outcome by_plan = outcome_of([&]() -> tensor_ops::Result<Shape> {
    tensor_ops::Result<tensor_ops::CopyPlan> made = call.plan(g.width);
    if (!made.ok()) return made.status();
    plan = std::move(made).value();
    return plan->output_shape;
  });
  check_agreement(op, by_shape, by_plan, g.width);
  if (!by_plan.ok || count < 0 || count > kMaxRefElements || !tame(g.x) || !tame({g.p1, g.p2})) return 0;
  const int64_t in_count = safe_volume(g.x);
  const int64_t out_count = safe_volume(plan->output_shape);
  if (in_count < 0 || in_count > kMaxRefElements || out_count < 0 || out_count > kMaxRefElements) return 0;
  // The index values, as the dtype holds them.
  const size_t iw = tensor_ops::index_type_bytes(g.type);
  std::vector<__int128> values(static_cast<size_t>(count));
  Exact index_buffer(static_cast<size_t>(count) * iw);
  for (size_t p = 0; p < values.size(); ++p) {
    values[p] = as_index(g.type, r.value(-8, 16));
    const uint64_t bits = static_cast<uint64_t>(values[p]);
    for (size_t b = 0; b < iw; ++b) index_buffer.data[p * iw + b] = static_cast<unsigned char>(bits >> (8 * b));
  }
  const size_t w = g.width;
  Exact x((static_cast<size_t>(in_count) + g.offsets.in) * w);
  uint64_t state = seed;
  for (size_t i = 0; i < x.size; ++i) x.data[i] = static_cast<unsigned char>(splitmix(state));
  const unsigned char* src = x.data + g.offsets.in * w;
  const void* sources[] = {src, index_buffer.data};
  tensor_ops::Operator oper;
  for (const tensor_ops::OpSpec& spec : tensor_ops::op_table()) {
    if (std::string(spec.name) == op) oper.spec = &spec;
  }
  oper.plan = tensor_ops::prepare_plan(*plan);
  // The first value out of range, by position (component j: dims[j]).
  const tensor_ops::IndexedCopy& c = oper.plan.indexed;
  int64_t first_bad = -1;
  const size_t k = c.axis_dims.size();
  for (size_t p = 0; p < values.size() && first_bad < 0 && k > 0; ++p) {
    const int64_t d = c.axis_dims[p % k];
    if (values[p] < -static_cast<__int128>(d) || values[p] >= d) first_bad = static_cast<int64_t>(p);
  }
  tensor_ops::BadIndex alone, pooled;
  const bool ok1 = tensor_ops::check_indices(oper.plan, sources, &alone, nullptr);
  const bool ok2 = tensor_ops::check_indices(oper.plan, sources, &pooled, &pool());
  const std::string where = std::string(op) + ": x " + str(g.x) + ", indices " + str(g.indices);
  if (ok1 != (first_bad < 0) || ok2 != ok1) fail(where + ": the index check disagrees with the values");
  const std::optional<ref::Gather> gather = ref_fn(values);
  if (gather.has_value() != ok1) fail(where + ": the reference " + (gather ? "accepts" : "rejects") + " the values");
  if (!ok1) {
    if (alone.position != first_bad || pooled.position != first_bad) fail(where + ": not the first bad index");
    const std::string message = tensor_ops::index_error(oper, alone).message();
    const std::string prefix = std::string(op) + ": indices";
    if (message.compare(0, prefix.size(), prefix) != 0 ||
        message.find("value") == std::string::npos) {
      fail(where + ": message " + message);
    }
    return 0;
  }
  Exact first((static_cast<size_t>(out_count) + g.offsets.out) * w), second((static_cast<size_t>(out_count) + g.offsets.out) * w);
  std::memset(first.data, 0x00, first.size);
  std::memset(second.data, 0xFF, second.size);
  unsigned char* out1 = first.data + g.offsets.out * w;
  unsigned char* out2 = second.data + g.offsets.out * w;
  tensor_ops::execute(oper.plan, sources, out1, nullptr);
  tensor_ops::execute(oper.plan, sources, out2, &pool());
  if (gather->shape != plan->output_shape) fail(where + ": the reference's shape " + str(gather->shape));
  for (size_t j = 0; j < static_cast<size_t>(out_count); ++j) {
    const unsigned char* expected = src + static_cast<size_t>(gather->from[j]) * w;
    if (std::memcmp(out1 + j * w, expected, w) != 0 || std::memcmp(out2 + j * w, expected, w) != 0) {
      fail(where + ": output element " + std::to_string(j) + " differs from the reference");
    }
  }
  for (size_t b = 0; b < g.offsets.out * w; ++b) {
    if (first.data[b] != 0x00 || second.data[b] != 0xFF) fail(where + ": wrote before the output");
  }
  return 0;
}

}  // namespace fuzz
