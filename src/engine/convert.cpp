#include "engine/convert.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <string>

#include "engine/convert_kernels.hpp"
#include "engine/output_stream.hpp"

namespace tensor_ops {
namespace {

using convert::Storage;

std::atomic<int64_t> g_parallel_min_bytes{kParallelMinBytes};

// ---- Picking a kernel for a pair of dtypes ----

// Calls F::template pick<D>() with the DType value of `d` as a template argument.
#define TENSOR_OPS_EACH_DTYPE(X) \
  X(Int8) X(Uint8) X(Bool) X(Int16) X(Uint16) X(Float16) X(Bfloat16) X(Int32) X(Uint32) X(Float32) X(Int64) \
  X(Uint64) X(Float64)

template <DType S, DType D>
ConvertBlockFn generic_for(bool affine) {
  using SS = Storage<S>;
  using DS = Storage<D>;
  if (!affine) return &convert::generic_block<SS, DS, 0>;
  return &convert::generic_block<SS, DS, convert::computes_in_float64(S, D) ? 2 : 1>;
}

// The vector loop of contiguous rows (else nullptr): bytes to and from
// bool; integers to integers of up to 32 bits (low bits); float64 <->
// float32; and the pairs whose conversion is exactly "to float32, then
// from float32".
template <DType S, DType D>
ConvertBlockFn contiguous_for(bool affine) {
  using SS = Storage<S>;
  using DS = Storage<D>;
  if constexpr (sizeof(SS) == 1 && sizeof(DS) == 1 && (S == DType::Bool || D == DType::Bool) && S != D) {
    if (!affine) return &convert::bool_bytes_block;  // bytes to 0 and 1, no floats between
  }
  if constexpr (convert::kWidePair<SS, DS>) {
    if (!affine) return &convert::wide_block<SS, DS>;  // float64 <-> float32
  }
  if constexpr (std::is_integral_v<SS> && std::is_integral_v<DS> && sizeof(DS) <= 4) {
    if (!affine) return &convert::int_bits_block<SS, DS>;  // low bits, by lanes
  }
  if constexpr (convert::kVectorType<SS> && convert::kVectorType<DS>) {
    if (affine) {
      if constexpr (!convert::computes_in_float64(S, D)) return &convert::contiguous_block<SS, DS, true>;
      return nullptr;
    }
    // (Integer pairs took int_bits_block above: low bits, not values.)
    constexpr bool rounded_source = std::is_same_v<SS, int32_t> && !std::is_same_v<DS, float>;  // two roundings
    if constexpr (S != D && !rounded_source) return &convert::contiguous_block<SS, DS, false>;
  }
  (void)affine;
  return nullptr;
}

// uint8 interleaved pixels to planes, for float targets.
template <DType D>
ConvertBlockFn deinterleave_for(int k, bool affine) {
  using DS = Storage<D>;
  if constexpr (D == DType::Float32 || D == DType::Float16 || D == DType::Bfloat16) {
    if (k == 3) return affine ? &convert::deinterleave_block<DS, 3, true> : &convert::deinterleave_block<DS, 3, false>;
    if (k == 4) return affine ? &convert::deinterleave_block<DS, 4, true> : &convert::deinterleave_block<DS, 4, false>;
  }
  (void)k;
  (void)affine;
  return nullptr;
}

// uint8 pixels, channels last, one coefficient per channel, for float targets.
ConvertBlockFn pick_periodic(DType s, DType d) {
  if (s != DType::Uint8) return nullptr;
  switch (d) {
    case DType::Float32: return &convert::periodic_block<Storage<DType::Float32>>;
    case DType::Float16: return &convert::periodic_block<Storage<DType::Float16>>;
    case DType::Bfloat16: return &convert::periodic_block<Storage<DType::Bfloat16>>;
    default: return nullptr;
  }
}

enum class Pick { Generic, Contiguous };

template <DType S>
ConvertBlockFn pick_for_source(DType d, Pick pick, bool affine) {
  switch (d) {
#define TENSOR_OPS_CASE(name)                                                                          \
  case DType::name:                                                                                    \
    return pick == Pick::Generic ? generic_for<S, DType::name>(affine) : contiguous_for<S, DType::name>(affine);
    TENSOR_OPS_EACH_DTYPE(TENSOR_OPS_CASE)
#undef TENSOR_OPS_CASE
  }
  return nullptr;
}

ConvertBlockFn pick_kernel(DType s, DType d, Pick pick, bool affine) {
  switch (s) {
#define TENSOR_OPS_CASE(name) \
  case DType::name:           \
    return pick_for_source<DType::name>(d, pick, affine);
    TENSOR_OPS_EACH_DTYPE(TENSOR_OPS_CASE)
#undef TENSOR_OPS_CASE
  }
  return nullptr;
}

ConvertBlockFn pick_deinterleave(DType s, DType d, int k, bool affine) {
  if (s != DType::Uint8) return nullptr;
  switch (d) {
    case DType::Float32: return deinterleave_for<DType::Float32>(k, affine);
    case DType::Float16: return deinterleave_for<DType::Float16>(k, affine);
    case DType::Bfloat16: return deinterleave_for<DType::Bfloat16>(k, affine);
    default: return nullptr;
  }
}

#undef TENSOR_OPS_EACH_DTYPE

// ---- Loops ----

int64_t magnitude(int64_t v) { return v < 0 ? -v : v; }

// Unit dims dropped, ordered by destination stride (largest first: writes
// stream), neighbours contiguous on both sides merged (never the channel dim).
std::vector<ConvertDim> normalize_dims(const ConvertCopy& c, bool per_channel) {
  std::vector<ConvertDim> dims;
  for (size_t k = 0; k < c.dims.size(); ++k) {
    if (c.dims[k] == 1) continue;
    const int64_t cs = per_channel && static_cast<int>(k) == c.channel_dim ? 1 : 0;
    dims.push_back({c.dims[k], c.src_strides[k], c.dst_strides[k], cs});
  }
  std::stable_sort(dims.begin(), dims.end(), [](const ConvertDim& a, const ConvertDim& b) {
    return magnitude(a.dst_stride) > magnitude(b.dst_stride);
  });
  std::vector<ConvertDim> merged;
  for (const ConvertDim& d : dims) {
    if (!merged.empty()) {
      ConvertDim& m = merged.back();
      if (m.coef_stride == 0 && d.coef_stride == 0 && m.src_stride == d.src_stride * d.n &&
          m.dst_stride == d.dst_stride * d.n) {
        m.n *= d.n;
        m.src_stride = d.src_stride;
        m.dst_stride = d.dst_stride;
        continue;
      }
    }
    merged.push_back(d);
  }
  return merged;
}

// Coefficients: one per channel when either list has several, else one.
void fill_coefficients(const ConvertCopy& c, PreparedConvert& p) {
  size_t n = 1;
  if (c.scale.size() > 1) n = c.scale.size();
  if (c.bias.size() > 1) n = c.bias.size();
  p.scale64.assign(n, 1.0);
  p.bias64.assign(n, 0.0);
  for (size_t i = 0; i < n; ++i) {
    if (!c.scale.empty()) p.scale64[i] = c.scale.size() == 1 ? c.scale[0] : c.scale[i];
    if (!c.bias.empty()) p.bias64[i] = c.bias.size() == 1 ? c.bias[0] : c.bias[i];
  }
  p.scale32.assign(p.scale64.begin(), p.scale64.end());  // rounded to nearest (float32 computing)
  p.bias32.assign(p.bias64.begin(), p.bias64.end());
}

// A piece: rows [row_begin, row_end) of the outer dims, positions
// [pos_begin, pos_end) of the inner dim of each, and of the second dim
// positions [sec_begin, sec_end) (-1: to its end).
void run_piece(const PreparedConvert& p, const unsigned char* src, unsigned char* dst, int64_t row_begin,
               int64_t row_end, int64_t pos_begin, int64_t pos_end, int64_t sec_begin = 0,
               int64_t sec_end = -1) noexcept {
  const int rank = static_cast<int>(p.dims.size());
  const int outer = rank - 2;
  const ConvertDim& second = p.dims[rank - 2];
  const ConvertDim& inner = p.dims[rank - 1];
  const int64_t sw = static_cast<int64_t>(dtype_bytes(p.src_type));
  const int64_t dw = static_cast<int64_t>(dtype_bytes(p.dst_type));
  int64_t s_pos = p.src_offset + pos_begin * inner.src_stride + sec_begin * second.src_stride;
  int64_t d_pos = p.dst_offset + pos_begin * inner.dst_stride + sec_begin * second.dst_stride;
  int64_t c_pos = pos_begin * inner.coef_stride + sec_begin * second.coef_stride;
  int64_t index[kMaxLoopRank];
  int64_t rest = row_begin;
  for (int k = outer - 1; k >= 0; --k) {
    index[k] = rest % p.dims[k].n;
    rest /= p.dims[k].n;
    s_pos += index[k] * p.dims[k].src_stride;
    d_pos += index[k] * p.dims[k].dst_stride;
    c_pos += index[k] * p.dims[k].coef_stride;
  }
  ConvertBlock b{};
  b.n0 = pos_end - pos_begin;
  b.ss0 = inner.src_stride;
  b.ds0 = inner.dst_stride;
  b.n1 = (sec_end < 0 ? second.n : sec_end) - sec_begin;
  b.ss1 = second.src_stride;
  b.ds1 = second.dst_stride;
  b.c0 = inner.coef_stride;
  b.c1 = second.coef_stride;
  b.nearest = p.nearest;
  b.period = p.period;
  b.phase = p.period != 0 ? pos_begin % p.period : 0;
  for (int64_t row = row_begin; row < row_end; ++row) {
    b.s = src + s_pos * sw;
    b.d = dst + d_pos * dw;
    if (p.affine) {
      b.scale32 = p.scale32.data() + c_pos;
      b.bias32 = p.bias32.data() + c_pos;
      b.scale64 = p.scale64.data() + c_pos;
      b.bias64 = p.bias64.data() + c_pos;
    }
    p.block(b);
    for (int k = outer - 1; k >= 0; --k) {
      s_pos += p.dims[k].src_stride;
      d_pos += p.dims[k].dst_stride;
      c_pos += p.dims[k].coef_stride;
      if (++index[k] < p.dims[k].n) break;
      s_pos -= p.dims[k].src_stride * p.dims[k].n;
      d_pos -= p.dims[k].dst_stride * p.dims[k].n;
      c_pos -= p.dims[k].coef_stride * p.dims[k].n;
      index[k] = 0;
    }
  }
}

}  // namespace

bool convert_computes_in_float64(DType src, DType dst) noexcept { return convert::computes_in_float64(src, dst); }

void set_convert_parallel_min_bytes(int64_t bytes) noexcept {
  g_parallel_min_bytes.store(bytes, std::memory_order_relaxed);
}

Status check_convert(const char* op, const ConvertCopy& c) {
  auto bad = [&](const std::string& what) { return Status(ErrorCode::InvalidArgument, std::string(op) + ": " + what); };
  const size_t rank = c.dims.size();
  if (c.src_strides.size() != rank || c.dst_strides.size() != rank) {
    return bad("the stride lists must have one value per dim");
  }
  if (rank > static_cast<size_t>(kMaxLoopRank)) return bad("rank " + std::to_string(rank) + " is too large");
  for (int64_t n : c.dims) {
    if (n < 0) return bad("dim " + std::to_string(n) + " is negative");
  }
  if (!is_dtype_code(static_cast<int>(c.src_type)) || !is_dtype_code(static_cast<int>(c.dst_type))) {
    return bad("unknown dtype");
  }
  if (c.rounding != Rounding::Auto && c.rounding != Rounding::Truncate && c.rounding != Rounding::Nearest) {
    return bad("unknown rounding");
  }
  for (const std::vector<double>* list : {&c.scale, &c.bias}) {
    const char* name = list == &c.scale ? "scale" : "bias";
    if (list->size() <= 1) continue;
    if (c.channel_dim < 0 || static_cast<size_t>(c.channel_dim) >= rank) {
      return bad(std::string(name) + " has several values but channel_dim " + std::to_string(c.channel_dim) +
                 " is not a dim");
    }
    if (static_cast<int64_t>(list->size()) != c.dims[static_cast<size_t>(c.channel_dim)]) {
      return bad(std::string(name) + " has " + std::to_string(list->size()) + " values for a dim of " +
                 std::to_string(c.dims[static_cast<size_t>(c.channel_dim)]));
    }
  }
  return Status();
}

PreparedConvert prepare_convert(const ConvertCopy& c, bool fast_paths) {
  PreparedConvert p;
  p.src_type = c.src_type;
  p.dst_type = c.dst_type;
  p.affine = c.affine();
  p.nearest = c.rounding == Rounding::Nearest || (c.rounding == Rounding::Auto && p.affine);
  p.src_offset = c.src_offset;
  p.dst_offset = c.dst_offset;
  p.elements = 1;
  for (int64_t n : c.dims) p.elements *= n;
  if (p.elements == 0) return p;  // Empty

  const size_t sw = dtype_bytes(c.src_type), dw = dtype_bytes(c.dst_type);
  const bool same_bits =
      c.src_type == c.dst_type || (is_integer(c.src_type) && is_integer(c.dst_type) && sw == dw);
  if (fast_paths && !p.affine && same_bits) {
    CopyPlan plan;
    plan.output_shape = c.dims;
    plan.elem_size = sw;
    StridedCopy copy;
    copy.dims = c.dims;
    copy.src_strides = c.src_strides;
    copy.dst_strides = c.dst_strides;
    copy.src_offset = c.src_offset;
    copy.dst_offset = c.dst_offset;
    plan.copies.push_back(std::move(copy));
    p.copy = prepare_plan(std::move(plan));
    p.kernel = ConvertKernel::Copy;
    return p;
  }

  const bool per_channel = c.scale.size() > 1 || c.bias.size() > 1;
  if (p.affine) fill_coefficients(c, p);
  p.dims = normalize_dims(c, per_channel);

  // Pixels to planes: the inner dim reads every k-th byte and another dim
  // (at most k long) reads the bytes between: that one goes second.
  ConvertBlockFn deinterleave = nullptr;
  if (fast_paths && !p.dims.empty()) {
    const ConvertDim inner = p.dims.back();
    const int64_t k = inner.src_stride;
    if ((k == 3 || k == 4) && inner.dst_stride == 1 && inner.coef_stride == 0) {
      // (None: one channel, its unit dim dropped; it comes back as the second.)
      size_t j = 0;
      while (j + 1 < p.dims.size() && !(p.dims[j].src_stride == 1 && p.dims[j].n <= k)) ++j;
      deinterleave = pick_deinterleave(c.src_type, c.dst_type, static_cast<int>(k), p.affine);
      if (deinterleave) {
        const ConvertDim channels = j + 1 < p.dims.size() ? p.dims[j] : ConvertDim{1, 1, 0, 0};
        if (j + 1 < p.dims.size()) p.dims.erase(p.dims.begin() + static_cast<std::ptrdiff_t>(j));
        p.dims.insert(p.dims.end() - 1, channels);
      }
    }
  }
  while (p.dims.size() < 2) p.dims.insert(p.dims.begin(), ConvertDim{1, 0, 0, 0});

  // Pixels of 2 to 4 channels, dense on both sides, one coefficient per
  // channel (channels last, mean and std): the pixels' elements become the
  // inner dim, their coefficients repeating (a 640 x 640 RGBA frame to
  // float32 NHWC with mean and std: 3.0-4.0 -> 1.25-1.34 ms in all).
  if (fast_paths && !deinterleave && p.affine) {
    const ConvertDim in = p.dims.back();
    ConvertDim& px = p.dims[p.dims.size() - 2];
    const int64_t k = in.n;
    const ConvertBlockFn periodic = pick_periodic(c.src_type, c.dst_type);
    if (periodic && k >= 2 && k <= 4 && in.src_stride == 1 && in.dst_stride == 1 && in.coef_stride == 1 &&
        px.src_stride == k && px.dst_stride == k && px.coef_stride == 0) {
      px.n *= k;
      px.src_stride = 1;
      px.dst_stride = 1;
      p.dims.pop_back();
      while (p.dims.size() < 2) p.dims.insert(p.dims.begin(), ConvertDim{1, 0, 0, 0});
      p.period = k;
      p.block = periodic;
      p.kernel = ConvertKernel::Periodic;
      return p;
    }
  }

  const ConvertDim& inner = p.dims.back();
  ConvertBlockFn contiguous = nullptr;
  if (fast_paths && !deinterleave && inner.src_stride == 1 && inner.dst_stride == 1 && inner.coef_stride == 0) {
    contiguous = pick_kernel(c.src_type, c.dst_type, Pick::Contiguous, p.affine);
  }
  if (deinterleave) {
    p.block = deinterleave;
    p.kernel = ConvertKernel::Deinterleave;
  } else if (contiguous) {
    p.block = contiguous;
    p.kernel = ConvertKernel::Contiguous;
  } else {
    p.block = pick_kernel(c.src_type, c.dst_type, Pick::Generic, p.affine);
    p.kernel = ConvertKernel::Generic;
  }
  return p;
}

namespace {

// Whether the output's outer dims (all but the inner two) lay rows out one
// after another, `row` elements apart, from element 0 on.
bool rows_follow(const PreparedConvert& p, int64_t row) noexcept {
  if (p.dst_offset != 0) return false;
  for (int k = static_cast<int>(p.dims.size()) - 3; k >= 0; --k) {
    if (p.dims[k].n != 1 && p.dims[k].dst_stride != row) return false;
    row *= p.dims[k].n;
  }
  return true;
}

// The conversion in bands of rows, each band's output handed to `stream` as
// soon as it is made (see output_stream.hpp). A band's output must be a few
// runs of known bytes: whole rows one after another (channels last), or per
// channel rows one after another in planes back to back (planar output).
// Returns false, having done nothing, for any other layout.
bool run_streamed_convert(const PreparedConvert& p, const unsigned char* s, unsigned char* d, int64_t rows,
                          ThreadPool* pool, OutputStream& stream) noexcept {
  const int rank = static_cast<int>(p.dims.size());
  const ConvertDim& second = p.dims[rank - 2];
  const ConvertDim& inner = p.dims[rank - 1];
  const int64_t n0 = inner.n, n1 = second.n;
  const int64_t dw = static_cast<int64_t>(dtype_bytes(p.dst_type));
  if (inner.dst_stride != 1 || rows * n1 * n0 * dw != stream.bytes) return false;
  const int64_t wanted = stream_bands(stream.bytes);
  // A band is a range [a0, a1) of one dim: the outer rows, or in one dense
  // block (the outer dims merged away) the second dim's rows, or with few of
  // those (whole planes) the inner positions. Its output is `runs` runs:
  // run c from element c * apart + a0 * unit, (a1 - a0) * unit long.
  enum class Split { Rows, Second, Positions } split;
  int64_t extent, runs, apart, unit;
  if (rows == 1) {
    if (p.dst_offset != 0 || (n1 > 1 && second.dst_stride != n0)) return false;
    if (n1 >= wanted) {
      split = Split::Second, extent = n1, runs = 1, apart = 0, unit = n0;
    } else {
      split = Split::Positions, extent = n0, runs = n1, apart = n0, unit = 1;
    }
  } else if (second.dst_stride == n0 && rows_follow(p, n0 * n1)) {
    split = Split::Rows, extent = rows, runs = 1, apart = 0, unit = n0 * n1;  // whole rows one after another
  } else if (n1 <= 4 && second.dst_stride == rows * n0 && rows_follow(p, n0)) {
    split = Split::Rows, extent = rows, runs = n1, apart = rows * n0, unit = n0;  // planes
  } else {
    return false;
  }
  const int64_t bands = std::min(wanted, extent);
  if (bands < 2) return false;
  auto make = [&](int64_t b) {
    const int64_t a0 = extent * b / bands, a1 = extent * (b + 1) / bands;
    if (split == Split::Rows) run_piece(p, s, d, a0, a1, 0, n0);
    else if (split == Split::Second) run_piece(p, s, d, 0, 1, 0, n0, a0, a1);
    else run_piece(p, s, d, 0, 1, a0, a1);
  };
  auto hand_out = [&](int64_t b) {
    const int64_t a0 = extent * b / bands, a1 = extent * (b + 1) / bands;
    for (int64_t c = 0; c < runs; ++c) stream.take(stream.context, (c * apart + a0 * unit) * dw, (a1 - a0) * unit * dw);
  };
  run_streamed(pool, bands, make, hand_out, stream);
  return true;
}

}  // namespace

void execute_convert(const PreparedConvert& p, const void* src, void* dst, ThreadPool* pool) noexcept {
  if (p.kernel == ConvertKernel::Empty) return;
  if (p.kernel == ConvertKernel::Copy) {
    const void* sources[] = {src};
    execute(p.copy, sources, dst, pool);
    return;
  }
  const auto* s = static_cast<const unsigned char*>(src);
  auto* d = static_cast<unsigned char*>(dst);
  const int rank = static_cast<int>(p.dims.size());
  int64_t rows = 1;
  for (int k = 0; k < rank - 2; ++k) rows *= p.dims[k].n;
  const int64_t n0 = p.dims[rank - 1].n;
  const int64_t bytes =
      p.elements * static_cast<int64_t>(std::max(dtype_bytes(p.src_type), dtype_bytes(p.dst_type)));
  const int threads = pool ? pool->threads() : 1;
  if (threads == 1 || bytes < g_parallel_min_bytes.load(std::memory_order_relaxed)) {
    run_piece(p, s, d, 0, rows, 0, n0);
    return;
  }
  if (OutputStream* stream = output_stream(); stream != nullptr && stream->base == d) {
    if (run_streamed_convert(p, s, d, rows, pool, *stream)) return;
  }
  // About four pieces per thread (so faster threads take more), none tiny;
  // with few rows, each row's inner positions are split too.
  constexpr int64_t kMinPieceBytes = 64 * 1024;
  const int64_t wanted = std::max<int64_t>(1, std::min<int64_t>(4 * threads, bytes / kMinPieceBytes));
  if (rows >= wanted) {
    auto piece = [&](int64_t i) { run_piece(p, s, d, rows * i / wanted, rows * (i + 1) / wanted, 0, n0); };
    pool->for_each(wanted, piece);
  } else {
    const int64_t splits = std::max<int64_t>(1, std::min<int64_t>(n0, (wanted + rows - 1) / rows));
    auto piece = [&](int64_t i) {
      const int64_t row = i / splits, part = i % splits;
      run_piece(p, s, d, row, row + 1, n0 * part / splits, n0 * (part + 1) / splits);
    };
    pool->for_each(rows * splits, piece);
  }
}

void execute_convert(const ConvertCopy& copy, const void* src, void* dst, ThreadPool* pool) {
  execute_convert(prepare_convert(copy), src, dst, pool);
}

}  // namespace tensor_ops
