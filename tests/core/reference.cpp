#include "reference.hpp"

#include <algorithm>
#include <cstddef>

namespace ref {
namespace {

constexpr int64_t kMaxDim = int64_t{1} << 53;

bool valid_shape(const Shape& s) {
  for (int64_t d : s) {
    if (d < 0 || d > kMaxDim) return false;
  }
  return true;
}

int64_t flat(const Shape& shape, const Ints& idx) {
  int64_t f = 0;
  for (size_t i = 0; i < shape.size(); ++i) f = f * shape[i] + idx[i];
  return f;
}

// Visits every multi-index of `shape` in row-major order.
template <class F>
void for_each_index(const Shape& shape, F&& visit) {
  if (volume(shape) == 0) return;
  Ints idx(shape.size(), 0);
  for (;;) {
    visit(idx);
    size_t k = shape.size();
    while (k > 0) {
      --k;
      if (++idx[k] < shape[k]) break;
      idx[k] = 0;
      if (k == 0) return;
    }
    if (shape.empty()) return;
  }
}

int64_t ipow(int64_t b, size_t k) {
  int64_t r = 1;
  for (size_t i = 0; i < k; ++i) r *= b;
  return r;
}

// A block-op tensor seen logically as (n, c, spatial[K]), whatever its layout.
struct Logical {
  int64_t n = 0, c = 0;
  Ints spatial;
};

// Logical dims of a tensor of `format` with physical `shape` (rank checked).
Logical logical_dims(const Shape& shape, DataFormat format) {
  Logical l;
  l.n = shape[0];
  if (format == DataFormat::NHWC) {
    l.spatial = {shape[1], shape[2]};
    l.c = shape[3];
  } else if (format == DataFormat::NCHW) {
    l.c = shape[1];
    l.spatial.assign(shape.begin() + 2, shape.end());
  } else {
    l.c = shape[1] * 4;
    l.spatial = {shape[2], shape[3]};
  }
  return l;
}

Shape physical_shape(const Logical& l, DataFormat format) {
  if (format == DataFormat::NHWC) return {l.n, l.spatial[0], l.spatial[1], l.c};
  if (format == DataFormat::NCHW) {
    Shape s = {l.n, l.c};
    s.insert(s.end(), l.spatial.begin(), l.spatial.end());
    return s;
  }
  return {l.n, l.c / 4, l.spatial[0], l.spatial[1], 4};
}

// Flat index of logical element (n, c, y[]) in a `format` tensor of `shape`.
int64_t physical_flat(const Shape& shape, DataFormat format, int64_t n, int64_t c,
                      const Ints& y) {
  if (format == DataFormat::NHWC) return flat(shape, {n, y[0], y[1], c});
  if (format == DataFormat::NCHW) {
    Ints idx = {n, c};
    idx.insert(idx.end(), y.begin(), y.end());
    return flat(shape, idx);
  }
  return flat(shape, {n, c / 4, y[0], y[1], c % 4});
}

bool valid_block_input(const Shape& in, int64_t b, DataFormat format) {
  if (!valid_shape(in) || b < 1) return false;
  if (format == DataFormat::NHWC) return in.size() == 4;
  if (format == DataFormat::NCHW) return in.size() >= 3;
  return in.size() == 5 && in[4] == 4;
}

// The space -> depth element correspondence: calls visit(space_flat,
// depth_flat) for every element of the space tensor.
template <class F>
void block_pairs(const Shape& space, const Shape& depth, int64_t b, DataFormat format,
                 BlockMode mode, F&& visit) {
  const Logical l = logical_dims(space, format);
  const size_t K = l.spatial.size();
  const int64_t bk = ipow(b, K);
  Shape logical = {l.n, l.c};
  logical.insert(logical.end(), l.spatial.begin(), l.spatial.end());
  for_each_index(logical, [&](const Ints& i) {
    const int64_t n = i[0], c = i[1];
    Ints y(i.begin() + 2, i.end()), oy(K);
    int64_t k = 0;  // block offset, numbered row-major
    for (size_t d = 0; d < K; ++d) {
      oy[d] = y[d] / b;
      k = k * b + y[d] % b;
    }
    const int64_t oc = mode == BlockMode::BlocksFirst ? k * l.c + c : c * bk + k;
    visit(physical_flat(space, format, n, c, y), physical_flat(depth, format, n, oc, oy));
  });
}

}  // namespace

int64_t volume(const Shape& shape) {
  int64_t v = 1;
  for (int64_t d : shape) v *= d;
  return v;
}

static Gather identity(const Shape& shape) {
  Gather g{shape, std::vector<int64_t>(static_cast<size_t>(volume(shape)))};
  for (size_t i = 0; i < g.from.size(); ++i) g.from[i] = static_cast<int64_t>(i);
  return g;
}

// squeeze: the listed axes (each of dim 1, none twice; negative from the
// end) or every axis of dim 1 dropped; the elements in order.
std::optional<Gather> squeeze(const Shape& in, const std::optional<Ints>& axes) {
  if (!valid_shape(in)) return std::nullopt;
  const int64_t rank = static_cast<int64_t>(in.size());
  std::vector<bool> drop(in.size(), false);
  if (!axes) {
    for (size_t k = 0; k < in.size(); ++k) drop[k] = in[k] == 1;
  }
  for (int64_t a : axes.value_or(Ints{})) {
    if (a < -rank || a >= rank) return std::nullopt;
    const size_t k = static_cast<size_t>(a < 0 ? a + rank : a);
    if (drop[k] || in[k] != 1) return std::nullopt;
    drop[k] = true;
  }
  Shape out;
  for (size_t k = 0; k < in.size(); ++k) {
    if (!drop[k]) out.push_back(in[k]);
  }
  return identity(out);
}

// unsqueeze: dims of 1 at the listed positions of the output (rank + n).
std::optional<Gather> unsqueeze(const Shape& in, const Ints& axes) {
  if (!valid_shape(in)) return std::nullopt;
  const int64_t rank = static_cast<int64_t>(in.size() + axes.size());
  std::vector<bool> one(static_cast<size_t>(rank), false);
  for (int64_t a : axes) {
    if (a < -rank || a >= rank) return std::nullopt;
    const size_t k = static_cast<size_t>(a < 0 ? a + rank : a);
    if (one[k]) return std::nullopt;
    one[k] = true;
  }
  Shape out;
  size_t next = 0;
  for (size_t k = 0; k < one.size(); ++k) out.push_back(one[k] ? 1 : in[next++]);
  return identity(out);
}

// flatten: [product of the dims before axis, product of the rest], axis in [-rank, rank].
std::optional<Gather> flatten(const Shape& in, int64_t axis) {
  if (!valid_shape(in)) return std::nullopt;
  const int64_t rank = static_cast<int64_t>(in.size());
  if (axis < -rank || axis > rank) return std::nullopt;
  const size_t at = static_cast<size_t>(axis < 0 ? axis + rank : axis);
  int64_t outer = 1, inner = 1;
  for (size_t k = 0; k < in.size(); ++k) (k < at ? outer : inner) *= in[k];
  if (outer > kMaxDim || inner > kMaxDim) return std::nullopt;
  return identity({outer, inner});
}

std::optional<Gather> reshape(const Shape& in, const Ints& shape, bool special_zero) {
  if (!valid_shape(in)) return std::nullopt;
  Shape out(shape.size());
  std::vector<bool> copied_in(in.size(), false);
  int64_t minus_one = -1, p = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    const int64_t v = shape[i];
    if (v < -1 || v > kMaxDim) return std::nullopt;
    if (v == -1) {
      if (minus_one >= 0) return std::nullopt;
      minus_one = static_cast<int64_t>(i);
    } else if (v == 0 && special_zero) {
      if (i >= in.size()) return std::nullopt;
      out[i] = in[i];
      copied_in[i] = true;
    } else {
      out[i] = v;
      p *= v;
    }
  }
  if (minus_one >= 0) {
    int64_t q = 1;
    for (size_t i = 0; i < in.size(); ++i) {
      if (!copied_in[i]) q *= in[i];
    }
    if (p == 0 || q % p != 0) return std::nullopt;
    out[static_cast<size_t>(minus_one)] = q / p;
  }
  if (volume(out) != volume(in)) return std::nullopt;
  return identity(out);
}

std::optional<Gather> broadcast(const Shape& in, const Ints& target, BroadcastMode mode,
                                const std::optional<Ints>& axes_mapping) {
  if (!valid_shape(in) || !valid_shape(target)) return std::nullopt;
  if (axes_mapping.has_value() != (mode == BroadcastMode::Explicit)) return std::nullopt;
  // For each input axis, the output axis it lines up with.
  Ints axis_of(in.size());
  Shape out;
  if (mode == BroadcastMode::Explicit) {
    const Ints& m = *axes_mapping;
    const bool scalar_one = in.empty() && m.size() == 1;  // data taken as [1]
    if (m.size() != in.size() && !scalar_one) return std::nullopt;
    for (size_t i = 0; i < m.size(); ++i) {
      if (m[i] < 0 || m[i] >= static_cast<int64_t>(target.size())) return std::nullopt;
      if (i > 0 && m[i] <= m[i - 1]) return std::nullopt;
      if (!scalar_one && in[i] != 1 && in[i] != target[static_cast<size_t>(m[i])]) {
        return std::nullopt;
      }
      if (!scalar_one) axis_of[i] = m[i];
    }
    out = target;
  } else {
    if (mode == BroadcastMode::Numpy && in.size() > target.size()) return std::nullopt;
    const size_t rank = in.size() > target.size() ? in.size() : target.size();
    out.assign(rank, 1);
    for (size_t j = 0; j < rank; ++j) {  // j counts from the right
      const size_t o = rank - 1 - j;
      const int64_t d = j < in.size() ? in[in.size() - 1 - j] : 1;
      const int64_t t = j < target.size() ? target[target.size() - 1 - j] : 1;
      if (mode == BroadcastMode::Numpy) {
        if (d != t && d != 1) return std::nullopt;
        out[o] = t;
      } else {
        if (d != t && d != 1 && t != 1) return std::nullopt;
        out[o] = d == 1 ? t : d;
      }
      if (j < in.size()) axis_of[in.size() - 1 - j] = static_cast<int64_t>(o);
    }
  }
  Gather g{out, {}};
  g.from.reserve(static_cast<size_t>(volume(out)));
  for_each_index(out, [&](const Ints& o) {
    Ints i(in.size());
    for (size_t k = 0; k < in.size(); ++k) {
      i[k] = in[k] == 1 ? 0 : o[static_cast<size_t>(axis_of[k])];
    }
    g.from.push_back(flat(in, i));
  });
  return g;
}

std::optional<Gather> space_to_depth(const Shape& in, int64_t b, DataFormat format,
                                     BlockMode mode) {
  if (!valid_block_input(in, b, format)) return std::nullopt;
  Logical l = logical_dims(in, format);
  for (int64_t& s : l.spatial) {
    if (s % b != 0) return std::nullopt;
    s /= b;
  }
  l.c *= ipow(b, l.spatial.size());
  Gather g{physical_shape(l, format), std::vector<int64_t>(static_cast<size_t>(volume(in)))};
  block_pairs(in, g.shape, b, format, mode,
              [&](int64_t space, int64_t depth) { g.from[static_cast<size_t>(depth)] = space; });
  return g;
}

std::optional<Gather> depth_to_space(const Shape& in, int64_t b, DataFormat format,
                                     BlockMode mode) {
  if (!valid_block_input(in, b, format)) return std::nullopt;
  Logical l = logical_dims(in, format);
  const int64_t bk = ipow(b, l.spatial.size());
  if (l.c % bk != 0) return std::nullopt;
  l.c /= bk;
  if (format == DataFormat::NCHW_VECT_C && l.c % 4 != 0) return std::nullopt;
  for (int64_t& s : l.spatial) s *= b;
  Gather g{physical_shape(l, format), std::vector<int64_t>(static_cast<size_t>(volume(in)))};
  block_pairs(g.shape, in, b, format, mode,
              [&](int64_t space, int64_t depth) { g.from[static_cast<size_t>(space)] = depth; });
  return g;
}

std::optional<Gather> roll(const Shape& in, const Ints& shift, const Ints& axes) {
  if (!valid_shape(in) || in.empty()) return std::nullopt;
  if (shift.size() != 1 && shift.size() != axes.size()) return std::nullopt;
  const int64_t rank = static_cast<int64_t>(in.size());
  Ints total(in.size(), 0);  // total shift per axis, kept in [0, dim)
  for (size_t i = 0; i < axes.size(); ++i) {
    if (axes[i] < -rank || axes[i] >= rank) return std::nullopt;
    const size_t a = static_cast<size_t>(axes[i] < 0 ? axes[i] + rank : axes[i]);
    const int64_t d = in[a];
    if (d == 0) continue;
    const int64_t s = shift.size() == 1 ? shift[0] : shift[i];
    total[a] = (total[a] + ((s % d) + d) % d) % d;
  }
  Gather g{in, std::vector<int64_t>(static_cast<size_t>(volume(in)))};
  for_each_index(in, [&](const Ints& i) {
    Ints o(i);
    for (size_t k = 0; k < in.size(); ++k) o[k] = (i[k] + total[k]) % in[k];
    g.from[static_cast<size_t>(flat(in, o))] = flat(in, i);
  });
  return g;
}

std::optional<Gather> transpose(const Shape& in, const std::optional<Ints>& perm) {
  if (!valid_shape(in)) return std::nullopt;
  const int64_t rank = static_cast<int64_t>(in.size());
  Ints axes;
  if (!perm) {
    for (int64_t k = rank - 1; k >= 0; --k) axes.push_back(k);
  } else {
    if (static_cast<int64_t>(perm->size()) != rank) return std::nullopt;
    for (int64_t a : *perm) {
      if (a < -rank || a >= rank) return std::nullopt;
      const int64_t n = a < 0 ? a + rank : a;
      for (int64_t b : axes) {
        if (b == n) return std::nullopt;
      }
      axes.push_back(n);
    }
  }
  Gather g;
  for (int64_t a : axes) g.shape.push_back(in[static_cast<size_t>(a)]);
  // Output index o holds input index i with i[axes[k]] = o[k].
  for_each_index(g.shape, [&](const Ints& o) {
    Ints i(in.size());
    for (size_t k = 0; k < o.size(); ++k) i[static_cast<size_t>(axes[k])] = o[k];
    g.from.push_back(flat(in, i));
  });
  return g;
}

// Pad: output index o along axis k stands for u = o - padsBegin[k] of the
// input padded by the positive parts and cut by the negative ones; u in
// [0, d) is the input, elsewhere the mode says which element (or the value).
std::optional<Gather> pad(const Shape& in, const Ints& pads_begin, const Ints& pads_end,
                          tensor_ops::PadMode mode, std::optional<uint64_t> value) {
  using tensor_ops::PadMode;
  if (!valid_shape(in) || pads_begin.size() != in.size() || pads_end.size() != in.size()) return std::nullopt;
  if (value && mode != PadMode::Constant) return std::nullopt;
  Gather g;
  g.fill = value.value_or(0);
  for (size_t k = 0; k < in.size(); ++k) {
    const int64_t d = in[k];
    for (int64_t p : {pads_begin[k], pads_end[k]}) {
      if (p <= 0) continue;
      if (mode == PadMode::Reflect && p > d - 1) return std::nullopt;
      if (mode == PadMode::Symmetric && p > d) return std::nullopt;
      if ((mode == PadMode::Edge || mode == PadMode::Wrap) && d < 1) return std::nullopt;
    }
    const int64_t out = pads_begin[k] + d + pads_end[k];
    if (out < 0) return std::nullopt;
    g.shape.push_back(out);
  }
  for_each_index(g.shape, [&](const Ints& o) {
    Ints i(in.size());
    for (size_t k = 0; k < in.size(); ++k) {
      const int64_t d = in[k];
      const int64_t u = o[k] - pads_begin[k];
      int64_t v = u;
      if (u < 0 || u >= d) {
        switch (mode) {
          case PadMode::Constant: g.from.push_back(-1); return;
          case PadMode::Edge: v = u < 0 ? 0 : d - 1; break;
          case PadMode::Reflect: v = u < 0 ? -u : 2 * (d - 1) - u; break;
          case PadMode::Symmetric: v = u < 0 ? -u - 1 : 2 * d - 1 - u; break;
          case PadMode::Wrap: v = ((u % d) + d) % d; break;
        }
      }
      i[k] = v;
    }
    g.from.push_back(flat(in, i));
  });
  return g;
}

// Output index o of concat reads input k, the one whose range along the
// axis holds o[axis], at o with o[axis] moved back by the dims before k.
std::optional<Gather> concat(const std::vector<Shape>& ins, int64_t axis) {
  if (ins.empty()) return std::nullopt;
  for (const Shape& s : ins) {
    if (!valid_shape(s) || s.empty()) return std::nullopt;
  }
  const int64_t rank = static_cast<int64_t>(ins[0].size());
  if (axis < -rank || axis >= rank) return std::nullopt;
  const size_t a = static_cast<size_t>(axis < 0 ? axis + rank : axis);
  Gather g;
  g.shape = ins[0];
  g.shape[a] = 0;
  for (const Shape& s : ins) {
    if (s.size() != ins[0].size()) return std::nullopt;
    for (size_t i = 0; i < s.size(); ++i) {
      if (i != a && s[i] != ins[0][i]) return std::nullopt;
    }
    g.shape[a] += s[a];
  }
  for_each_index(g.shape, [&](const Ints& o) {
    int64_t pos = o[a];
    int64_t base = 0;  // flat index of input k's first element
    size_t k = 0;
    while (pos >= ins[k][a]) {
      pos -= ins[k][a];
      base += volume(ins[k]);
      ++k;
    }
    Ints i = o;
    i[a] = pos;
    g.from.push_back(base + flat(ins[k], i));
  });
  return g;
}

// Part p of split holds input indices whose axis index lies in
// [start_p, start_p + len_p), at that index minus start_p.
std::optional<std::vector<Gather>> split(const Shape& in, const Ints& splits, bool count, int64_t axis) {
  if (!valid_shape(in) || in.empty()) return std::nullopt;
  const int64_t rank = static_cast<int64_t>(in.size());
  if (axis < -rank || axis >= rank) return std::nullopt;
  const size_t a = static_cast<size_t>(axis < 0 ? axis + rank : axis);
  const int64_t d = in[a];
  Ints lengths;
  if (count) {
    const int64_t k = splits.at(0);
    if (k < 1 || k > 65536 || d % k != 0) return std::nullopt;
    lengths.assign(static_cast<size_t>(k), d / k);
  } else {
    if (splits.empty() || splits.size() > 65536) return std::nullopt;
    int minus = 0;
    int64_t known = 0;
    for (int64_t v : splits) {
      if (v < -1) return std::nullopt;
      if (v == -1) {
        ++minus;
      } else {
        if (v > d) return std::nullopt;
        known += v;
      }
    }
    if (minus > 1 || known > d || (minus == 0 && known != d)) return std::nullopt;
    for (int64_t v : splits) lengths.push_back(v == -1 ? d - known : v);
  }
  std::vector<Gather> parts;
  int64_t start = 0;
  for (int64_t len : lengths) {
    Gather g;
    g.shape = in;
    g.shape[a] = len;
    for_each_index(g.shape, [&](const Ints& o) {
      Ints i = o;
      i[a] += start;
      g.from.push_back(flat(in, i));
    });
    parts.push_back(std::move(g));
    start += len;
  }
  return parts;
}

}  // namespace ref

namespace ref {

std::optional<Gather> slice(const Shape& in, const Ints& starts, const Ints& ends,
                            const std::optional<Ints>& axes, const std::optional<Ints>& steps) {
  if (!valid_shape(in)) return std::nullopt;
  const size_t n = starts.size();
  if (ends.size() != n || (axes && axes->size() != n) || (steps && steps->size() != n)) return std::nullopt;
  const int64_t rank = static_cast<int64_t>(in.size());
  // Per axis, the input indices kept, in order: every index by default.
  std::vector<Ints> kept(in.size());
  for (size_t k = 0; k < in.size(); ++k) {
    for (int64_t i = 0; i < in[k]; ++i) kept[k].push_back(i);
  }
  std::vector<bool> listed(in.size(), false);
  for (size_t j = 0; j < n; ++j) {
    int64_t a = axes ? (*axes)[j] : static_cast<int64_t>(j);
    if (a < -rank || a >= rank) return std::nullopt;
    if (a < 0) a += rank;
    if (listed[static_cast<size_t>(a)]) return std::nullopt;
    listed[static_cast<size_t>(a)] = true;
    const __int128 s = steps ? (*steps)[j] : 1;
    if (s == 0) return std::nullopt;
    // In 128 bits: the rules' additions and clamps, then a walk from start
    // by step while before end.
    const __int128 d = in[static_cast<size_t>(a)];
    __int128 b = starts[j], e = ends[j];
    if (b < 0) b += d;
    if (e < 0) e += d;
    auto clamp = [](__int128 v, __int128 lo, __int128 hi) { return v < lo ? lo : (v > hi ? hi : v); };
    Ints& out = kept[static_cast<size_t>(a)];
    out.clear();
    if (d == 0) continue;
    if (s > 0) {
      b = clamp(b, 0, d);
      e = clamp(e, 0, d);
      for (__int128 i = b; i < e; i += s) out.push_back(static_cast<int64_t>(i));
    } else {
      b = clamp(b, 0, d - 1);
      e = clamp(e, -1, d - 1);
      for (__int128 i = b; i > e; i += s) out.push_back(static_cast<int64_t>(i));
    }
  }
  Gather g;
  for (const Ints& k : kept) g.shape.push_back(static_cast<int64_t>(k.size()));
  for_each_index(g.shape, [&](const Ints& o) {
    Ints i(in.size());
    for (size_t k = 0; k < o.size(); ++k) i[k] = kept[k][static_cast<size_t>(o[k])];
    g.from.push_back(flat(in, i));
  });
  return g;
}

std::optional<Gather> reverse(const Shape& in, const std::optional<Ints>& axes) {
  if (!valid_shape(in)) return std::nullopt;
  const int64_t rank = static_cast<int64_t>(in.size());
  std::vector<bool> flip(in.size(), !axes);
  if (axes) {
    for (int64_t a : *axes) {
      if (a < -rank || a >= rank) return std::nullopt;
      const size_t k = static_cast<size_t>(a < 0 ? a + rank : a);
      if (flip[k]) return std::nullopt;
      flip[k] = true;
    }
  }
  Gather g;
  g.shape = in;
  // Output index o holds input index i with i[k] = d - 1 - o[k] on flipped axes.
  for_each_index(in, [&](const Ints& o) {
    Ints i = o;
    for (size_t k = 0; k < in.size(); ++k) {
      if (flip[k]) i[k] = in[k] - 1 - o[k];
    }
    g.from.push_back(flat(in, i));
  });
  return g;
}

// ---- The gather family, from the rules: one output index at a time. ----

namespace {

// An index value v for a dim of size d: v (v >= 0) or d + v, nullopt outside [-d, d).
std::optional<int64_t> pick(__int128 v, int64_t d) {
  if (v < -static_cast<__int128>(d) || v >= d) return std::nullopt;
  return static_cast<int64_t>(v < 0 ? v + d : v);
}

bool all_in_range(const std::vector<__int128>& values, const std::vector<int64_t>& dims) {
  // dims[j]: the range of component j (values cycle through the components).
  for (size_t p = 0; p < values.size(); ++p) {
    if (!pick(values[p], dims[p % dims.size()])) return false;
  }
  return true;
}

}  // namespace

std::optional<Gather> gather(const Shape& in, const Shape& indices, const std::vector<__int128>& values,
                             int64_t axis, int64_t batch_dims) {
  if (!valid_shape(in) || !valid_shape(indices) || static_cast<int64_t>(values.size()) != volume(indices)) {
    return std::nullopt;
  }
  const int64_t r = static_cast<int64_t>(in.size());
  const int64_t q = static_cast<int64_t>(indices.size());
  if (r == 0 || axis < -r || axis >= r) return std::nullopt;
  const int64_t a = axis < 0 ? axis + r : axis;
  const int64_t b = batch_dims < 0 ? batch_dims + q : batch_dims;
  if (b < 0 || b > std::min(a, q)) return std::nullopt;
  for (int64_t k = 0; k < b; ++k) {
    if (in[static_cast<size_t>(k)] != indices[static_cast<size_t>(k)]) return std::nullopt;
  }
  if (!all_in_range(values, {in[static_cast<size_t>(a)]})) return std::nullopt;
  Gather g;
  g.shape.assign(in.begin(), in.begin() + a);
  g.shape.insert(g.shape.end(), indices.begin() + b, indices.end());
  g.shape.insert(g.shape.end(), in.begin() + a + 1, in.end());
  // out[o] = x[o[:a], indices[o[:b], o[a:a+q-b]], o[a+q-b:]]
  for_each_index(g.shape, [&](const Ints& o) {
    Ints ii(o.begin(), o.begin() + b);
    ii.insert(ii.end(), o.begin() + a, o.begin() + a + (q - b));
    Ints xi(o.begin(), o.begin() + a);
    xi.push_back(*pick(values[static_cast<size_t>(flat(indices, ii))], in[static_cast<size_t>(a)]));
    xi.insert(xi.end(), o.begin() + a + (q - b), o.end());
    g.from.push_back(flat(in, xi));
  });
  return g;
}

std::optional<Gather> gather_elements(const Shape& in, const Shape& indices, const std::vector<__int128>& values,
                                      int64_t axis) {
  if (!valid_shape(in) || !valid_shape(indices) || static_cast<int64_t>(values.size()) != volume(indices)) {
    return std::nullopt;
  }
  const int64_t r = static_cast<int64_t>(in.size());
  if (r == 0 || axis < -r || axis >= r || indices.size() != in.size()) return std::nullopt;
  const size_t a = static_cast<size_t>(axis < 0 ? axis + r : axis);
  for (size_t k = 0; k < in.size(); ++k) {
    if (k != a && indices[k] > in[k]) return std::nullopt;
  }
  if (!all_in_range(values, {in[a]})) return std::nullopt;
  Gather g;
  g.shape = indices;
  for_each_index(indices, [&](const Ints& o) {
    Ints xi = o;
    xi[a] = *pick(values[static_cast<size_t>(flat(indices, o))], in[a]);
    g.from.push_back(flat(in, xi));
  });
  return g;
}

std::optional<Gather> gather_nd(const Shape& in, const Shape& indices, const std::vector<__int128>& values,
                                int64_t batch_dims) {
  if (!valid_shape(in) || !valid_shape(indices) || static_cast<int64_t>(values.size()) != volume(indices)) {
    return std::nullopt;
  }
  const int64_t q = static_cast<int64_t>(indices.size());
  if (q == 0 || batch_dims < 0 || batch_dims >= q) return std::nullopt;
  const int64_t k = indices.back();
  const int64_t b = batch_dims;
  if (b + k > static_cast<int64_t>(in.size())) return std::nullopt;
  for (int64_t d = 0; d < b; ++d) {
    if (in[static_cast<size_t>(d)] != indices[static_cast<size_t>(d)]) return std::nullopt;
  }
  if (k > 0 && !all_in_range(values, Ints(in.begin() + b, in.begin() + b + k))) return std::nullopt;
  Gather g;
  g.shape.assign(indices.begin(), indices.end() - 1);
  g.shape.insert(g.shape.end(), in.begin() + b + k, in.end());
  // out[o] = x[o[:b], indices[o[:q-1], 0..k-1], o[q-1:]]
  for_each_index(g.shape, [&](const Ints& o) {
    Ints xi(o.begin(), o.begin() + b);
    Ints ii(o.begin(), o.begin() + (q - 1));
    ii.push_back(0);
    for (int64_t j = 0; j < k; ++j) {
      ii.back() = j;
      xi.push_back(*pick(values[static_cast<size_t>(flat(indices, ii))], in[static_cast<size_t>(b + j)]));
    }
    xi.insert(xi.end(), o.begin() + (q - 1), o.end());
    g.from.push_back(flat(in, xi));
  });
  return g;
}

}  // namespace ref

namespace ref {
namespace {

// What spaceToBatch and batchToSpace require of x.shape and their lists.
bool valid_batch_params(const Shape& in, const Ints& block, const Ints& begin, const Ints& end) {
  if (!valid_shape(in) || in.size() < 2) return false;
  if (block.size() != in.size() || begin.size() != in.size() || end.size() != in.size()) return false;
  for (size_t i = 0; i < in.size(); ++i) {
    if (block[i] < 1 || begin[i] < 0 || end[i] < 0) return false;
  }
  return block[0] == 1 && begin[0] == 0 && end[0] == 0;
}

}  // namespace

std::optional<Gather> tile(const Shape& in, const Ints& repeats) {
  if (!valid_shape(in)) return std::nullopt;
  for (int64_t r : repeats) {
    if (r < 0) return std::nullopt;
  }
  const size_t rank = std::max(in.size(), repeats.size());
  Shape d(rank - in.size(), 1);  // ones prepended to the shorter of the two
  d.insert(d.end(), in.begin(), in.end());
  Ints r(rank - repeats.size(), 1);
  r.insert(r.end(), repeats.begin(), repeats.end());
  Gather g;
  for (size_t k = 0; k < rank; ++k) g.shape.push_back(d[k] * r[k]);
  // The input repeated as a whole block: output index o reads o mod d per axis.
  for_each_index(g.shape, [&](const Ints& o) {
    Ints i(rank);
    for (size_t k = 0; k < rank; ++k) i[k] = o[k] % d[k];
    g.from.push_back(flat(d, i));
  });
  return g;
}

std::optional<Gather> space_to_batch(const Shape& in, const Ints& block, const Ints& pads_begin,
                                     const Ints& pads_end) {
  if (!valid_batch_params(in, block, pads_begin, pads_end)) return std::nullopt;
  const size_t rank = in.size();
  Gather g;
  g.shape.assign(rank, 0);
  int64_t blocks = 1;
  for (size_t i = 1; i < rank; ++i) {
    const int64_t padded = in[i] + pads_begin[i] + pads_end[i];
    if (padded % block[i] != 0) return std::nullopt;
    g.shape[i] = padded / block[i];
    blocks *= block[i];
  }
  g.shape[0] = in[0] * blocks;
  // Output batch index = (block offsets, row-major) * N + n; padded position
  // j * b + offset holds x at position - padsBegin, or a zero (-1) outside x.
  for_each_index(g.shape, [&](const Ints& o) {
    int64_t k = o[0] / in[0];
    Ints offset(rank, 0);
    for (size_t i = rank; i-- > 1;) {
      offset[i] = k % block[i];
      k /= block[i];
    }
    Ints idx(rank);
    idx[0] = o[0] % in[0];
    bool padding = false;
    for (size_t i = 1; i < rank; ++i) {
      idx[i] = o[i] * block[i] + offset[i] - pads_begin[i];
      padding = padding || idx[i] < 0 || idx[i] >= in[i];
    }
    g.from.push_back(padding ? -1 : flat(in, idx));
  });
  return g;
}

std::optional<Gather> batch_to_space(const Shape& in, const Ints& block, const Ints& crops_begin,
                                     const Ints& crops_end) {
  if (!valid_batch_params(in, block, crops_begin, crops_end)) return std::nullopt;
  const size_t rank = in.size();
  int64_t blocks = 1;
  for (size_t i = 1; i < rank; ++i) blocks *= block[i];
  if (in[0] % blocks != 0) return std::nullopt;
  Gather g;
  g.shape.assign(rank, in[0] / blocks);
  for (size_t i = 1; i < rank; ++i) {
    const int64_t whole = in[i] * block[i];
    if (crops_begin[i] + crops_end[i] > whole) return std::nullopt;
    g.shape[i] = whole - crops_begin[i] - crops_end[i];
  }
  // Output position y sits at y + cropsBegin = j * b + offset of the
  // uncropped tensor, read from batch (offsets, row-major) * N + n, at j.
  for_each_index(g.shape, [&](const Ints& o) {
    int64_t k = 0;
    Ints idx(rank);
    for (size_t i = 1; i < rank; ++i) {
      const int64_t p = o[i] + crops_begin[i];
      k = k * block[i] + p % block[i];
      idx[i] = p / block[i];
    }
    idx[0] = k * g.shape[0] + o[0];
    g.from.push_back(flat(in, idx));
  });
  return g;
}

}  // namespace ref
