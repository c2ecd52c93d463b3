#include "random_calls.hpp"

#include <algorithm>
#include <numeric>
#include <sstream>

#include "registry.hpp"

using namespace tensor_ops;
using th::Ints;
using th::Rng;

namespace rc {

int64_t pick_index(Rng& rng, size_t n) { return rng.uniform(0, static_cast<int64_t>(n) - 1); }

std::vector<size_t> permutation(Rng& rng, size_t n) {
  std::vector<size_t> p(n);
  std::iota(p.begin(), p.end(), size_t{0});
  for (size_t k = n; k > 1; --k) std::swap(p[k - 1], p[static_cast<size_t>(pick_index(rng, k))]);
  return p;
}

Shape factors(Rng& rng, int64_t vol, size_t rank) {
  Shape s(rank, 1);
  if (rank == 0) return s;
  if (vol == 0) {
    for (int64_t& d : s) d = rng.uniform(0, 3);
    s[static_cast<size_t>(pick_index(rng, rank))] = 0;
    return s;
  }
  for (int64_t p = 2; vol > 1; ++p) {
    while (vol % p == 0) {
      s[static_cast<size_t>(pick_index(rng, rank))] *= p;
      vol /= p;
    }
  }
  return s;
}

Shape random_rank_shape(Rng& rng, size_t min_rank, size_t max_rank, int64_t max_dim, int64_t maxv) {
  const size_t rank = static_cast<size_t>(rng.uniform(static_cast<int64_t>(min_rank), static_cast<int64_t>(max_rank)));
  return th::random_shape(rng, rank, max_dim, maxv);
}

int64_t axis_arg(Rng& rng, size_t rank) {
  const int64_t a = pick_index(rng, rank);
  return rng.chance(30) ? a - static_cast<int64_t>(rank) : a;
}

IndexType index_type(Rng& rng) { return gt::kIndexTypes[rng.uniform(0, 3)]; }

const OpSpec& op(const std::string& name) {
  for (const OpSpec& spec : op_table()) {
    if (name == spec.name) return spec;
  }
  FAIL("no operation " << name);
  return op_table().front();
}

Result<CopyPlan> plan_of(const OpArgs& args, size_t elem_size) {
  TENSOR_OPS_TRY(check_call(*args.spec, args, elem_size));  // as th::Call::plan, for args made elsewhere
  return call_plan(*args.spec, args, elem_size);
}

void set_indices(OpArgs& args, const gt::IndexData& idx) { args.set("indices", reg::index_words(idx)); }

std::vector<Shape> shapes_of(const ShapeList& list) {
  std::vector<Shape> shapes;
  const int64_t* dims = list.dims.data();
  for (int64_t rank : list.ranks) {
    shapes.emplace_back(dims, dims + rank);
    dims += rank;
  }
  return shapes;
}

std::string describe(const OpSpec& spec, const OpArgs& args) {
  std::ostringstream s;
  s << spec.name << "(";
  const std::vector<Shape> inputs = shapes_of(args.inputs);
  for (size_t k = 0; k < inputs.size(); ++k) s << (k ? ", " : "") << th::str(inputs[k]);
  for (size_t i = 0; i < spec.params.size(); ++i) {
    const OpArgs::Value& v = args.params[i];
    if (!v.given) continue;
    s << ", " << spec.params[i].name << "=" << (v.single ? "single " : "") << th::str(v.ints);
  }
  s << ")";
  return s.str();
}

std::optional<Call> random_call(const OpSpec& spec, Rng& rng, size_t elem_size, int64_t max_volume) {
  const reg::OpCalls* calls = reg::find(spec.name);
  REQUIRE(calls != nullptr);
  REQUIRE(calls->random_call != nullptr);
  for (int attempt = 0; attempt < 50; ++attempt) {
    Call c;
    c.spec = &spec;
    if (!calls->random_call(spec, rng, max_volume, c)) continue;
    if (!plan_of(c.args, elem_size).ok()) continue;
    c.text = describe(spec, c.args);
    return c;
  }
  return std::nullopt;
}

}  // namespace rc
