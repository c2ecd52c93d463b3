// Views (view.hpp) against a naive model: a materialized array holding, for
// every element of the view, the flat index it reads, transformed by each
// operation index by index. Then the copies built from views, run by the
// engine at every width.
#include <catch2/catch.hpp>

#include <numeric>
#include <vector>

#include "helpers.hpp"
#include "plan_reference.hpp"
#include "engine/view.hpp"

using namespace tensor_ops;
using th::Ints;

namespace {

// Every element of a view, materialized: idx[flat] is the tensor element it reads.
struct Model {
  Ints dims;
  Ints idx;
};

Ints unflatten(int64_t flat, const Ints& dims) {
  Ints i(dims.size());
  for (size_t k = dims.size(); k-- > 0;) {
    i[k] = flat % dims[k];
    flat /= dims[k];
  }
  return i;
}

int64_t flatten(const Ints& i, const Ints& dims) {
  int64_t flat = 0;
  for (size_t k = 0; k < dims.size(); ++k) flat = flat * dims[k] + i[k];
  return flat;
}

// The model of new dims whose element i reads old element from(i).
template <typename F>
Model remap(const Model& m, const Ints& dims, F from) {
  Model r{dims, Ints(static_cast<size_t>(ref::volume(dims)))};
  for (size_t f = 0; f < r.idx.size(); ++f) {
    r.idx[f] = m.idx[static_cast<size_t>(flatten(from(unflatten(static_cast<int64_t>(f), dims)), m.dims))];
  }
  return r;
}

Model model_of(const Shape& shape) {
  Model m{shape, Ints(static_cast<size_t>(ref::volume(shape)))};
  std::iota(m.idx.begin(), m.idx.end(), 0);
  return m;
}

// Applies one random operation to both the view and its model.
void random_step(th::Rng& rng, View& v, Model& m) {
  const size_t rank = v.rank();
  const size_t a = static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(rank) - 1));
  const int64_t n = v.dims[a];
  switch (rng.uniform(0, 4)) {
    case 0: {
      std::vector<size_t> perm(rank);
      std::iota(perm.begin(), perm.end(), size_t{0});
      for (size_t k = rank; k > 1; --k) std::swap(perm[k - 1], perm[static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(k) - 1))]);
      Ints dims(rank);
      for (size_t k = 0; k < rank; ++k) dims[k] = m.dims[perm[k]];
      m = remap(m, dims, [&](const Ints& i) {
        Ints o(rank);
        for (size_t k = 0; k < rank; ++k) o[perm[k]] = i[k];
        return o;
      });
      v.permute(perm);
      break;
    }
    case 1: {  // split by a divisor
      std::vector<int64_t> divisors;
      for (int64_t d = 1; d <= n; ++d) if (n % d == 0) divisors.push_back(d);
      if (divisors.empty()) break;
      const int64_t inner = rng.pick(divisors);
      m.dims[a] = inner;  // row-major data stay put: only the dims change
      m.dims.insert(m.dims.begin() + static_cast<std::ptrdiff_t>(a), n / inner);
      v.split_axis(a, n / inner, inner);
      break;
    }
    case 2:
      m = remap(m, m.dims, [&](Ints i) { i[a] = n - 1 - i[a]; return i; });
      v.reverse(a);
      break;
    case 3: {
      if (n == 0) break;
      const int64_t start = rng.uniform(0, n - 1);
      const int64_t step = rng.chance(40) ? -rng.uniform(1, 3) : rng.uniform(1, 3);
      const int64_t room = step > 0 ? (n - 1 - start) / step : start / -step;
      const int64_t count = rng.uniform(rng.chance(10) ? 0 : 1, room + 1);
      Ints dims = m.dims;
      dims[a] = count;
      m = remap(m, dims, [&](Ints i) { i[a] = start + i[a] * step; return i; });
      v.slice(a, start, count, step);
      break;
    }
    default: {
      if (rank >= 7) break;
      const size_t at = static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(rank)));
      const int64_t k = rng.uniform(1, 3);
      Ints dims = m.dims;
      dims.insert(dims.begin() + static_cast<std::ptrdiff_t>(at), k);
      m = remap(m, dims, [&](Ints i) { i.erase(i.begin() + static_cast<std::ptrdiff_t>(at)); return i; });
      v.insert_axis(at, k);
    }
  }
}

// "" when the view reads exactly the model's elements.
std::string agrees(const View& v, const Model& m) {
  if (v.dims != m.dims || v.strides.size() != v.dims.size()) return "dims " + th::str(v.dims) + " != " + th::str(m.dims);
  for (size_t f = 0; f < m.idx.size(); ++f) {
    const Ints i = unflatten(static_cast<int64_t>(f), m.dims);
    int64_t at = v.offset;
    for (size_t k = 0; k < i.size(); ++k) at += i[k] * v.strides[k];
    if (at != m.idx[f]) return "element " + std::to_string(f) + " reads " + std::to_string(at) + ", not " + std::to_string(m.idx[f]);
  }
  return "";
}

}  // namespace

TEST_CASE("view: each operation reads what the naive model reads", "[view]") {
  th::Rng rng(9001);
  for (int i = 0; i < 500; ++i) {
    const Shape shape = th::random_shape(rng, static_cast<size_t>(rng.uniform(1, 4)), 7, 600);
    View v = View::of(shape);
    Model m = model_of(shape);
    REQUIRE(agrees(v, m) == "");
    for (int step = 0; step < 6; ++step) {
      random_step(rng, v, m);
      INFO("case " << i << " step " << step << " shape " << th::str(shape));
      REQUIRE(agrees(v, m) == "");
    }
  }
}

TEST_CASE("view: the documented examples", "[view]") {
  View v = View::of({2, 3, 4});
  CHECK(v.strides == Ints{12, 4, 1});
  v.reverse(2);  // the offset moves to the last element of the axis
  CHECK(v.offset == 3);
  CHECK(v.strides == Ints{12, 4, -1});
  v.slice(1, 2, 2, -2);  // rows 2 and 0
  CHECK(v.dims == Ints{2, 2, 4});
  CHECK(v.offset == 3 + 8);
  CHECK(v.strides == Ints{12, -8, -1});
  v.insert_axis(0, 5).split_axis(3, 2, 2).permute({3, 0, 1, 2, 4});
  CHECK(v.dims == Ints{2, 5, 2, 2, 2});
  CHECK(v.strides == Ints{-2, 0, 12, -8, -1});
}

TEST_CASE("view: copies from views and between views, through the engine", "[view]") {
  ThreadPool pool(2);
  th::Rng rng(9002);
  for (int i = 0; i < 200; ++i) {
    const Shape shape = th::random_shape(rng, static_cast<size_t>(rng.uniform(1, 4)), 9, 2000);
    View src = View::of(shape);
    Model sm = model_of(shape);
    for (int step = 0; step < 5; ++step) random_step(rng, src, sm);
    // Into a contiguous tensor: element f reads sm.idx[f].
    CopyPlan gather;
    gather.output_shape = src.dims;
    gather.copies = {copy_to_contiguous(src)};
    // Into a permuted, partly reversed destination of the same volume.
    const size_t rank = src.rank();
    std::vector<size_t> perm(rank);
    std::iota(perm.begin(), perm.end(), size_t{0});
    for (size_t k = rank; k > 1; --k) std::swap(perm[k - 1], perm[static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(k) - 1))]);
    Shape out(rank);
    for (size_t k = 0; k < rank; ++k) out[perm[k]] = src.dims[k];  // axis k of the view is axis perm[k] of out
    View dst = View::of(out);
    dst.permute(perm);
    REQUIRE(dst.dims == src.dims);
    for (size_t k = 0; k < rank; ++k) if (rng.chance(30)) dst.reverse(k);
    CopyPlan scatter;
    scatter.output_shape = out;
    scatter.copies = {copy_between(src, dst)};
    for (size_t w : th::kWidths) {
      gather.elem_size = scatter.elem_size = w;
      INFO("case " << i << " width " << w << ": " << pref::describe(scatter.copies[0]));
      CHECK(pref::compare_with_engine(gather, {ref::volume(shape)}, ref::volume(src.dims), &pool, static_cast<uint64_t>(i)) == "");
      CHECK(pref::compare_with_engine(scatter, {ref::volume(shape)}, ref::volume(out), &pool, static_cast<uint64_t>(i)) == "");
    }
    // And the gather against the model directly (not just the naive executor).
    const size_t n = sm.idx.size();
    std::vector<uint32_t> in(static_cast<size_t>(ref::volume(shape)) + 1), got(n + 1);
    std::iota(in.begin(), in.end(), 1000u);
    gather.elem_size = 4;
    execute(gather, in.data(), got.data());
    for (size_t f = 0; f < n; ++f) REQUIRE(got[f] == in[static_cast<size_t>(sm.idx[f])]);
  }
}
