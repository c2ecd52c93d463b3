#include "random_calls.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <sstream>

using namespace tensor_ops;
using th::Ints;
using th::Rng;

namespace rc {

namespace {

size_t param_index(const OpSpec& spec, const char* name) {
  for (size_t i = 0; i < spec.params.size(); ++i) {
    if (std::string(spec.params[i].name) == name) return i;
  }
  FAIL("no parameter " << name << " in " << spec.name);
  return 0;
}

int64_t pick_index(Rng& rng, size_t n) { return rng.uniform(0, static_cast<int64_t>(n) - 1); }

// A random permutation of 0 .. n-1.
std::vector<size_t> permutation(Rng& rng, size_t n) {
  std::vector<size_t> p(n);
  std::iota(p.begin(), p.end(), size_t{0});
  for (size_t k = n; k > 1; --k) std::swap(p[k - 1], p[static_cast<size_t>(pick_index(rng, k))]);
  return p;
}

// `vol` as `rank` random factors (vol 0: random dims, one of them 0).
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

Shape shape(Rng& rng, size_t min_rank, size_t max_rank, int64_t max_dim, int64_t maxv) {
  const size_t rank = static_cast<size_t>(rng.uniform(static_cast<int64_t>(min_rank), static_cast<int64_t>(max_rank)));
  return th::random_shape(rng, rank, max_dim, maxv);
}

int64_t axis_arg(Rng& rng, size_t rank) {  // any spelling of an axis in [0, rank)
  const int64_t a = pick_index(rng, rank);
  return rng.chance(30) ? a - static_cast<int64_t>(rank) : a;
}

using Gen = bool (*)(const OpSpec&, Rng&, int64_t, Call&);

bool gen_reshape(const OpSpec& s, Rng& rng, int64_t maxv, Call& c) {
  const Shape in = shape(rng, 0, 5, 6, maxv);
  Ints target = factors(rng, ref::volume(in), static_cast<size_t>(rng.uniform(0, 5)));
  const bool special_zero = rng.chance(30);
  if (special_zero) {
    for (size_t k = 0; k < target.size() && k < in.size(); ++k) {
      if (target[k] == in[k] && rng.chance(50)) target[k] = 0;
    }
  }
  if (!target.empty() && rng.chance(40)) target[static_cast<size_t>(pick_index(rng, target.size()))] = -1;
  c.args = blank_args(s, {in});
  set(s, c.args, "shape", target);
  set(s, c.args, "specialZero", {special_zero ? 1 : 0});
  return true;
}

bool gen_broadcast(const OpSpec& s, Rng& rng, int64_t maxv, Call& c) {
  const int64_t mode = rng.uniform(0, 2);
  const Shape out = shape(rng, 0, 5, 5, maxv);
  const size_t r = out.size();
  Shape in;
  Ints target(out.begin(), out.end());
  Ints axes;
  if (mode == 2) {  // explicit
    for (size_t k = 0; k < r; ++k) {
      if (rng.chance(50)) {
        axes.push_back(static_cast<int64_t>(k));
        in.push_back(rng.chance(30) ? 1 : out[k]);
      }
    }
  } else {
    const size_t in_rank = static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(r)));
    for (size_t k = r - in_rank; k < r; ++k) in.push_back(rng.chance(30) ? 1 : out[k]);
    if (mode == 1) {  // bidirectional: the target may hold ones where x has the dim
      target.erase(target.begin(), target.begin() + rng.uniform(0, static_cast<int64_t>(r)));
      for (int64_t& t : target) t = rng.chance(30) ? 1 : t;
    }
  }
  c.args = blank_args(s, {in});
  set(s, c.args, "targetShape", target);
  set(s, c.args, "mode", {mode});
  if (mode == 2) set(s, c.args, "axesMapping", axes);
  return true;
}

// A space-layout shape for block size b in `format` (spaceToDepth's input).
Shape block_space(Rng& rng, int64_t format, int64_t b, int64_t maxv) {
  const size_t k = format == 1 ? static_cast<size_t>(rng.uniform(1, 3)) : 2;
  for (;;) {
    Shape blocks(k);
    for (int64_t& m : blocks) m = rng.chance(5) ? 0 : rng.uniform(1, 3);
    const int64_t n = rng.chance(5) ? 0 : rng.uniform(1, 2);
    const int64_t ch = rng.chance(5) ? 0 : rng.uniform(1, 3);
    Shape sp;
    for (int64_t m : blocks) sp.push_back(m * b);
    Shape x;
    if (format == 0) x = {n, sp[0], sp[1], ch};
    else if (format == 2) x = {n, ch, sp[0], sp[1], 4};
    else {
      x = {n, ch};
      x.insert(x.end(), sp.begin(), sp.end());
    }
    if (ref::volume(x) <= maxv) return x;
  }
}

bool gen_space_to_depth(const OpSpec& s, Rng& rng, int64_t maxv, Call& c) {
  const int64_t format = rng.uniform(0, 2), b = rng.uniform(1, 3);
  c.args = blank_args(s, {block_space(rng, format, b, maxv)});
  set(s, c.args, "blockSize", {b});
  set(s, c.args, "dataFormat", {format});
  set(s, c.args, "mode", {rng.uniform(0, 1)});
  return true;
}

bool gen_depth_to_space(const OpSpec& s, Rng& rng, int64_t maxv, Call& c) {
  // The input: spaceToDepth's output for a space-layout shape.
  const OpSpec& s2d = op("spaceToDepth");
  if (!gen_space_to_depth(s2d, rng, maxv, c)) return false;
  const Result<Shape> depth = s2d.shape(c.args, 1);
  if (!depth.ok()) return false;
  OpArgs args = blank_args(s, {depth.value()});
  for (const char* name : {"blockSize", "dataFormat", "mode"}) {
    set(s, args, name, c.args.ints(param_index(s2d, name)));
  }
  c.args = args;
  return true;
}

bool gen_roll(const OpSpec& s, Rng& rng, int64_t maxv, Call& c) {
  const Shape in = shape(rng, 1, 5, 7, maxv);
  Ints axes(static_cast<size_t>(rng.uniform(0, 4)));
  for (int64_t& a : axes) a = axis_arg(rng, in.size());
  Ints shift(rng.chance(30) ? 1 : axes.size());
  for (int64_t& v : shift) v = rng.chance(10) ? rng.uniform(-1000, 1000) : rng.uniform(-8, 8);
  c.args = blank_args(s, {in});
  set(s, c.args, "shift", shift);
  set(s, c.args, "axes", axes);
  return true;
}

bool gen_transpose(const OpSpec& s, Rng& rng, int64_t maxv, Call& c) {
  const Shape in = shape(rng, 0, 6, 6, maxv);
  c.args = blank_args(s, {in});
  if (rng.chance(80)) {
    Ints perm;
    for (size_t a : permutation(rng, in.size())) {
      perm.push_back(rng.chance(20) ? static_cast<int64_t>(a) - static_cast<int64_t>(in.size())
                                    : static_cast<int64_t>(a));
    }
    set(s, c.args, "perm", perm);
  }
  return true;
}

bool gen_slice(const OpSpec& s, Rng& rng, int64_t maxv, Call& c) {
  const Shape in = shape(rng, 1, 5, 8, maxv);
  const bool with_axes = rng.chance(60);
  std::vector<size_t> axes = permutation(rng, in.size());
  axes.resize(static_cast<size_t>(rng.uniform(with_axes ? 0 : 1, static_cast<int64_t>(in.size()))));
  if (!with_axes) std::iota(axes.begin(), axes.end(), size_t{0});
  Ints starts, ends, axis_args, steps;
  for (size_t a : axes) {
    const int64_t d = in[a];
    int64_t step = rng.chance(60) ? 1 : rng.uniform(1, 3);
    if (rng.chance(30)) step = -step;
    starts.push_back(rng.uniform(-d - 1, d + 1));
    ends.push_back(rng.chance(10) ? (step > 0 ? int64_t{1} << 40 : -(int64_t{1} << 40)) : rng.uniform(-d - 1, d + 1));
    steps.push_back(step);
    axis_args.push_back(rng.chance(30) ? static_cast<int64_t>(a) - static_cast<int64_t>(in.size())
                                       : static_cast<int64_t>(a));
  }
  c.args = blank_args(s, {in});
  set(s, c.args, "starts", starts);
  set(s, c.args, "ends", ends);
  if (with_axes) set(s, c.args, "axes", axis_args);
  if (rng.chance(80)) set(s, c.args, "steps", steps);
  else if (std::any_of(steps.begin(), steps.end(), [](int64_t v) { return v != 1; })) return false;
  return true;
}

bool gen_reverse(const OpSpec& s, Rng& rng, int64_t maxv, Call& c) {
  const Shape in = shape(rng, 0, 5, 6, maxv);
  c.args = blank_args(s, {in});
  if (rng.chance(75)) {
    std::vector<size_t> axes = permutation(rng, in.size());
    axes.resize(static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(in.size()))));
    Ints v;
    for (size_t a : axes) v.push_back(static_cast<int64_t>(a));
    set(s, c.args, "axes", v);
  }
  return true;
}

// squeeze: some axes of dim 1 (or none listed: every one).
bool gen_squeeze(const OpSpec& s, Rng& rng, int64_t maxv, Call& c) {
  Shape in = shape(rng, 0, 5, 4, maxv);
  for (int64_t& d : in) {
    if (rng.chance(40)) d = 1;
  }
  c.args = blank_args(s, {in});
  if (rng.chance(70)) {
    Ints axes;
    for (size_t a = 0; a < in.size(); ++a) {
      if (in[a] == 1 && rng.chance(60)) axes.push_back(rng.chance(30) ? static_cast<int64_t>(a) - static_cast<int64_t>(in.size()) : static_cast<int64_t>(a));
    }
    set(s, c.args, "axes", axes);
  }
  return true;
}

// unsqueeze: distinct positions of the output's rank.
bool gen_unsqueeze(const OpSpec& s, Rng& rng, int64_t maxv, Call& c) {
  const Shape in = shape(rng, 0, 4, 5, maxv);
  const size_t added = static_cast<size_t>(rng.uniform(0, 3));
  std::vector<size_t> positions = permutation(rng, in.size() + added);
  positions.resize(added);
  Ints axes;
  for (size_t a : positions) axes.push_back(static_cast<int64_t>(a));
  c.args = blank_args(s, {in});
  set(s, c.args, "axes", axes);
  return true;
}

// flatten: any axis in [-rank, rank].
bool gen_flatten(const OpSpec& s, Rng& rng, int64_t maxv, Call& c) {
  const Shape in = shape(rng, 0, 5, 5, maxv);
  const int64_t rank = static_cast<int64_t>(in.size());
  c.args = blank_args(s, {in});
  if (rng.chance(80)) set(s, c.args, "axis", {rng.uniform(-rank, rank)});
  return true;
}

bool gen_pad(const OpSpec& s, Rng& rng, int64_t maxv, Call& c) {
  const Shape in = shape(rng, 1, 4, 6, maxv / 4);
  const int64_t mode = rng.uniform(0, 4);
  Ints begin(in.size()), end(in.size());
  for (size_t k = 0; k < in.size(); ++k) {
    for (int64_t* p : {&begin[k], &end[k]}) {
      const int64_t d = in[k];
      switch (mode) {
        case 0: *p = rng.uniform(-2, 3); break;
        case 2: *p = d > 1 ? rng.uniform(0, d - 1) : 0; break;
        case 3: *p = rng.uniform(0, d); break;
        default: *p = d > 0 ? rng.uniform(rng.chance(20) ? -1 : 0, 4) : 0; break;
      }
      if (rng.chance(40)) *p = 0;
    }
  }
  c.args = blank_args(s, {in});
  set(s, c.args, "padsBegin", begin);
  set(s, c.args, "padsEnd", end);
  set(s, c.args, "mode", {mode});
  if (mode == 0 && rng.chance(50)) set(s, c.args, "value", {rng.uniform(0, 255)});
  return true;
}

bool gen_concat(const OpSpec& s, Rng& rng, int64_t maxv, Call& c) {
  const Shape base = shape(rng, 1, 4, 5, maxv / 4);
  const size_t a = static_cast<size_t>(pick_index(rng, base.size()));
  std::vector<Shape> inputs(static_cast<size_t>(rng.uniform(1, 4)), base);
  for (Shape& in : inputs) in[a] = rng.chance(10) ? 0 : rng.uniform(1, 4);
  c.args = blank_args(s, inputs);
  set(s, c.args, "axis", {rng.chance(30) ? static_cast<int64_t>(a) - static_cast<int64_t>(base.size())
                                         : static_cast<int64_t>(a)});
  return true;
}

bool gen_split(const OpSpec& s, Rng& rng, int64_t maxv, Call& c) {
  const Shape in = shape(rng, 1, 4, 8, maxv);
  const size_t a = static_cast<size_t>(pick_index(rng, in.size()));
  const int64_t d = in[a];
  c.args = blank_args(s, {in});
  if (rng.chance(40)) {
    Ints divisors;
    for (int64_t k = 1; k <= std::max<int64_t>(d, 1); ++k) {
      if (d % k == 0) divisors.push_back(k);
    }
    set(s, c.args, "splits", {rng.pick(divisors)}, true);
  } else {
    Ints lengths;
    int64_t left = d;
    while (left > 0 && lengths.size() < 5) {
      const int64_t n = rng.uniform(0, left);
      lengths.push_back(n);
      left -= n;
    }
    if (left > 0 || rng.chance(30)) lengths.push_back(left);
    if (!lengths.empty() && rng.chance(30)) lengths[static_cast<size_t>(pick_index(rng, lengths.size()))] = -1;
    set(s, c.args, "splits", lengths);
  }
  set(s, c.args, "axis", {static_cast<int64_t>(a)});
  return true;
}

bool gen_tile(const OpSpec& s, Rng& rng, int64_t maxv, Call& c) {
  const Shape in = shape(rng, 0, 4, 5, maxv / 4);
  Ints repeats(static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(in.size()) + 1)));
  for (int64_t& r : repeats) r = rng.chance(5) ? 0 : rng.uniform(1, 3);
  c.args = blank_args(s, {in});
  set(s, c.args, "repeats", repeats);
  return true;
}

bool gen_space_to_batch(const OpSpec& s, Rng& rng, int64_t maxv, Call& c) {
  const Shape in = shape(rng, 2, 4, 5, maxv / 4);
  Ints block(in.size(), 1), begin(in.size(), 0), end(in.size(), 0);
  for (size_t k = 1; k < in.size(); ++k) {
    block[k] = rng.uniform(1, 3);
    begin[k] = rng.uniform(0, 2);
    const int64_t padded = in[k] + begin[k];
    end[k] = (block[k] - padded % block[k]) % block[k] + block[k] * rng.uniform(0, 1);
  }
  c.args = blank_args(s, {in});
  set(s, c.args, "blockShape", block);
  set(s, c.args, "padsBegin", begin);
  set(s, c.args, "padsEnd", end);
  return true;
}

bool gen_batch_to_space(const OpSpec& s, Rng& rng, int64_t maxv, Call& c) {
  Shape in = shape(rng, 2, 4, 4, maxv / 8);
  Ints block(in.size(), 1), begin(in.size(), 0), end(in.size(), 0);
  int64_t product = 1;
  for (size_t k = 1; k < in.size(); ++k) {
    block[k] = rng.uniform(1, 3);
    product *= block[k];
  }
  in[0] *= product;
  for (size_t k = 1; k < in.size(); ++k) {
    const int64_t room = in[k] * block[k];
    begin[k] = rng.uniform(0, std::min<int64_t>(room, 2));
    end[k] = rng.uniform(0, std::min<int64_t>(room - begin[k], 2));
  }
  c.args = blank_args(s, {in});
  set(s, c.args, "blockShape", block);
  set(s, c.args, "cropsBegin", begin);
  set(s, c.args, "cropsEnd", end);
  return true;
}

IndexType index_type(Rng& rng) { return gt::kIndexTypes[rng.uniform(0, 3)]; }

bool gen_gather(const OpSpec& s, Rng& rng, int64_t maxv, Call& c) {
  const Shape in = shape(rng, 1, 4, 5, maxv);
  const size_t axis = static_cast<size_t>(pick_index(rng, in.size()));
  const size_t batch = static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(axis)));
  Shape ishape(in.begin(), in.begin() + static_cast<std::ptrdiff_t>(batch));
  const Shape more = th::random_shape(rng, static_cast<size_t>(rng.uniform(0, 2)), 3, 12);
  ishape.insert(ishape.end(), more.begin(), more.end());
  const IndexType type = index_type(rng);
  c.indices = gt::make_indices(type, ishape, gt::random_values(rng, type, ref::volume(ishape), {in[axis]}));
  c.args = blank_args(s, {in});
  set_indices(s, c.args, *c.indices);
  set(s, c.args, "axis", {rng.chance(30) ? static_cast<int64_t>(axis) - static_cast<int64_t>(in.size())
                                         : static_cast<int64_t>(axis)});
  set(s, c.args, "batchDims", {static_cast<int64_t>(batch)});
  return true;
}

bool gen_gather_elements(const OpSpec& s, Rng& rng, int64_t maxv, Call& c) {
  const Shape in = shape(rng, 1, 4, 5, maxv);
  const size_t axis = static_cast<size_t>(pick_index(rng, in.size()));
  Shape ishape = in;
  for (size_t k = 0; k < in.size(); ++k) ishape[k] = k == axis ? rng.uniform(0, 4) : rng.uniform(0, in[k]);
  const IndexType type = index_type(rng);
  c.indices = gt::make_indices(type, ishape, gt::random_values(rng, type, ref::volume(ishape), {in[axis]}));
  c.args = blank_args(s, {in});
  set_indices(s, c.args, *c.indices);
  set(s, c.args, "axis", {static_cast<int64_t>(axis)});
  return true;
}

bool gen_gather_nd(const OpSpec& s, Rng& rng, int64_t maxv, Call& c) {
  const Shape in = shape(rng, 1, 4, 5, maxv);
  const size_t batch = static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(in.size()) - 1));
  const size_t k = static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(in.size() - batch)));
  Shape ishape(in.begin(), in.begin() + static_cast<std::ptrdiff_t>(batch));
  const Shape more = th::random_shape(rng, static_cast<size_t>(rng.uniform(0, 2)), 3, 12);
  ishape.insert(ishape.end(), more.begin(), more.end());
  ishape.push_back(static_cast<int64_t>(k));
  Ints dims(in.begin() + static_cast<std::ptrdiff_t>(batch), in.begin() + static_cast<std::ptrdiff_t>(batch + k));
  if (dims.empty()) dims = {1};
  const IndexType type = index_type(rng);
  c.indices = gt::make_indices(type, ishape, gt::random_values(rng, type, ref::volume(ishape), dims));
  c.args = blank_args(s, {in});
  set_indices(s, c.args, *c.indices);
  set(s, c.args, "batchDims", {static_cast<int64_t>(batch)});
  return true;
}

const std::map<std::string, Gen>& generators() {
  static const std::map<std::string, Gen> table = {
      {"reshape", gen_reshape},
      {"broadcast", gen_broadcast},
      {"spaceToDepth", gen_space_to_depth},
      {"depthToSpace", gen_depth_to_space},
      {"roll", gen_roll},
      {"transpose", gen_transpose},
      {"slice", gen_slice},
      {"reverse", gen_reverse},
      {"pad", gen_pad},
      {"concat", gen_concat},
      {"split", gen_split},
      {"tile", gen_tile},
      {"spaceToBatch", gen_space_to_batch},
      {"batchToSpace", gen_batch_to_space},
      {"gather", gen_gather},
      {"gatherElements", gen_gather_elements},
      {"gatherND", gen_gather_nd},
      {"squeeze", gen_squeeze},
      {"unsqueeze", gen_unsqueeze},
      {"flatten", gen_flatten},
  };
  return table;
}

}  // namespace

const OpSpec& op(const std::string& name) {
  for (const OpSpec& spec : op_table()) {
    if (name == spec.name) return spec;
  }
  FAIL("no operation " << name);
  return op_table().front();
}

OpArgs blank_args(const OpSpec& spec, const std::vector<Shape>& inputs) {
  OpArgs a;
  a.inputs = shape_list(inputs);
  a.input = inputs.empty() ? Shape{} : inputs[0];
  a.params.resize(spec.params.size());
  for (size_t i = 0; i < spec.params.size(); ++i) {
    const ParamKind k = spec.params[i].kind;
    if (k != ParamKind::Ints && k != ParamKind::IntOrInts && k != ParamKind::Indices) a.params[i].ints = {0};
  }
  return a;
}

void set(const OpSpec& spec, OpArgs& args, const char* name, const Ints& values, bool single) {
  OpArgs::Value& v = args.params[param_index(spec, name)];
  v.given = true;
  v.single = single;
  v.ints = values;
}

void set_indices(const OpSpec& spec, OpArgs& args, const gt::IndexData& idx) {
  Ints words = {static_cast<int64_t>(idx.type), static_cast<int64_t>(idx.values.size())};
  words.insert(words.end(), idx.shape.begin(), idx.shape.end());
  set(spec, args, "indices", words);
}

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
    if (!args.given(i)) continue;
    s << ", " << spec.params[i].name << "=" << (args.single(i) ? "single " : "") << th::str(args.ints(i));
  }
  s << ")";
  return s.str();
}

std::optional<Call> random_call(const OpSpec& spec, Rng& rng, size_t elem_size, int64_t max_volume) {
  const auto found = generators().find(spec.name);
  REQUIRE(found != generators().end());
  for (int attempt = 0; attempt < 50; ++attempt) {
    Call c;
    c.spec = &spec;
    if (!found->second(spec, rng, max_volume, c)) continue;
    if (!spec.plan(c.args, elem_size).ok()) continue;
    c.text = describe(spec, c.args);
    return c;
  }
  return std::nullopt;
}

}  // namespace rc
