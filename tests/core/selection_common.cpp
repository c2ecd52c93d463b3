#include "selection_common.hpp"

#include <cmath>
#include <map>
#include <numeric>

namespace sel {
namespace {

const char* const kFixture =
#include "selection_fixture.inc"
    ;

const mj::Value& fixture() {
  static const mj::Value v = mj::parse(kFixture);
  return v;
}

int hex(char c) { return c <= '9' ? c - '0' : c - 'a' + 10; }

}  // namespace

std::vector<const mj::Value*> cases(const char* kind) {
  std::vector<const mj::Value*> out;
  for (const mj::Value& c : fixture()["cases"].items) {
    if (c["kind"].str() == kind) out.push_back(&c);
  }
  return out;
}

DType dtype_named(const std::string& name) {
  for (int c = 0; c < tensor_ops::kDTypeCount; ++c) {
    if (name == tensor_ops::dtype_name(static_cast<DType>(c))) return static_cast<DType>(c);
  }
  FAIL("unknown dtype " << name);
  return DType::Float32;
}

IndexType index_type_named(const std::string& name) {
  for (int c = 0; c < tensor_ops::kIndexTypeCount; ++c) {
    if (name == tensor_ops::index_type_name(static_cast<IndexType>(c))) return static_cast<IndexType>(c);
  }
  FAIL("unknown index dtype " << name);
  return IndexType::Int32;
}

size_t Tensor::count() const { return static_cast<size_t>(ref::volume(shape)); }

Tensor tensor(const mj::Value& v) {
  Tensor t;
  t.dtype = v["dtype"].str();
  t.shape = v["shape"].ints();
  const std::string& h = v["hex"].str();
  t.bytes.resize(h.size() / 2 + 8);
  for (size_t i = 0; i + 1 < h.size(); i += 2) t.bytes[i / 2] = static_cast<unsigned char>(hex(h[i]) * 16 + hex(h[i + 1]));
  return t;
}

std::string same_bytes(const Bytes& got, const Bytes& want, size_t n, size_t width) {
  for (size_t i = 0; i < n; ++i) {
    if (got[i] != want[i]) return "element " + std::to_string(i / width) + " differs (byte " + std::to_string(i) + ")";
  }
  return "";
}

int64_t View::at(const std::vector<int64_t>& index) const {
  int64_t o = offset;
  for (size_t k = 0; k < index.size(); ++k) o += index[k] * strides[k];
  return o;
}

View random_view(th::Rng& rng, const Shape& shape) {
  const size_t r = shape.size();
  std::vector<size_t> order(r);
  std::iota(order.begin(), order.end(), size_t{0});
  for (size_t i = r; i > 1; --i) std::swap(order[i - 1], order[static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(i) - 1))]);
  View v;
  v.strides.assign(r, 0);
  // Storage dims padded by 0 to 2, laid out in `order` (last = innermost).
  int64_t step = rng.uniform(1, 2);
  for (size_t j = r; j-- > 0;) {
    const size_t k = order[j];
    v.strides[k] = step;
    step *= shape[k] + rng.uniform(0, 2);
  }
  v.span = step + 4;
  v.offset = rng.uniform(0, 3);
  for (size_t k = 0; k < r; ++k) {
    if (shape[k] > 1 && rng.chance(25)) {
      v.offset += (shape[k] - 1) * v.strides[k];
      v.strides[k] = -v.strides[k];
    }
  }
  return v;
}

std::vector<int64_t> unflatten(int64_t pos, const Shape& shape) {
  std::vector<int64_t> index(shape.size());
  for (size_t k = shape.size(); k-- > 0;) {
    index[k] = shape[k] == 0 ? 0 : pos % shape[k];
    pos = shape[k] == 0 ? 0 : pos / shape[k];
  }
  return index;
}

Bytes random_elements(th::Rng& rng, DType dtype, int64_t count) {
  const size_t w = tensor_ops::dtype_bytes(dtype);
  Bytes b(static_cast<size_t>(count) * w + 8);
  for (int64_t i = 0; i < count; ++i) {
    unsigned char* p = b.data() + static_cast<size_t>(i) * w;
    uint64_t bits = 0;
    if (dtype == DType::Bool) {
      bits = static_cast<uint64_t>(rng.uniform(0, 1));
    } else if (dtype == DType::Float32 || dtype == DType::Float64 || dtype == DType::Float16 ||
               dtype == DType::Bfloat16) {
      static const double pool[] = {0.0, -0.0, 1.0, -1.0, 2.5, 3.0, -7.0, INFINITY, -INFINITY, NAN};
      const double v = rng.chance(50) ? pool[rng.uniform(0, 9)] : static_cast<double>(rng.uniform(-40, 40)) / 4;
      if (dtype == DType::Float64) {
        std::memcpy(&bits, &v, 8);
      } else {
        const float f = static_cast<float>(v);
        uint32_t u;
        std::memcpy(&u, &f, 4);
        if (dtype == DType::Float32) {
          bits = u;
        } else if (dtype == DType::Bfloat16) {
          bits = u >> 16;  // exact: these values have no low bits
        } else {
          // float16 of a value with few bits: sign, exponent rebased, mantissa.
          const uint32_t sign = (u >> 16) & 0x8000u;
          const uint32_t a = u & 0x7FFFFFFFu;
          if (a == 0) bits = sign;
          else if (a == 0x7F800000u) bits = sign | 0x7C00u;
          else if (a > 0x7F800000u) bits = sign | 0x7E00u;
          else bits = sign | (((a >> 23) - 112) << 10) | ((a >> 13) & 0x3FFu);
        }
      }
    } else {
      // Integers: extremes, small values with ties, anything.
      const int pick = static_cast<int>(rng.uniform(0, 9));
      bits = pick == 0 ? ~uint64_t{0} : pick == 1 ? uint64_t{1} << (8 * w - 1) : pick == 2 ? (uint64_t{1} << (8 * w - 1)) - 1
             : pick < 7 ? static_cast<uint64_t>(rng.uniform(-3, 3)) : static_cast<uint64_t>(rng.engine());
    }
    for (size_t k = 0; k < w; ++k) p[k] = static_cast<unsigned char>(bits >> (8 * k));
  }
  return b;
}

double value_of(DType dtype, const unsigned char* p) {
  uint64_t bits = 0;
  const size_t w = tensor_ops::dtype_bytes(dtype);
  for (size_t k = 0; k < w; ++k) bits |= static_cast<uint64_t>(p[k]) << (8 * k);
  const bool neg = (bits >> (8 * w - 1)) & 1;
  switch (dtype) {
    case DType::Int8: return static_cast<int8_t>(bits);
    case DType::Int16: return static_cast<int16_t>(bits);
    case DType::Int32: return static_cast<int32_t>(bits);
    case DType::Int64: return static_cast<double>(static_cast<int64_t>(bits));
    case DType::Uint8:
    case DType::Bool:
    case DType::Uint16:
    case DType::Uint32:
    case DType::Uint64: return static_cast<double>(bits);
    case DType::Float16: {
      const int e = static_cast<int>((bits >> 10) & 0x1F);
      const double m = static_cast<double>(bits & 0x3FF);
      double v = e == 0 ? std::ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : std::ldexp(1024 + m, e - 25);
      return neg ? -v : v;
    }
    case DType::Bfloat16: {
      const uint32_t u = static_cast<uint32_t>(bits) << 16;
      float f;
      std::memcpy(&f, &u, 4);
      return f;
    }
    case DType::Float32: {
      float f;
      const uint32_t u = static_cast<uint32_t>(bits);
      std::memcpy(&f, &u, 4);
      return f;
    }
    case DType::Float64: {
      double d;
      std::memcpy(&d, &bits, 8);
      return d;
    }
  }
  return 0;
}

bool is_nan(DType dtype, const unsigned char* p) { return std::isnan(value_of(dtype, p)); }

std::string same_with_threads(const std::function<void(tensor_ops::ThreadPool*, Bytes&)>& run, size_t bytes) {
  Bytes alone(bytes + 8, 0xA5), pooled(bytes + 8, 0x5A);
  run(nullptr, alone);
  tensor_ops::ThreadPool pool(3);
  tensor_ops::set_parallel_min_bytes(1);
  run(&pool, pooled);
  tensor_ops::set_parallel_min_bytes(tensor_ops::kParallelMinBytes);
  for (size_t i = 0; i < bytes; ++i) {
    if (alone[i] != pooled[i]) return "byte " + std::to_string(i) + " differs with threads";
  }
  return "";
}

}  // namespace sel
