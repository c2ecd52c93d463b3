// The plain JavaScript a user would write without a library: nested loops
// over the output, computing each source index from the spec's formulas.

function s2dNCHW(x, [N, C, H, W], b, out) {
  const OH = H / b, OW = W / b;
  let o = 0;
  for (let n = 0; n < N; n++) {
    for (let oc = 0; oc < C * b * b; oc++) {
      const k = Math.floor(oc / C), c = oc % C, by = Math.floor(k / b), bx = k % b;
      for (let oy = 0; oy < OH; oy++) {
        const row = ((n * C + c) * H + oy * b + by) * W + bx;
        for (let ox = 0; ox < OW; ox++) out[o++] = x[row + ox * b];
      }
    }
  }
}

function s2dNHWC(x, [N, H, W, C], b, out) {
  const OH = H / b, OW = W / b;
  let o = 0;
  for (let n = 0; n < N; n++) {
    for (let oy = 0; oy < OH; oy++) {
      for (let ox = 0; ox < OW; ox++) {
        for (let by = 0; by < b; by++) {
          for (let bx = 0; bx < b; bx++) {
            const at = ((n * H + oy * b + by) * W + ox * b + bx) * C;
            for (let c = 0; c < C; c++) out[o++] = x[at + c];
          }
        }
      }
    }
  }
}

function d2sNCHW(x, [N, D, H, W], b, out) {
  const C = D / (b * b);
  let o = 0;
  for (let n = 0; n < N; n++) {
    for (let c = 0; c < C; c++) {
      for (let y = 0; y < H * b; y++) {
        const oy = Math.floor(y / b), by = y % b;
        for (let xx = 0; xx < W * b; xx++) {
          const ox = Math.floor(xx / b), bx = xx % b;
          out[o++] = x[((n * D + (by * b + bx) * C + c) * H + oy) * W + ox];
        }
      }
    }
  }
}

function d2sNHWC(x, [N, H, W, D], b, out) {
  const C = D / (b * b);
  let o = 0;
  for (let n = 0; n < N; n++) {
    for (let y = 0; y < H * b; y++) {
      const oy = Math.floor(y / b), by = y % b;
      for (let xx = 0; xx < W * b; xx++) {
        const ox = Math.floor(xx / b), bx = xx % b;
        const at = ((n * H + oy) * W + ox) * D + (by * b + bx) * C;
        for (let c = 0; c < C; c++) out[o++] = x[at + c];
      }
    }
  }
}

function roll4(x, shape, [shiftH, shiftW], out) {
  const [N, C, H, W] = shape;
  const sh = ((shiftH % H) + H) % H, sw = ((shiftW % W) + W) % W;
  for (let p = 0; p < N * C; p++) {
    for (let y = 0; y < H; y++) {
      const from = (p * H + ((y - sh + H) % H)) * W;
      const to = (p * H + y) * W;
      for (let xx = 0; xx < W; xx++) out[to + xx] = x[from + ((xx - sw + W) % W)];
    }
  }
}

// Broadcast by right-aligned numpy rules: a source stride of 0 on repeated axes.
function broadcastLoop(x, inShape, outShape, out) {
  const rank = outShape.length;
  const padded = [...Array(rank - inShape.length).fill(1), ...inShape];
  const strides = new Array(rank);
  for (let k = rank - 1, s = 1; k >= 0; k--) {
    strides[k] = padded[k] === 1 ? 0 : s;
    s *= padded[k];
  }
  const index = new Array(rank).fill(0);
  const total = outShape.reduce((a, b) => a * b, 1);
  for (let o = 0; o < total; o++) {
    let at = 0;
    for (let k = 0; k < rank; k++) at += index[k] * strides[k];
    out[o] = x[at];
    for (let k = rank - 1; k >= 0 && ++index[k] === outShape[k]; k--) index[k] = 0;
  }
}

// Transpose as transformers.js-style code does it: per output element, its
// source index from the output index, dim by dim.
function transposeLoop(x, inShape, perm, out) {
  const rank = inShape.length;
  const inStrides = new Array(rank);
  for (let k = rank - 1, s = 1; k >= 0; k--) {
    inStrides[k] = s;
    s *= inShape[k];
  }
  const outShape = perm.map((a) => inShape[a]);
  const stepOf = perm.map((a) => inStrides[a]);
  const index = new Array(rank).fill(0);
  let at = 0;
  for (let o = 0; o < out.length; o++) {
    out[o] = x[at];
    for (let k = rank - 1; k >= 0; k--) {
      at += stepOf[k];
      if (++index[k] < outShape[k]) break;
      at -= stepOf[k] * outShape[k];
      index[k] = 0;
    }
  }
}

const stridesOf = (shape) => {
  const strides = new Array(shape.length);
  for (let k = shape.length - 1, s = 1; k >= 0; k--) {
    strides[k] = s;
    s *= shape[k];
  }
  return strides;
};

// Per output element, its source index from per-axis index maps (slice,
// reverse, pad, tile: map[k][i] is the source index along axis k of output
// index i, or -1 for pad's constant), as hand-written code would compute it.
function mappedLoop(x, inShape, maps, out) {
  const rank = inShape.length;
  const strides = stridesOf(inShape);
  const outShape = maps.map((m) => m.length);
  const index = new Array(rank).fill(0);
  for (let o = 0; o < out.length; o++) {
    let at = 0;
    let inside = true;
    for (let k = 0; k < rank; k++) {
      const i = maps[k][index[k]];
      if (i < 0) inside = false;
      at += i * strides[k];
    }
    out[o] = inside ? x[at] : 0;
    for (let k = rank - 1; k >= 0 && ++index[k] === outShape[k]; k--) index[k] = 0;
  }
}

const range = (n, f) => Array.from({ length: n }, (_, i) => f(i));

function sliceMaps(shape, starts, ends, { axes, steps }) {
  const maps = shape.map((d) => range(d, (i) => i));
  axes.forEach((a, j) => {
    const step = steps?.[j] ?? 1;
    const n = Math.max(0, Math.ceil((ends[j] - starts[j]) / step));
    maps[a] = range(n, (i) => starts[j] + i * step);
  });
  return maps;
}

function padMaps(shape, begin, end, { mode }) {
  return shape.map((d, k) => range(begin[k] + d + end[k], (o) => {
    const i = o - begin[k];
    if (i >= 0 && i < d) return i;
    switch (mode) {
      case 'edge': return i < 0 ? 0 : d - 1;
      case 'reflect': return i < 0 ? -i : 2 * (d - 1) - i;
      case 'symmetric': return i < 0 ? -i - 1 : 2 * d - 1 - i;
      case 'wrap': return ((i % d) + d) % d;
      default: return -1;
    }
  }));
}

// Concat along `axis`: for each outer index, each input's run in turn.
function concatLoop(xs, shapes, axis, out) {
  const outer = shapes[0].slice(0, axis).reduce((a, b) => a * b, 1);
  const runs = shapes.map((s) => s.slice(axis).reduce((a, b) => a * b, 1));
  let o = 0;
  for (let p = 0; p < outer; p++) {
    for (let j = 0; j < xs.length; j++) {
      const x = xs[j], n = runs[j], from = p * n;
      for (let i = 0; i < n; i++) out[o++] = x[from + i];
    }
  }
}

// Split into `parts` equal parts along `axis`, written back to back.
function splitLoop(x, shape, parts, axis, out) {
  const outer = shape.slice(0, axis).reduce((a, b) => a * b, 1);
  const whole = shape.slice(axis).reduce((a, b) => a * b, 1);
  const n = whole / parts;
  let o = 0;
  for (let j = 0; j < parts; j++) {
    for (let p = 0; p < outer; p++) {
      const from = p * whole + j * n;
      for (let i = 0; i < n; i++) out[o++] = x[from + i];
    }
  }
}

// SpaceToBatch NHWC (no padding) and its inverse, blocks of b x b:
// batch index (by * b + bx) * N + n, TensorFlow's order.
function spaceToBatchLoop(x, [N, H, W, C], b, out) {
  let o = 0;
  for (let by = 0; by < b; by++) {
    for (let bx = 0; bx < b; bx++) {
      for (let n = 0; n < N; n++) {
        for (let oy = 0; oy < H / b; oy++) {
          for (let ox = 0; ox < W / b; ox++) {
            const at = ((n * H + oy * b + by) * W + ox * b + bx) * C;
            for (let c = 0; c < C; c++) out[o++] = x[at + c];
          }
        }
      }
    }
  }
}

function batchToSpaceLoop(x, [B, h, w, C], b, out) {
  const N = B / (b * b);
  let o = 0;
  for (let n = 0; n < N; n++) {
    for (let y = 0; y < h * b; y++) {
      for (let xx = 0; xx < w * b; xx++) {
        const batch = ((y % b) * b + (xx % b)) * N + n;
        const at = ((batch * h + Math.floor(y / b)) * w + Math.floor(xx / b)) * C;
        for (let c = 0; c < C; c++) out[o++] = x[at + c];
      }
    }
  }
}

// Gather of rows: each index moves one row of `row` elements.
function gatherRowsLoop(x, row, indices, out) {
  for (let i = 0; i < indices.length; i++) {
    const from = indices[i] * row, to = i * row;
    for (let j = 0; j < row; j++) out[to + j] = x[from + j];
  }
}

// GatherElements along the last axis of a [H, W'] input, indices [H, W].
function gatherElementsLastLoop(x, inW, [H, W], indices, out) {
  for (let r = 0; r < H; r++) {
    for (let j = 0; j < W; j++) out[r * W + j] = x[r * inW + indices[r * W + j]];
  }
}

/** { run, output }: a function that runs the case into `output` (split: its parts back to back), or null. */
export function jsLoop(c, xs) {
  const x = xs[0];
  const output = new x.constructor(c.output.reduce((a, b) => a * b, 1));
  const [arg] = c.args;
  const nchw = c.args[1]?.dataFormat === 'NCHW';
  const runs = {
    spaceToDepth: () => (nchw ? s2dNCHW : s2dNHWC)(x, c.input, arg, output),
    depthToSpace: () => (nchw ? d2sNCHW : d2sNHWC)(x, c.input, arg, output),
    roll: () => roll4(x, c.input, arg, output),
    broadcast: () => broadcastLoop(x, c.input, c.output, output),
    reshape: () => output.set(x), // a copy: JavaScript has no free reshape of data it returns
    transpose: () => transposeLoop(x, c.input, arg, output),
    slice: () => mappedLoop(x, c.input, sliceMaps(c.input, c.args[0], c.args[1], c.args[2]), output),
    reverse: () => mappedLoop(x, c.input, c.input.map((d, k) => range(d, (i) => (arg.includes(k) ? d - 1 - i : i))), output),
    pad: () => mappedLoop(x, c.input, padMaps(c.input, c.args[0], c.args[1], c.args[2]), output),
    tile: () => mappedLoop(x, c.input, c.input.map((d, k) => range(d * arg[k], (i) => i % d)), output),
    concat: () => concatLoop(xs, c.inputs, arg, output),
    split: () => splitLoop(x, c.input, arg, c.args[1].axis, output),
    spaceToBatch: () => spaceToBatchLoop(x, c.input, arg[1], output),
    batchToSpace: () => batchToSpaceLoop(x, c.input, arg[1], output),
    gather: () => gatherRowsLoop(x, c.input[1], arg.data, output),
    gatherElements: () => gatherElementsLastLoop(x, c.input[1], c.output, arg.data, output),
  };
  return runs[c.op] ? { run: runs[c.op], output } : null;
}
