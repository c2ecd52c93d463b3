#include "engine/resample.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "engine/resample_box.hpp"
#include "engine/resample_image.hpp"

namespace tensor_ops {
namespace {

using convert::Storage;

// Nearest (and a resize that changes nothing): each output element is the
// input element at the per-dim offsets, its bits copied.
template <typename E>
void gather_elements(const PreparedResample& p, const E* src, E* dst, ThreadPool* pool) noexcept {
  const size_t r = p.output.size();
  if (r == 0) {  // a scalar, or only dims of 1
    dst[0] = src[0];
    return;
  }
  const int64_t last = p.output[r - 1];
  const int64_t* inner = p.gather[r - 1].data();
  int64_t rows = 1;
  for (size_t k = 0; k + 1 < r; ++k) rows *= p.output[k];
  if (last == 0 || rows == 0) return;
  split_work(rows, rows * last * static_cast<int64_t>(sizeof(E)), pool, [&](int64_t begin, int64_t end) {
    int64_t index[64] = {0};
    int64_t pos = begin;
    for (size_t k = r - 1; k-- > 0;) {  // the row's multi-index
      index[k] = pos % p.output[k];
      pos /= p.output[k];
    }
    for (int64_t row = begin; row < end; ++row) {
      int64_t base = 0;
      for (size_t k = 0; k + 1 < r; ++k) base += p.gather[k][static_cast<size_t>(index[k])];
      E* d = dst + row * last;
      for (int64_t j = 0; j < last; ++j) d[j] = src[base + inner[j]];
      for (size_t k = r - 1; k-- > 0;) {
        if (++index[k] < p.output[k]) break;
        index[k] = 0;
      }
    }
  });
}

template <typename S, typename F>
void run_typed(const PreparedResample& p, const S* src, S* dst, ThreadPool* pool) noexcept {
  if constexpr (std::is_same_v<S, uint8_t> && std::is_same_v<F, float>) {
    if (p.box) {
      resample::image_box(p, src, dst, pool);
      return;
    }
  }
  F* between = reinterpret_cast<F*>(p.scratch.get());
  if (p.fused == PreparedResample::Fused::HFirst) {
    resample::image_h_first<S, S, F>(p, src, dst, between, pool);
    return;
  }
  if (p.fused == PreparedResample::Fused::WFirst) {
    resample::image_w_first<S, S, F>(p, src, dst, between, pool);
    return;
  }
  // Pass by pass: x -> A -> B -> A ... -> dst.
  Shape dims = p.input;
  const size_t n = p.passes.size();
  F* buffers[2] = {between, between + p.between_elems};
  const F* in = nullptr;
  for (size_t k = 0; k < n; ++k) {
    const ResamplePass& pass = p.passes[k];
    const bool last = k + 1 == n;
    F* out = last ? nullptr : buffers[k % 2];
    if (k == 0) {
      if (last) resample::axis_pass<S, S, F>(pass, src, dims, p.src_strides, dst, pool);
      else resample::axis_pass<S, F, F>(pass, src, dims, p.src_strides, out, pool);
    } else {
      const std::vector<int64_t> strides = row_major_strides(dims);
      if (last) resample::axis_pass<F, S, F>(pass, in, dims, strides, dst, pool);
      else resample::axis_pass<F, F, F>(pass, in, dims, strides, out, pool);
    }
    dims[static_cast<size_t>(pass.axis)] = pass.out_len;
    in = out;
  }
}

template <typename S>
void run_storage(const PreparedResample& p, const void* src, void* dst, ThreadPool* pool) noexcept {
  if (p.wide) run_typed<S, double>(p, static_cast<const S*>(src), static_cast<S*>(dst), pool);
  else run_typed<S, float>(p, static_cast<const S*>(src), static_cast<S*>(dst), pool);
}

}  // namespace

namespace resample {

bool box_halving(const ResamplePass& p) noexcept {
  if (p.taps != 2) return false;
  for (int64_t j = 0; j < p.out_len; ++j) {
    const size_t t = static_cast<size_t>(2 * j);
    if (p.index[t] != 2 * j || p.index[t + 1] != 2 * j + 1) return false;
    if (p.weight32[t] != 0.5f || p.weight32[t + 1] != 0.5f) return false;
  }
  return true;
}

}  // namespace resample

std::vector<int> resample_order(const std::vector<AxisTaps>& axes) {
  std::vector<int> order;
  for (size_t k = 0; k < axes.size(); ++k) {
    if (!axes[k].identity()) order.push_back(static_cast<int>(k));
  }
  // out/in ascending (as doubles: the products of dims may overflow int64);
  // ties: the lower axis first when they shrink, else the higher one.
  auto ratio = [&](int a) {
    const AxisTaps& t = axes[static_cast<size_t>(a)];
    return static_cast<double>(t.out_len) / static_cast<double>(t.in_len);
  };
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    const double ra = ratio(a), rb = ratio(b);
    if (ra != rb) return ra < rb;
    return ra < 1 ? a < b : a > b;
  });
  return order;
}

bool prepare_resample(DType dtype, const Shape& input, const std::vector<int64_t>& src_strides,
                      const std::vector<AxisTaps>& axes, bool nearest, PreparedResample* out) {
  PreparedResample p;
  p.dtype = dtype;
  p.wide = convert::computes_in_float64(dtype);
  // Dims of 1 that stay 1 are dropped: they change no offset.
  std::vector<AxisTaps> kept;
  for (size_t k = 0; k < input.size(); ++k) {
    if (input[k] == 1 && axes[k].out_len == 1) continue;
    p.input.push_back(input[k]);
    p.src_strides.push_back(src_strides[k]);
    p.output.push_back(axes[k].out_len);
    kept.push_back(axes[k]);
  }
  if (p.input.size() > 64) return false;  // cannot hold data: each dim left is >= 2 on one side
  const std::vector<int> order = resample_order(kept);
  p.nearest = nearest || order.empty();
  if (p.nearest) {
    for (size_t k = 0; k < kept.size(); ++k) {
      // Nearest has one tap per output index; an identity axis reads index j.
      std::vector<int64_t> offsets(static_cast<size_t>(kept[k].out_len));
      for (size_t j = 0; j < offsets.size(); ++j) {
        offsets[j] = (nearest ? kept[k].index[j] : static_cast<int64_t>(j)) * p.src_strides[k];
      }
      p.gather.push_back(std::move(offsets));
    }
    *out = std::move(p);
    return true;
  }
  for (int a : order) {
    const AxisTaps& t = kept[static_cast<size_t>(a)];
    ResamplePass pass;
    pass.axis = a;
    pass.out_len = t.out_len;
    pass.taps = t.taps;
    pass.index = t.index;
    pass.weight64 = t.weight;
    pass.weight32.assign(t.weight.begin(), t.weight.end());
    p.passes.push_back(std::move(pass));
  }
  const size_t rank = p.input.size();
  const size_t elem = p.wide ? sizeof(double) : sizeof(float);
  int64_t room = 0;
  if (p.passes.size() == 2) {
    const int a = p.passes[0].axis, b = p.passes[1].axis;
    const size_t h = static_cast<size_t>(std::min(a, b));
    if (std::max(a, b) == std::min(a, b) + 1 && h + 3 >= rank) {
      const int64_t channels = h + 2 < rank ? p.input[h + 2] : 1;
      const int64_t w_in = p.input[h + 1], w_out = (a > b ? p.passes[0] : p.passes[1]).out_len;
      const int h_taps = (a < b ? p.passes[0] : p.passes[1]).taps;
      if (a < b) {
        p.fused = PreparedResample::Fused::HFirst;
        p.row_elems = (w_in + w_out) * channels;  // an input row, then an output row
        const bool dense = p.src_strides[h + 1] == channels && (h + 2 == rank || p.src_strides[h + 2] == 1);
        p.box = dtype == DType::Uint8 && dense && resample::box_halving(p.passes[0]) &&
                resample::box_halving(p.passes[1]);
      } else if (h_taps <= kMaxImageTaps) {
        p.fused = PreparedResample::Fused::WFirst;
        p.row_elems = (h_taps + 2) * w_out * channels;  // the slots, then an output row
      }
      if (!p.box) room = p.row_elems * kResamplePieces;  // the box kernel needs no rows
    }
  }
  if (p.fused == PreparedResample::Fused::No && p.passes.size() > 1) {
    Shape dims = p.input;
    for (size_t k = 0; k + 1 < p.passes.size(); ++k) {
      dims[static_cast<size_t>(p.passes[k].axis)] = p.passes[k].out_len;
      int64_t v = 1;
      for (int64_t d : dims) v *= d;
      p.between_elems = std::max(p.between_elems, v);
    }
    room = p.between_elems * (p.passes.size() > 2 ? 2 : 1);
  }
  if (room > 0) {
    void* block = std::malloc(static_cast<size_t>(room) * elem);
    if (block == nullptr) return false;
    p.scratch = std::shared_ptr<unsigned char>(static_cast<unsigned char*>(block), std::free);
  }
  *out = std::move(p);
  return true;
}

void run_resample(const PreparedResample& p, const void* src, void* dst, ThreadPool* pool) noexcept {
  int64_t volume = 1;
  for (int64_t d : p.output) volume *= d;
  if (volume == 0) return;
  if (p.nearest) {
    switch (dtype_bytes(p.dtype)) {
      case 1: gather_elements(p, static_cast<const uint8_t*>(src), static_cast<uint8_t*>(dst), pool); break;
      case 2: gather_elements(p, static_cast<const uint16_t*>(src), static_cast<uint16_t*>(dst), pool); break;
      case 4: gather_elements(p, static_cast<const uint32_t*>(src), static_cast<uint32_t*>(dst), pool); break;
      default: gather_elements(p, static_cast<const uint64_t*>(src), static_cast<uint64_t*>(dst), pool); break;
    }
    return;
  }
  switch (p.dtype) {
    case DType::Int8: run_storage<int8_t>(p, src, dst, pool); break;
    case DType::Uint8: run_storage<uint8_t>(p, src, dst, pool); break;
    case DType::Int16: run_storage<int16_t>(p, src, dst, pool); break;
    case DType::Uint16: run_storage<uint16_t>(p, src, dst, pool); break;
    case DType::Float16: run_storage<convert::Half>(p, src, dst, pool); break;
    case DType::Bfloat16: run_storage<convert::Bf16>(p, src, dst, pool); break;
    case DType::Int32: run_storage<int32_t>(p, src, dst, pool); break;
    case DType::Uint32: run_storage<uint32_t>(p, src, dst, pool); break;
    case DType::Float32: run_storage<float>(p, src, dst, pool); break;
    case DType::Int64: run_storage<int64_t>(p, src, dst, pool); break;
    case DType::Uint64: run_storage<uint64_t>(p, src, dst, pool); break;
    case DType::Float64: run_storage<double>(p, src, dst, pool); break;
    case DType::Bool: break;  // refused by resize's rules
  }
}

}  // namespace tensor_ops
