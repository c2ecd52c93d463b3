// Select (where's engine): numpy's fixture, random views against a literal
// reference, the vector paths at every width, threads or not.
#include "engine/select.hpp"

#include "selection_common.hpp"

using namespace tensor_ops;
using sel::Bytes;

namespace {

// out[i] = cond[i] ? a[i] : b[i] element by element, over the plan's dims.
Bytes reference(const SelectPlan& p, const Bytes& c, const Bytes& a, const Bytes& b, Bytes dst) {
  const size_t w = p.elem_size;
  const int64_t n = ref::volume(p.dims);
  for (int64_t pos = 0; pos < n; ++pos) {
    const std::vector<int64_t> i = sel::unflatten(pos, p.dims);
    int64_t co = p.cond_offset, ao = p.a_offset, bo = p.b_offset, d = p.dst_offset;
    for (size_t k = 0; k < i.size(); ++k) {
      co += i[k] * p.cond_strides[k];
      ao += i[k] * p.a_strides[k];
      bo += i[k] * p.b_strides[k];
      d += i[k] * p.dst_strides[k];
    }
    const unsigned char* from = c[static_cast<size_t>(co)] ? &a[static_cast<size_t>(ao) * w] : &b[static_cast<size_t>(bo) * w];
    std::memcpy(&dst[static_cast<size_t>(d) * w], from, w);
  }
  return dst;
}

}  // namespace

TEST_CASE("select: numpy's where, every dtype, broadcast operands", "[select]") {
  const auto cases = sel::cases("select");
  REQUIRE(cases.size() >= 30);
  for (const mj::Value* c : cases) {
    const sel::Tensor cond = sel::tensor((*c)["cond"]), a = sel::tensor((*c)["a"]), b = sel::tensor((*c)["b"]),
                      out = sel::tensor((*c)["out"]);
    INFO(a.dtype << " cond " << th::str(cond.shape) << " a " << th::str(a.shape) << " b " << th::str(b.shape));
    const size_t w = dtype_bytes(sel::dtype_named(a.dtype));
    const SelectPlan plan = select_plan(out.shape, cond.shape, a.shape, b.shape, w);
    const size_t bytes = out.count() * w;
    auto run = [&](ThreadPool* pool, Bytes& dst) {
      execute_select(plan, cond.bytes.data(), a.bytes.data(), b.bytes.data(), dst.data(), pool);
    };
    Bytes dst(bytes + 8);
    run(nullptr, dst);
    CHECK(sel::same_bytes(dst, out.bytes, bytes, w) == "");
    CHECK(sel::same_with_threads(run, bytes) == "");
  }
}

TEST_CASE("select: random views and broadcasts agree with the literal reference", "[select]") {
  th::Rng rng(4242);
  for (int round = 0; round < 400; ++round) {
    const size_t w = th::kWidths[round % 4];
    const Shape dims = th::random_shape(rng, static_cast<size_t>(rng.uniform(0, 4)), round % 7 == 0 ? 70 : 6, 3000);
    SelectPlan p;
    p.dims = dims;
    p.elem_size = w;
    // Each source a view; some dims broadcast (stride 0).
    auto source = [&](std::vector<int64_t>& strides, int64_t& offset, int64_t& span) {
      const sel::View v = sel::random_view(rng, dims);
      strides = v.strides;
      offset = v.offset;
      span = v.span;
      for (int64_t& s : strides) {
        if (rng.chance(20)) s = 0;
      }
    };
    int64_t cs, as, bs, ds;
    source(p.cond_strides, p.cond_offset, cs);
    source(p.a_strides, p.a_offset, as);
    source(p.b_strides, p.b_offset, bs);
    const sel::View dv = rng.chance(50) ? sel::View{row_major_strides(dims), 0, ref::volume(dims) + 1}
                                        : sel::random_view(rng, dims);
    p.dst_strides = dv.strides;
    p.dst_offset = dv.offset;
    ds = dv.span;
    Bytes c(static_cast<size_t>(cs));
    for (unsigned char& x : c) x = static_cast<unsigned char>(rng.chance(50) ? 0 : rng.uniform(1, 255));
    Bytes a(static_cast<size_t>(as) * w), b(static_cast<size_t>(bs) * w);
    for (unsigned char& x : a) x = static_cast<unsigned char>(rng.engine());
    for (unsigned char& x : b) x = static_cast<unsigned char>(rng.engine());
    Bytes dst(static_cast<size_t>(ds) * w, 0xEE);
    const Bytes want = reference(p, c, a, b, dst);
    INFO("round " << round << " dims " << th::str(dims) << " width " << w);
    for (int pooled = 0; pooled < 2; ++pooled) {
      Bytes got = dst;
      ThreadPool pool(3);
      if (pooled) set_parallel_min_bytes(1);
      execute_select(p, c.data(), a.data(), b.data(), got.data(), pooled ? &pool : nullptr);
      set_parallel_min_bytes(kParallelMinBytes);
      CHECK(got == want);
    }
  }
}

TEST_CASE("select: the vector path, every width, scalar a or b (zero or not), long rows split over threads", "[select]") {
  th::Rng rng(99);
  for (size_t w : th::kWidths) {
    for (int shape_case = 0; shape_case < 3; ++shape_case) {
      const Shape out = shape_case == 0 ? Shape{3, 1000} : shape_case == 1 ? Shape{7, 17} : Shape{100003};
      // Bit 0: a a scalar, bit 1: b; bit 2: such scalars all zero bits (where(mask, x, 0): the masks' and).
      for (int scalars = 0; scalars < 8; ++scalars) {
        const Shape as = scalars & 1 ? Shape{} : out, bs = scalars & 2 ? Shape{1} : out;
        const SelectPlan p = select_plan(out, out, as, bs, w);
        Bytes c(static_cast<size_t>(ref::volume(out)));
        for (unsigned char& x : c) x = static_cast<unsigned char>(rng.chance(50) ? 0 : rng.uniform(1, 255));
        Bytes a(static_cast<size_t>(ref::volume(as)) * w), b(static_cast<size_t>(ref::volume(bs)) * w);
        const bool zero = scalars & 4;
        for (unsigned char& x : a) x = zero && (scalars & 1) ? 0 : static_cast<unsigned char>(rng.engine());
        for (unsigned char& x : b) x = zero && (scalars & 2) ? 0 : static_cast<unsigned char>(rng.engine());
        const size_t bytes = static_cast<size_t>(ref::volume(out)) * w;
        const Bytes want = reference(p, c, a, b, Bytes(bytes + 8, 0xEE));
        auto run = [&](ThreadPool* pool, Bytes& dst) {
          std::fill(dst.begin(), dst.end(), 0xEE);
          execute_select(p, c.data(), a.data(), b.data(), dst.data(), pool);
        };
        Bytes got(bytes + 8);
        run(nullptr, got);
        INFO("width " << w << " shape " << th::str(out) << " scalars " << scalars);
        CHECK(got == want);
        CHECK(sel::same_with_threads(run, bytes + 8) == "");
      }
    }
  }
}

TEST_CASE("select: a condition broadcast along rows picks whole rows", "[select]") {
  // cond [4, 1] against a, b [4, 300]: each row is a's or b's.
  const Shape out{4, 300};
  const SelectPlan p = select_plan(out, {4, 1}, out, {}, 4);
  const Bytes c{1, 0, 0, 7};
  std::vector<uint32_t> a(1200), b{0xDEADBEEF};
  for (size_t i = 0; i < a.size(); ++i) a[i] = static_cast<uint32_t>(i);
  std::vector<uint32_t> got(1200);
  execute_select(p, c.data(), a.data(), b.data(), got.data());
  for (size_t i = 0; i < got.size(); ++i) {
    const size_t row = i / 300;
    CHECK(got[i] == (row == 0 || row == 3 ? a[i] : 0xDEADBEEF));
  }
}
