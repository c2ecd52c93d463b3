// The benchmark's cases: each operation at each size and element width, as
// shapes and parameters that every contender runs identically.

export const SIZES = { '16KiB': 16 * 1024, '1MiB': 1024 * 1024, '64MiB': 64 * 1024 * 1024 };
export const WIDTHS = { 1: 'uint8', 2: 'uint16', 4: 'float32', 8: 'float64' };

// Two spatial dims whose product is `n` (a power of two): square or 2:1.
function plane(n) {
  const k = Math.log2(n);
  return [2 ** Math.ceil(k / 2), 2 ** Math.floor(k / 2)];
}

/**
 * Every case moves `bytes` bytes into its output.
 * @returns {{id, op, label, input: number[], inputs?: number[][], args: any[], output: number[],
 *            outputs?: number[][], limit: 'set'|'fill'|'none'}}
 */
function makeCase(name, bytes, width) {
  const e = bytes / width; // output elements
  const C = 4;
  switch (name) {
    case 's2d-nchw-b2':
    case 's2d-nchw-b4': {
      const b = name.endsWith('b2') ? 2 : 4;
      const [H, W] = plane(e / C);
      return { op: 'spaceToDepth', input: [1, C, H, W], args: [b, { dataFormat: 'NCHW' }], output: [1, C * b * b, H / b, W / b], limit: 'set' };
    }
    case 's2d-nhwc-b2':
    case 's2d-nhwc-b4': {
      const b = name.endsWith('b2') ? 2 : 4;
      const [H, W] = plane(e / C);
      return { op: 'spaceToDepth', input: [1, H, W, C], args: [b], output: [1, H / b, W / b, C * b * b], limit: 'set' };
    }
    case 'd2s-nchw-b2':
    case 'd2s-nchw-b4': {
      const b = name.endsWith('b2') ? 2 : 4;
      const [H, W] = plane(e / (C * b * b));
      return { op: 'depthToSpace', input: [1, C * b * b, H, W], args: [b, { dataFormat: 'NCHW' }], output: [1, C, H * b, W * b], limit: 'set' };
    }
    case 'd2s-nhwc-b2':
    case 'd2s-nhwc-b4': {
      const b = name.endsWith('b2') ? 2 : 4;
      const [H, W] = plane(e / (C * b * b));
      return { op: 'depthToSpace', input: [1, H, W, C * b * b], args: [b], output: [1, H * b, W * b, C], limit: 'set' };
    }
    case 'roll-2-axes': {
      const [H, W] = plane(e / C);
      return { op: 'roll', input: [1, C, H, W], args: [[Math.floor(H / 3), -Math.floor(W / 5)], [2, 3]], output: [1, C, H, W], limit: 'set' };
    }
    case 'broadcast-outer': {
      const N = 2, Cb = 8;
      const [H, W] = plane(e / (N * Cb));
      return { op: 'broadcast', input: [N, 1, H, W], args: [[N, Cb, H, W]], output: [N, Cb, H, W], limit: 'fill' };
    }
    case 'broadcast-inner': {
      const Cb = 16;
      const [H, W] = plane(e / Cb);
      return { op: 'broadcast', input: [Cb, 1, 1], args: [[1, Cb, H, W]], output: [1, Cb, H, W], limit: 'fill' };
    }
    case 'broadcast-bidirectional': {
      const Cb = 4;
      const [H, W] = plane(e / Cb);
      return { op: 'broadcast', input: [Cb, 1, W], args: [[1, H, 1], { mode: 'bidirectional' }], output: [Cb, H, W], limit: 'fill' };
    }
    case 'transpose-nhwc-nchw-c3':
    case 'transpose-nhwc-nchw-c4':
    case 'transpose-nhwc-nchw-c64': {
      const Ct = Number(name.slice(name.lastIndexOf('c') + 1));
      const [H, W] = plane(2 ** Math.round(Math.log2(e / Ct)));
      const input = [1, H, W, Ct];
      return { op: 'transpose', input, args: [[0, 3, 1, 2]], output: [1, Ct, H, W], limit: 'set' };
    }
    case 'transpose-2d': {
      const [H, W] = plane(e);
      return { op: 'transpose', input: [H, W], args: [[1, 0]], output: [W, H], limit: 'set' };
    }
    case 'slice-crop': { // a center crop of H and W (NCHW)
      const [H, W] = plane(e / C);
      const input = [1, C, H + H / 2, W + W / 2];
      return { op: 'slice', input, args: [[H / 4, W / 4], [H / 4 + H, W / 4 + W], { axes: [2, 3] }], output: [1, C, H, W], limit: 'set' };
    }
    case 'slice-step2': { // x[:, :, ::2, ::2]
      const [H, W] = plane(e / C);
      return { op: 'slice', input: [1, C, 2 * H, 2 * W], args: [[0, 0], [2 * H, 2 * W], { axes: [2, 3], steps: [2, 2] }], output: [1, C, H, W], limit: 'set' };
    }
    case 'reverse-w':
    case 'reverse-c': {
      const [H, W] = plane(e / C);
      return { op: 'reverse', input: [1, C, H, W], args: [[name === 'reverse-w' ? 3 : 1]], output: [1, C, H, W], limit: 'set' };
    }
    case 'pad-constant':
    case 'pad-edge':
    case 'pad-reflect':
    case 'pad-symmetric':
    case 'pad-wrap': { // 2 on each side of H and W
      const [H, W] = plane(e / C);
      const mode = name.slice(4);
      return { op: 'pad', input: [1, C, H - 4, W - 4], args: [[0, 0, 2, 2], [0, 0, 2, 2], { mode }], output: [1, C, H, W], limit: 'set' };
    }
    case 'concat-channels': { // two NCHW images of C/2 channels
      const [H, W] = plane(e / C);
      const half = [1, C / 2, H, W];
      return { op: 'concat', inputs: [half, half], args: [1], output: [1, C, H, W], limit: 'set' };
    }
    case 'concat-last': { // rows of W/2 from each input
      const [H, W] = plane(e);
      return { op: 'concat', inputs: [[H, W / 2], [H, W / 2]], args: [1], output: [H, W], limit: 'set' };
    }
    case 'split-channels': {
      const [H, W] = plane(e / C);
      return { op: 'split', input: [1, C, H, W], args: [2, { axis: 1 }], outputs: [[1, C / 2, H, W], [1, C / 2, H, W]], limit: 'set' };
    }
    case 'split-last': {
      const [H, W] = plane(e);
      return { op: 'split', input: [H, W], args: [2, { axis: 1 }], outputs: [[H, W / 2], [H, W / 2]], limit: 'set' };
    }
    case 'tile-rows': { // the image twice, one above the other
      const [H, W] = plane(e / C);
      return { op: 'tile', input: [1, C, H / 2, W], args: [[1, 1, 2, 1]], output: [1, C, H, W], limit: 'set' };
    }
    case 'tile-inner': { // each row repeats a quarter row 4 times
      const [H, W] = plane(e);
      return { op: 'tile', input: [H, W / 4], args: [[1, 4]], output: [H, W], limit: 'set' };
    }
    case 'space-to-batch': {
      const [H, W] = plane(e / C);
      return { op: 'spaceToBatch', input: [1, H, W, C], args: [[1, 2, 2, 1], [0, 0, 0, 0], [0, 0, 0, 0]], output: [4, H / 2, W / 2, C], limit: 'set' };
    }
    case 'batch-to-space': {
      const [H, W] = plane(e / C);
      return { op: 'batchToSpace', input: [4, H / 2, W / 2, C], args: [[1, 2, 2, 1], [0, 0, 0, 0], [0, 0, 0, 0]], output: [1, H, W, C], limit: 'set' };
    }
    case 'gather-rows': { // embedding lookup: rows of a [32000, 512] table
      const rows = e / 512;
      const indices = { data: Int32Array.from({ length: rows }, (_, i) => (i * 7919) % 32000), shape: [rows] };
      return { op: 'gather', input: [32000, 512], args: [indices], output: [rows, 512], limit: 'set' };
    }
    case 'gather-elements-last': { // per-row picks along the last axis, from rows twice as long
      const [H, W] = plane(e);
      const indices = { data: Int32Array.from({ length: H * W }, (_, i) => (i * 5 + (i >> 7)) % (2 * W)), shape: [H, W] };
      return { op: 'gatherElements', input: [H, 2 * W], args: [indices, { axis: 1 }], output: [H, W], limit: 'set' };
    }
    case 'reshape': {
      return { op: 'reshape', input: [1, C, ...plane(e / C)], args: [[-1]], output: [e], limit: 'none' };
    }
    default:
      throw new Error(`unknown case ${name}`);
  }
}

// The operations of version 0.2 besides transpose.
export const NEW_CASE_NAMES = [
  'slice-crop', 'slice-step2', 'reverse-w', 'reverse-c',
  'pad-constant', 'pad-edge', 'pad-reflect', 'pad-symmetric', 'pad-wrap',
  'concat-channels', 'concat-last', 'split-channels', 'split-last', 'tile-rows', 'tile-inner',
  'space-to-batch', 'batch-to-space', 'gather-rows', 'gather-elements-last',
];

export const CASE_NAMES = [
  's2d-nchw-b2', 's2d-nchw-b4', 's2d-nhwc-b2', 's2d-nhwc-b4',
  'd2s-nchw-b2', 'd2s-nchw-b4', 'd2s-nhwc-b2', 'd2s-nhwc-b4',
  'roll-2-axes', 'broadcast-outer', 'broadcast-inner', 'broadcast-bidirectional', 'reshape',
  'transpose-nhwc-nchw-c3', 'transpose-nhwc-nchw-c4', 'transpose-nhwc-nchw-c64', 'transpose-2d',
  ...NEW_CASE_NAMES,
];

export function allCases({ names = CASE_NAMES, sizes = Object.keys(SIZES), widths = Object.keys(WIDTHS) } = {}) {
  const cases = [];
  for (const size of sizes) {
    for (const name of names) {
      for (const w of widths) {
        const width = Number(w);
        const c = makeCase(name, SIZES[size], width);
        // Several inputs (concat) or outputs (split): `input` and `output` are the first and the whole.
        c.inputs ??= [c.input];
        c.input ??= c.inputs[0];
        c.outputs ??= [c.output];
        c.output ??= [c.outputs.reduce((n, s) => n + s.reduce((a, b) => a * b, 1), 0)];
        cases.push({ ...c, name, size, bytes: SIZES[size], width, dtype: WIDTHS[w], id: `${name} ${size} ${WIDTHS[w]}` });
      }
    }
  }
  return cases;
}
