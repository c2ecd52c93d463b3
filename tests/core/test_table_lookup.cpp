// Rows of a small table picked by indices (table_lookup.hpp): the kernel on
// its own against a scalar loop, at every row width, index dtype, table size
// up to its limit and run length around its 16-index step (natively its
// swizzles run lane by lane); then gathers of palettes through the engine,
// which takes the kernel in wasm. And the index check every lookup relies
// on (first_bad_index), whose lanes per width each have their own test.
#include <cstring>
#include <limits>
#include <vector>

#include "gather_common.hpp"
#include "engine/kernels.hpp"
#include "engine/table_lookup.hpp"
#include "ops/gather/reference.hpp"

using namespace tensor_ops;

namespace {

template <int B, typename I>
void check_lookup(th::Rng& rng) {
  constexpr bool sg = static_cast<I>(-1) < I{0};
  for (int64_t dim : {1, 2, 15, 16, 17, 21, 32, 33, 63, 64}) {
    for (int64_t n : {0, 1, 15, 16, 17, 31, 48, 100, 515}) {
      const int64_t row_stride = B + (n % 2) * 3;  // rows packed, or 3 bytes apart
      std::vector<unsigned char> table(static_cast<size_t>(dim * row_stride));
      for (unsigned char& b : table) b = static_cast<unsigned char>(rng.uniform(0, 255));
      std::vector<I> idx(static_cast<size_t>(n));
      for (I& v : idx) v = static_cast<I>(rng.uniform(sg ? -dim : 0, dim - 1));
      std::vector<unsigned char> got(static_cast<size_t>(n * B) + 7, 0xEE), want(got);
      kernels::lookup_rows<B, I>(table.data(), row_stride, dim, idx.data(), got.data(), n);
      for (int64_t i = 0; i < n; ++i) {
        const int64_t v = idx[static_cast<size_t>(i)] < 0 ? idx[static_cast<size_t>(i)] + dim
                                                           : static_cast<int64_t>(idx[static_cast<size_t>(i)]);
        std::memcpy(&want[static_cast<size_t>(i * B)], &table[static_cast<size_t>(v * row_stride)], B);
      }
      INFO("row bytes " << B << " index bytes " << sizeof(I) << " signed " << sg << " dim " << dim << " n " << n);
      REQUIRE(got == want);  // the bytes past the rows too: nothing written there
    }
  }
}

template <int B>
void check_every_index_type(th::Rng& rng) {
  check_lookup<B, int8_t>(rng);
  check_lookup<B, uint8_t>(rng);
  check_lookup<B, int16_t>(rng);
  check_lookup<B, uint16_t>(rng);
  check_lookup<B, int32_t>(rng);
  check_lookup<B, uint32_t>(rng);
  check_lookup<B, int64_t>(rng);
  check_lookup<B, uint64_t>(rng);
}

// Values of I around its limits and around +-d, at random positions of a
// buffer of several check blocks, the rest in range: the check must name the
// first value outside [-d, d) (unsigned: [0, d)), compared as exact integers.
template <typename I>
void check_first_bad(th::Rng& rng) {
  using L = std::numeric_limits<I>;
  constexpr bool sg = L::is_signed;
  const uint64_t dims[] = {0, 1, 3, 127, 128, 255, 256, 32767, 32768, 65535, 65536,
                           (uint64_t{1} << 31) - 1, uint64_t{1} << 31, uint64_t{1} << 32, uint64_t{1} << 62,
                           (uint64_t{1} << 63) - 1};
  for (uint64_t d : dims) {
    const __int128 lo = sg ? -static_cast<__int128>(d) : 0;
    const __int128 hi = static_cast<__int128>(d);  // exclusive
    const __int128 candidates[] = {L::min(), L::max(), lo - 1, lo, hi - 1, hi, 0, -1};
    for (int round = 0; round < 6; ++round) {
      const int64_t n = rng.uniform(1, 3000);
      std::vector<I> v(static_cast<size_t>(n));
      for (I& x : v) {
        // In range where there is a range, clamped to I.
        const __int128 top = std::min<__int128>(hi - 1, L::max());
        const __int128 bottom = std::max<__int128>(lo, L::min());
        x = d == 0 ? I{0} : static_cast<I>(bottom + (rng.uniform(0, 1 << 20) % (top - bottom + 1)));
      }
      for (int k = 0; k < 3; ++k) {
        const __int128 c = candidates[rng.uniform(0, 7)];
        if (c >= L::min() && c <= L::max()) v[static_cast<size_t>(rng.uniform(0, n - 1))] = static_cast<I>(c);
      }
      int64_t want = -1;
      for (int64_t i = 0; i < n && want < 0; ++i) {
        const __int128 x = v[static_cast<size_t>(i)];
        if (x < lo || x >= hi) want = i;
      }
      INFO("index bytes " << sizeof(I) << " signed " << sg << " d " << d << " n " << n);
      REQUIRE(kernels::first_bad_index(v.data(), 0, n, d) == want);
    }
  }
}

}  // namespace

TEST_CASE("index check: the first value out of range, every index dtype, dims at each lane width's limits",
          "[table_lookup]") {
  th::Rng rng(76);
  check_first_bad<int8_t>(rng);
  check_first_bad<uint8_t>(rng);
  check_first_bad<int16_t>(rng);
  check_first_bad<uint16_t>(rng);
  check_first_bad<int32_t>(rng);
  check_first_bad<uint32_t>(rng);
  check_first_bad<int64_t>(rng);
  check_first_bad<uint64_t>(rng);
}

TEST_CASE("table lookup: rows of 1 to 4 bytes by every index dtype, tables up to 64 rows",
          "[table_lookup]") {
  th::Rng rng(77);
  check_every_index_type<1>(rng);
  check_every_index_type<2>(rng);
  check_every_index_type<3>(rng);
  check_every_index_type<4>(rng);
}

TEST_CASE("table lookup: palettes and label tables gathered through the engine", "[table_lookup]") {
  // A palette [classes, 4] (4-byte rows), an RGB one [classes, 3], a table
  // [classes] (1-byte rows) and [classes, 2], by masks of every index
  // dtype, around the kernel's table limit and step, plain and split over a
  // pool.
  th::Rng rng(78);
  const IndexType types[] = {IndexType::Int8,  IndexType::Uint8,  IndexType::Int16, IndexType::Uint16,
                             IndexType::Int32, IndexType::Uint32, IndexType::Int64, IndexType::Uint64};
  int round = 0;
  for (IndexType t : types) {
    for (int64_t classes : {2, 21, 64, 65}) {
      for (const Shape& table : {Shape{classes, 4}, Shape{classes, 3}, Shape{classes}, Shape{classes, 2}}) {
        const Shape mask{static_cast<int64_t>(rng.uniform(1, 40)), static_cast<int64_t>(rng.uniform(1, 70))};
        const gt::IndexData idx =
            gt::make_indices(t, mask, gt::random_values(rng, t, ref::volume(mask), {classes}));
        for (size_t w : {1, 2, 4}) {  // RGB rows of 3, 6 and 12 bytes too
          INFO(index_type_name(t) << " table " << th::str(table) << " of " << w << "-byte elements, mask "
                                  << th::str(mask));
          gt::check_against(gather_shape(table, idx.arg(), 0, 0), plan_gather(table, idx.arg(), 0, 0, w), idx,
                            table, ref::gather(table, idx.shape, idx.values, 0, 0), static_cast<uint64_t>(++round));
        }
      }
    }
  }
}
