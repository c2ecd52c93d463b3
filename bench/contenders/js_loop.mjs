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

/** { run, output }: a function that runs the case into `output`, or null. */
export function jsLoop(c, x) {
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
  };
  return runs[c.op] ? { run: runs[c.op], output } : null;
}
