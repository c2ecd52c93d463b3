#include "operations/batch_layout.hpp"

#include <algorithm>
#include <string>

#include "engine/view.hpp"

namespace tensor_ops {
namespace {

// Part of one axis in the batch layout: block offsets [o0, o0 + on) times
// positions [j0, j0 + jn).
struct Rect {
  int64_t j0, jn, o0, on;
};

// One axis's pieces: the rectangles of (j, o) that hold space elements
// (inside), and those that do not (outside: padding).
struct AxisPieces {
  std::vector<Rect> inside, outside;
};

int64_t floor_div(int64_t a, int64_t b) {  // b > 0
  const int64_t q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}

int64_t ceil_div(int64_t a, int64_t b) {  // b > 0
  const int64_t q = a / b;
  return (a % b != 0 && a > 0) ? q + 1 : q;
}

// Space positions y in [0, s) sit at padded positions y + p = j * b + o,
// j in [0, J). For a block offset o the positions j that hold one are a
// run [ceil((p - o) / b), floor((p + s - 1 - o) / b)], whose start moves at
// o = p % b and whose end moves at o = (p + s - 1) % b + 1: at most three
// groups of offsets, each a rectangle (and its padding above and below).
AxisPieces axis_pieces(int64_t s, int64_t b, int64_t p, int64_t J) {
  AxisPieces a;
  if (s == 0) {
    a.outside.push_back({0, J, 0, b});
    return a;
  }
  int64_t cuts[4] = {0, p % b, (p + s - 1) % b + 1, b};
  std::sort(cuts, cuts + 4);
  for (int k = 0; k < 3; ++k) {
    const int64_t lo = cuts[k];
    const int64_t n = cuts[k + 1] - lo;
    if (n == 0) continue;
    const int64_t first = ceil_div(p - lo, b);
    const int64_t last = floor_div(p + s - 1 - lo, b);
    if (last < first) {
      a.outside.push_back({0, J, lo, n});
      continue;
    }
    a.inside.push_back({first, last - first + 1, lo, n});
    if (first > 0) a.outside.push_back({0, first, lo, n});
    if (last + 1 < J) a.outside.push_back({last + 1, J - last - 1, lo, n});
  }
  return a;
}

// The batch tensor as dims [J0 = N, b0, J1, b1, ...]: its batch axis split
// into (b0, ..., bk, N), the block offsets then moved next to their axes.
// Built axis by axis (linear in the rank).
View batch_view(const Shape& batch, const std::vector<int64_t>& block) {
  const size_t rank = batch.size();
  const std::vector<int64_t> strides = row_major_strides(batch);
  // The batch axis's index is (o0, ..., ok, n) row-major: n (extent N =
  // batch[0] / prod(block)) has the axis's stride, each block offset o_i
  // that of everything after it.
  int64_t n = batch[0];
  for (size_t i = 1; i < rank; ++i) n /= block[i];
  std::vector<int64_t> offset_strides(rank);
  int64_t after = strides[0] * n;
  for (size_t i = rank; i-- > 0;) {
    offset_strides[i] = after;
    after *= block[i];
  }
  View v;
  v.dims.reserve(2 * rank);
  v.strides.reserve(2 * rank);
  for (size_t i = 0; i < rank; ++i) {
    v.dims.push_back(i == 0 ? n : batch[i]);
    v.strides.push_back(strides[i]);
    v.dims.push_back(block[i]);
    v.strides.push_back(offset_strides[i]);
  }
  return v;
}

// The space tensor inside its padded tensor, as dims [J0, b0, J1, b1, ...]:
// each axis of the padded tensor split into (J, b). Only elements of the
// space tensor itself are ever read or written through it.
View space_view(const Shape& space, const std::vector<int64_t>& block,
                const std::vector<int64_t>& begin, const std::vector<int64_t>& positions) {
  const std::vector<int64_t> strides = row_major_strides(space);
  View v;
  v.dims.reserve(2 * space.size());
  v.strides.reserve(2 * space.size());
  for (size_t i = 0; i < space.size(); ++i) {
    v.offset -= begin[i] * strides[i];
    v.dims.push_back(positions[i]);
    v.strides.push_back(strides[i] * block[i]);
    v.dims.push_back(block[i]);
    v.strides.push_back(strides[i]);
  }
  return v;
}

View piece(View v, const std::vector<const std::vector<Rect>*>& lists, const std::vector<size_t>& at) {
  for (size_t i = 0; i < lists.size(); ++i) {
    const Rect& r = (*lists[i])[at[i]];
    v.slice(2 * i, r.j0, r.jn, 1).slice(2 * i + 1, r.o0, r.on, 1);
  }
  return v;
}

// Calls visit(at) for every choice of one rectangle per axis, at[i] from lists[i].
template <class F>
void for_each_choice(const std::vector<const std::vector<Rect>*>& lists, F&& visit) {
  for (const auto* list : lists) {
    if (list->empty()) return;
  }
  std::vector<size_t> at(lists.size(), 0);
  for (;;) {
    visit(at);
    size_t k = lists.size();
    for (;;) {
      if (k == 0) return;
      --k;
      if (++at[k] < lists[k]->size()) break;
      at[k] = 0;
    }
  }
}

// The axes the copies and fills are made of: the batch axis and every axis
// that moves or pads something. An axis whose space dim, batch dim and block
// are 1 and whose begin is 0 changes no offset and no other axis's stride,
// so it is left out; each axis kept multiplies the space or the batch volume
// by 2 or more (when the space is not empty), so at most about 127 remain
// whatever x's rank, and the plan's size no longer grows with it.
struct Layout {
  Shape space, batch;
  std::vector<int64_t> block, begin;
  std::vector<int64_t> positions;  // J of each axis: the batch dims, N for the batch axis
};

Layout layout_of(const Shape& space, const Shape& batch, const std::vector<int64_t>& block,
                 const std::vector<int64_t>& begin) {
  Layout l;
  for (size_t i = 0; i < space.size(); ++i) {
    if (i > 0 && space[i] == 1 && batch[i] == 1 && block[i] == 1 && begin[i] == 0) continue;
    l.space.push_back(space[i]);
    l.batch.push_back(batch[i]);
    l.block.push_back(block[i]);
    l.begin.push_back(begin[i]);
    l.positions.push_back(i == 0 ? space[0] : batch[i]);
  }
  return l;
}

std::vector<AxisPieces> pieces_of(const Layout& l) {
  std::vector<AxisPieces> pieces;
  pieces.reserve(l.space.size());
  for (size_t i = 0; i < l.space.size(); ++i) {
    pieces.push_back(axis_pieces(l.space[i], l.block[i], l.begin[i], l.positions[i]));
  }
  return pieces;
}

Status check_list(const char* op, const Shape& x, const std::vector<int64_t>& values, const char* name) {
  if (values.size() != x.size()) {
    return invalid_argument(op, std::string(name) + " " + format_list(values) + " has " +
                                    std::to_string(values.size()) + " values, but x.shape " +
                                    format_list(x) + " has rank " + std::to_string(x.size()));
  }
  return Status();
}

int64_t saturating_mul(int64_t a, int64_t b) {
  int64_t product = 0;
  return checked_mul(a, b, &product) && product <= kMaxBatchPieces ? product : kMaxBatchPieces + 1;
}

}  // namespace

int64_t batch_plan_size(const Shape& space, const Shape& batch, const std::vector<int64_t>& block,
                        const std::vector<int64_t>& begin, bool fills) {
  const bool batch_empty = volume(batch) == 0;
  // An empty space: no copies, and the whole batch is one fill of padding.
  if (volume(space) == 0) return fills && !batch_empty ? 1 : 0;
  int64_t inside = 1;  // the product of the axes' inside parts so far
  int64_t total = 0;
  for (size_t i = 0; i < space.size(); ++i) {
    // Axes left out of the layout have one inside part and no outside one.
    if (i > 0 && space[i] == 1 && batch[i] == 1 && block[i] == 1 && begin[i] == 0) continue;
    const AxisPieces p = axis_pieces(space[i], block[i], begin[i], i == 0 ? space[0] : batch[i]);
    if (fills && !batch_empty) {
      total = std::min(total + saturating_mul(inside, static_cast<int64_t>(p.outside.size())),
                       kMaxBatchPieces + 1);
    }
    inside = saturating_mul(inside, static_cast<int64_t>(p.inside.size()));
  }
  return std::min(total + inside, kMaxBatchPieces + 1);
}

Result<int64_t> check_batch_params(const char* op, const Shape& x, const std::vector<int64_t>& block,
                                   const std::vector<int64_t>& begin, const std::vector<int64_t>& end,
                                   const char* begin_name, const char* end_name, const char* what) {
  if (x.size() < 2) {
    return invalid_argument(op, "x.shape " + format_list(x) + " has rank " + std::to_string(x.size()) +
                                    "; " + op + " needs rank 2 or more");
  }
  TENSOR_OPS_TRY(check_list(op, x, block, "blockShape"));
  TENSOR_OPS_TRY(check_list(op, x, begin, begin_name));
  TENSOR_OPS_TRY(check_list(op, x, end, end_name));
  for (size_t i = 0; i < block.size(); ++i) {
    if (block[i] < 1) {
      return invalid_argument(op, "blockShape " + format_list(block) + " has value " +
                                      std::to_string(block[i]) + " at index " + std::to_string(i) +
                                      "; block sizes must be 1 or more");
    }
  }
  if (block[0] != 1) {
    return invalid_argument(op, "blockShape " + format_list(block) + " has " + std::to_string(block[0]) +
                                    " at index 0; the batch axis must have block 1");
  }
  for (const auto* list : {&begin, &end}) {
    const char* name = list == &begin ? begin_name : end_name;
    for (size_t i = 0; i < list->size(); ++i) {
      if ((*list)[i] < 0) {
        return invalid_argument(op, std::string(name) + " " + format_list(*list) + " has value " +
                                        std::to_string((*list)[i]) + " at index " + std::to_string(i) +
                                        "; " + what + " must be 0 or more");
      }
    }
    if ((*list)[0] != 0) {
      return invalid_argument(op, std::string(name) + " " + format_list(*list) + " has " +
                                      std::to_string((*list)[0]) + " at index 0; the batch axis takes no " +
                                      what);
    }
  }
  int64_t product = 1;
  for (int64_t b : block) {
    if (!checked_mul(product, b, &product)) {
      return invalid_argument(op, "blockShape " + format_list(block) + " has a product that overflows 64 bits");
    }
  }
  return product;
}

std::vector<StridedCopy> batch_copies(const Shape& space, const Shape& batch,
                                      const std::vector<int64_t>& block,
                                      const std::vector<int64_t>& begin, bool to_batch) {
  if (volume(space) == 0) return {};
  const Layout l = layout_of(space, batch, block, begin);
  const std::vector<AxisPieces> pieces = pieces_of(l);
  const View space_whole = space_view(l.space, l.block, l.begin, l.positions);
  const View batch_whole = batch_view(l.batch, l.block);
  std::vector<const std::vector<Rect>*> lists;
  for (const AxisPieces& p : pieces) lists.push_back(&p.inside);
  std::vector<StridedCopy> copies;
  for_each_choice(lists, [&](const std::vector<size_t>& at) {
    const View s = piece(space_whole, lists, at);
    const View b = piece(batch_whole, lists, at);
    copies.push_back(to_batch ? copy_between(s, b) : copy_between(b, s));
  });
  return copies;
}

std::vector<Fill> batch_padding_fills(const Shape& space, const Shape& batch,
                                      const std::vector<int64_t>& block,
                                      const std::vector<int64_t>& begin) {
  const int64_t batch_volume = volume(batch);
  if (batch_volume == 0) return {};
  if (volume(space) == 0) {  // nothing but padding: one fill of the whole batch
    Fill fill;
    fill.dims = {batch_volume};
    fill.dst_strides = {1};
    return {fill};
  }
  const Layout l = layout_of(space, batch, block, begin);
  const std::vector<AxisPieces> pieces = pieces_of(l);
  const size_t rank = l.space.size();
  std::vector<std::vector<Rect>> whole;
  for (size_t i = 0; i < rank; ++i) whole.push_back({{0, l.positions[i], 0, l.block[i]}});
  const View batch_whole = batch_view(l.batch, l.block);
  // The padding is everything but the product of the axes' inside parts:
  // for each axis k, the elements inside on the axes before k, outside on k,
  // anywhere on the axes after it (disjoint for different k).
  std::vector<Fill> fills;
  std::vector<const std::vector<Rect>*> lists(rank);
  for (size_t i = 0; i < rank; ++i) lists[i] = &whole[i];
  for (size_t k = 0; k < rank; ++k) {
    if (k > 0) lists[k - 1] = &pieces[k - 1].inside;
    lists[k] = &pieces[k].outside;
    for_each_choice(lists, [&](const std::vector<size_t>& at) {
      const View b = piece(batch_whole, lists, at);
      Fill fill;  // zero bytes
      fill.dims = b.dims;
      fill.dst_strides = b.strides;
      fill.dst_offset = b.offset;
      fills.push_back(std::move(fill));
    });
  }
  return fills;
}

}  // namespace tensor_ops
