#include "gather_common.hpp"

#include <cstring>

namespace gt {

IndexData make_indices(IndexType type, const Shape& shape, const Values& values) {
  IndexData d;
  d.type = type;
  d.shape = shape;
  d.values = values;
  const size_t w = tensor_ops::index_type_bytes(type);
  d.bytes.resize(values.size() * w + 1);
  for (size_t i = 0; i < values.size(); ++i) {
    const uint64_t bits = static_cast<uint64_t>(values[i]);  // two's complement, little-endian
    for (size_t b = 0; b < w; ++b) d.bytes[i * w + b] = static_cast<unsigned char>(bits >> (8 * b));
  }
  return d;
}

Values random_values(th::Rng& rng, IndexType type, int64_t count, const std::vector<int64_t>& dims) {
  const bool is_signed = type == IndexType::Int32 || type == IndexType::Int64;
  Values v(static_cast<size_t>(count));
  for (size_t i = 0; i < v.size(); ++i) {
    const int64_t d = dims[i % dims.size()];
    v[i] = d == 0 ? 0 : rng.uniform(is_signed ? -d : 0, d - 1);
  }
  return v;
}

std::string run_and_compare(const tensor_ops::CopyPlan& plan, const IndexData& idx, const Shape& input,
                            const ref::Gather& gather, uint64_t seed) {
  const tensor_ops::PreparedPlan prepared = tensor_ops::prepare_plan(plan);
  std::string verdict;
  for (int pooled = 0; pooled < 2 && verdict.empty(); ++pooled) {
    tensor_ops::ThreadPool pool(3);
    tensor_ops::ThreadPool* p = pooled ? &pool : nullptr;
    if (pooled) tensor_ops::set_parallel_min_bytes(1);
    verdict = th::run_and_compare(
        plan.output_shape, plan.elem_size,
        [&](const void* src, void* dst) {
          const void* sources[] = {src, idx.bytes.data()};
          tensor_ops::BadIndex bad;
          if (!tensor_ops::check_indices(prepared, sources, &bad, p)) return;  // shows as a difference
          tensor_ops::execute(prepared, sources, dst, p);
        },
        input, gather, seed + static_cast<uint64_t>(pooled));
    tensor_ops::set_parallel_min_bytes(tensor_ops::kParallelMinBytes);
  }
  return verdict;
}

std::string check_values(const char* op, const tensor_ops::CopyPlan& plan, const IndexData& idx) {
  tensor_ops::Operator oper;
  for (const tensor_ops::OpSpec& spec : tensor_ops::op_table()) {
    if (std::string(spec.name) == op) oper.spec = &spec;
  }
  REQUIRE(oper.spec != nullptr);
  oper.plan = tensor_ops::prepare_plan(plan);
  std::vector<unsigned char> src(static_cast<size_t>(1), 0);
  const void* sources[] = {src.data(), idx.bytes.data()};
  std::string messages[2];
  for (int pooled = 0; pooled < 2; ++pooled) {
    tensor_ops::ThreadPool pool(3);
    if (pooled) tensor_ops::set_parallel_min_bytes(1);
    tensor_ops::BadIndex bad;
    const bool ok = tensor_ops::check_indices(oper.plan, sources, &bad, pooled ? &pool : nullptr);
    tensor_ops::set_parallel_min_bytes(tensor_ops::kParallelMinBytes);
    messages[pooled] = ok ? "" : tensor_ops::index_error(oper, bad).message();
  }
  // Split over the pool, the check must find the same (first) value.
  if (messages[0] != messages[1]) return "the pooled check differs: " + messages[0] + " vs " + messages[1];
  return messages[0];
}

void check_against(const tensor_ops::Result<Shape>& shape, const tensor_ops::Result<tensor_ops::CopyPlan>& plan,
                   const IndexData& idx, const Shape& input, const std::optional<ref::Gather>& gather,
                   uint64_t seed) {
  REQUIRE(gather);
  REQUIRE(shape.ok());
  CHECK(th::str(shape.value()) == th::str(gather->shape));
  REQUIRE(plan.ok());
  CHECK(run_and_compare(plan.value(), idx, input, *gather, seed) == "");
}

std::vector<int32_t> values_of(const tensor_ops::Result<tensor_ops::CopyPlan>& plan, const IndexData& idx,
                               const Shape& input) {
  REQUIRE(plan.ok());
  const tensor_ops::PreparedPlan p = tensor_ops::prepare_plan(plan.value());
  const std::vector<int32_t> x = th::iota(static_cast<int32_t>(ref::volume(input)));
  std::vector<int32_t> out(static_cast<size_t>(ref::volume(plan.value().output_shape)) + 1);
  const void* sources[] = {x.data(), idx.bytes.data()};
  tensor_ops::BadIndex bad;
  REQUIRE(tensor_ops::check_indices(p, sources, &bad));
  tensor_ops::execute(p, sources, out.data());
  out.pop_back();
  return out;
}

}  // namespace gt
