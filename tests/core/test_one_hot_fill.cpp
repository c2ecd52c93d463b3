// OneHot fill (the engine; the operation: test_one_hot.cpp): numpy's
// fixture, every index dtype against a literal reference at every width and
// axis, threads or not.
#include "engine/one_hot.hpp"

#include "selection_common.hpp"

using namespace tensor_ops;
using sel::Bytes;

TEST_CASE("onehot: the fixture's cases, every index dtype, negative and out-of-range indices", "[onehot]") {
  const auto cases = sel::cases("onehot");
  REQUIRE(cases.size() >= 30);
  for (const mj::Value* c : cases) {
    const sel::Tensor idx = sel::tensor((*c)["indices"]), off = sel::tensor((*c)["off"]), on = sel::tensor((*c)["on"]),
                      out = sel::tensor((*c)["out"]);
    const int64_t depth = (*c)["depth"].i64(), axis = (*c)["axis"].i64();
    const size_t w = dtype_bytes(sel::dtype_named((*c)["dtype"].str()));
    INFO(idx.dtype << " " << th::str(idx.shape) << " depth " << depth << " axis " << axis << " -> " << out.dtype);
    uint64_t off_bits = 0, on_bits = 0;
    std::memcpy(&off_bits, off.bytes.data(), w);
    std::memcpy(&on_bits, on.bytes.data(), w);
    const OneHotPlan p = one_hot_plan(idx.shape, depth, axis, sel::index_type_named(idx.dtype), w, off_bits, on_bits);
    const size_t bytes = out.count() * w;
    auto go = [&](ThreadPool* pool, Bytes& dst) { execute_one_hot(p, idx.bytes.data(), dst.data(), pool); };
    Bytes dst(bytes + 8, 0xEE);
    go(nullptr, dst);
    CHECK(sel::same_bytes(dst, out.bytes, bytes, w) == "");
    CHECK(dst[bytes] == 0xEE);
    CHECK(sel::same_with_threads(go, bytes) == "");
  }
}

TEST_CASE("onehot: random shapes, axes, index dtypes and widths against the literal reference", "[onehot]") {
  th::Rng rng(8080);
  const IndexType types[] = {IndexType::Int8,  IndexType::Uint8,  IndexType::Int16, IndexType::Uint16,
                             IndexType::Int32, IndexType::Uint32, IndexType::Int64, IndexType::Uint64};
  for (int round = 0; round < 300; ++round) {
    const IndexType it = types[round % 8];
    const size_t w = th::kWidths[(round / 8) % 4];
    const Shape shape = th::random_shape(rng, static_cast<size_t>(rng.uniform(0, 3)), round % 9 == 0 ? 200 : 6, 2000);
    const int64_t depth = rng.uniform(1, round % 5 == 0 ? 100 : 7);
    const int64_t axis = rng.uniform(0, static_cast<int64_t>(shape.size()));
    const size_t iw = index_type_bytes(it), count = static_cast<size_t>(ref::volume(shape));
    // Values in [-depth - 3, depth + 3] as the dtype holds them (wrapped for
    // narrow or unsigned types: those become other, often invalid, values).
    Bytes idx(count * iw + 8);
    std::vector<__int128> value(count);
    for (size_t i = 0; i < count; ++i) {
      const uint64_t bits = static_cast<uint64_t>(rng.uniform(-depth - 3, depth + 3));
      for (size_t b = 0; b < iw; ++b) idx[i * iw + b] = static_cast<unsigned char>(bits >> (8 * b));
      uint64_t stored = 0;
      for (size_t b = 0; b < iw; ++b) stored |= static_cast<uint64_t>(idx[i * iw + b]) << (8 * b);
      if (index_type_is_signed(it) && iw < 8 && ((stored >> (8 * iw - 1)) & 1)) stored |= ~uint64_t{0} << (8 * iw);
      value[i] = index_type_is_signed(it) ? static_cast<__int128>(static_cast<int64_t>(stored)) : static_cast<__int128>(stored);
    }
    const uint64_t off = 0x0102030405060708ull, on = 0xF1F2F3F4F5F6F7F8ull;
    const OneHotPlan p = one_hot_plan(shape, depth, axis, it, w, off, on);
    // Reference: out[o, d, i] over the shape's split at axis.
    int64_t outer = 1, inner = 1;
    for (size_t k = 0; k < shape.size(); ++k) (static_cast<int64_t>(k) < axis ? outer : inner) *= shape[k];
    const size_t bytes = static_cast<size_t>(outer * depth * inner) * w;
    Bytes want(bytes + 8, 0xEE);
    for (int64_t o = 0; o < outer; ++o) {
      for (int64_t d = 0; d < depth; ++d) {
        for (int64_t i = 0; i < inner; ++i) {
          __int128 v = value[static_cast<size_t>(o * inner + i)];
          if (v < 0) v += depth;
          const uint64_t e = v == d ? on : off;
          std::memcpy(&want[static_cast<size_t>((o * depth + d) * inner + i) * w], &e, w);
        }
      }
    }
    INFO("round " << round << " " << index_type_name(it) << " " << th::str(shape) << " depth " << depth << " axis " << axis);
    Bytes got(bytes + 8, 0xEE);
    execute_one_hot(p, idx.data(), got.data());
    CHECK(got == want);
    auto go = [&](ThreadPool* pool, Bytes& dst) { execute_one_hot(p, idx.data(), dst.data(), pool); };
    CHECK(sel::same_with_threads(go, bytes) == "");
  }
}
