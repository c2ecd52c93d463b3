// depthToSpace's entries in the suites that run every operation (registry.hpp):
// calls through the table against its reference, a call of rank 100,000,
// and random valid calls.
#include "ops/depth_to_space/reference.hpp"
#include "ops/space_to_depth/reference.hpp"
#include "registry.hpp"

using namespace tensor_ops;
using reg::words_of;
using th::Ints;

namespace {

std::vector<reg::TableCase> table_cases() {
  return {
      {{1, 4, 2, 3, 4}, words_of({1, 4, 2, 3, 4}, {{2}, {2}, {0}}),
       [] { return ref::depth_to_space({1, 4, 2, 3, 4}, 2, th::VECT, th::BF); }},
  };
}

std::vector<reg::RankCase> rank_cases(size_t rank) {
  const Shape x(rank, 1);
  return {{words_of(x, {{1}, {1}, {1}}), x}};
}

// The input: spaceToDepth's output for a random call of spaceToDepth.
bool random_call(const OpSpec& s, th::Rng& rng, int64_t maxv, rc::Call& c) {
  const OpSpec& s2d = rc::op("spaceToDepth");
  if (!reg::find("spaceToDepth")->random_call(s2d, rng, maxv, c)) return false;
  const Result<Shape> depth = call_shape(s2d, c.args, 1);
  if (!depth.ok()) return false;
  OpArgs args = blank_args(s, {depth.value()});
  for (const char* name : {"blockSize", "dataFormat", "mode"}) args.set(name, c.args.ints(name));
  c.args = args;
  return true;
}

const reg::Register registered{{"depthToSpace", table_cases, rank_cases, random_call}};

}  // namespace
