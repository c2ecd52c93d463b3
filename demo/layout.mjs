// Where the elements of a row-major tensor are drawn: a tensor of any rank
// is shown as labelled 2-D slices (rows x columns), one slice per index of
// the other axes. Only positions are computed here, never an operation.

/** Vectors longer than this are drawn wrapped into lines of this many cells. */
export const WRAP = 32;

export function volume(shape) {
  let n = 1;
  for (const d of shape) n *= d;
  return n;
}

export function strides(shape) {
  const s = new Array(shape.length);
  let step = 1;
  for (let i = shape.length - 1; i >= 0; i--) {
    s[i] = step;
    step *= shape[i];
  }
  return s;
}

/** Row-major coordinates of a flat index. */
export function unravel(index, shape) {
  const coords = new Array(shape.length);
  for (let i = shape.length - 1; i >= 0; i--) {
    const d = shape[i] || 1;
    coords[i] = index % d;
    index = Math.floor(index / d);
  }
  return coords;
}

export function formatShape(shape) {
  return `[${shape.join(', ')}]`;
}

/** The axes drawn as rows and columns by default: the last two. */
export function defaultAxes(rank) {
  if (rank === 0) return { rowAxis: -1, colAxis: -1 };
  if (rank === 1) return { rowAxis: -1, colAxis: 0 };
  return { rowAxis: rank - 2, colAxis: rank - 1 };
}

/**
 * How a tensor of `shape` is drawn: slices over every axis but `rowAxis`
 * and `colAxis` (-1: none), each slice `rows` x `cols` cells.
 */
export function makeView(shape, axes = defaultAxes(shape.length)) {
  const rank = shape.length;
  const { rowAxis, colAxis } = axes;
  const st = strides(shape);
  const sliceAxes = [];
  for (let a = 0; a < rank; a++) if (a !== rowAxis && a !== colAxis) sliceAxes.push(a);
  const sliceDims = sliceAxes.map((a) => shape[a]);
  let rows = rowAxis >= 0 ? shape[rowAxis] : 1;
  let cols = colAxis >= 0 ? shape[colAxis] : 1;
  let rowStride = rowAxis >= 0 ? st[rowAxis] : 0;
  const colStride = colAxis >= 0 ? st[colAxis] : 0;
  const lineLength = cols; // elements along the column axis in one slice
  const wrapped = rowAxis < 0 && cols > WRAP;
  if (wrapped) {
    rows = Math.ceil(cols / WRAP);
    cols = WRAP;
    rowStride = WRAP * colStride;
  }
  const sliceCount = volume(sliceDims);
  const perSlice = rowAxis < 0 ? lineLength : rows * cols;
  return {
    shape, rank, rowAxis, colAxis, sliceAxes, sliceCount, rows, cols, rowStride, colStride, perSlice, wrapped,
    /** Flat index of the first element of slice `s`. */
    sliceBase(s) {
      let base = 0;
      for (let i = sliceAxes.length - 1; i >= 0; i--) {
        const d = sliceDims[i];
        base += (s % d) * st[sliceAxes[i]];
        s = Math.floor(s / d);
      }
      return base;
    },
    /** The slice's coordinates, with ':' on the drawn axes: '[0, :, :, 2]'. */
    sliceLabel(s, drawnRows = rows, drawnCols = cols) {
      if (rank === 0) return '[]';
      const coords = unravel(s, sliceDims);
      const parts = [];
      const cut = (n, all) => (n < all ? `:${n}` : ':');
      for (let a = 0, k = 0; a < rank; a++) {
        if (a === rowAxis) parts.push(cut(drawnRows, rows));
        else if (a === colAxis) parts.push(wrapped ? cut(drawnRows * WRAP, lineLength) : cut(drawnCols, cols));
        else parts.push(coords[k++]);
      }
      return `[${parts.join(', ')}]`;
    },
    cellIndex(s, r, c) {
      return this.sliceBase(s) + r * rowStride + c * colStride;
    },
  };
}

/** When a tensor is too large to draw whole, each slice is cut to this. */
export const CROP_ROWS = 16;
export const CROP_COLS = 32;

/**
 * What is drawn within `maxCells`: everything when it fits; else slices cut
 * to their first CROP_ROWS x CROP_COLS cells (a lone slice keeps as many
 * rows as fit), as many slices as fit. Returns { plan: [{ s, rows, cols,
 * cells }], drawn, cropped }.
 */
export function planDraw(view, maxCells) {
  const total = view.sliceCount * view.perSlice;
  let rows = view.rows;
  let cols = view.cols;
  const cropped = total > maxCells;
  if (cropped) {
    cols = Math.min(cols, CROP_COLS);
    rows = Math.min(rows, view.sliceCount > 1 ? CROP_ROWS : Math.max(1, Math.floor(maxCells / cols)));
  }
  const plan = [];
  let drawn = 0;
  for (let s = 0; s < view.sliceCount; s++) {
    // A wrapped vector's last line may be short: count what exists.
    const cells = view.wrapped ? Math.min(view.perSlice, rows * cols) : rows * cols;
    if (cells === 0 || drawn + cells > maxCells) break;
    plan.push({ s, rows, cols, cells });
    drawn += cells;
  }
  return { plan, drawn, cropped, rows, cols };
}

/**
 * For every element, its rank among the drawn cells in drawing order (slice
 * by slice, row by row), or -1 where it is not drawn: what the colours follow.
 */
export function drawOrder(view, plan) {
  const order = new Int32Array(volume(view.shape)).fill(-1);
  let k = 0;
  for (const { s, rows, cols, cells } of plan) {
    for (let r = 0, i = 0; r < rows && i < cells; r++) {
      for (let c = 0; c < cols && i < cells; c++, i++) order[view.cellIndex(s, r, c)] = k++;
    }
  }
  return order;
}
