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
 * @returns {{id, op, label, input: number[], args: any[], output: number[], limit: 'set'|'fill'|'none'}}
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
    case 'reshape': {
      return { op: 'reshape', input: [1, C, ...plane(e / C)], args: [[-1]], output: [e], limit: 'none' };
    }
    default:
      throw new Error(`unknown case ${name}`);
  }
}

export const CASE_NAMES = [
  's2d-nchw-b2', 's2d-nchw-b4', 's2d-nhwc-b2', 's2d-nhwc-b4',
  'd2s-nchw-b2', 'd2s-nchw-b4', 'd2s-nhwc-b2', 'd2s-nhwc-b4',
  'roll-2-axes', 'broadcast-outer', 'broadcast-inner', 'broadcast-bidirectional', 'reshape',
  'transpose-nhwc-nchw-c3', 'transpose-nhwc-nchw-c4', 'transpose-nhwc-nchw-c64', 'transpose-2d',
];

export function allCases({ names = CASE_NAMES, sizes = Object.keys(SIZES), widths = Object.keys(WIDTHS) } = {}) {
  const cases = [];
  for (const size of sizes) {
    for (const name of names) {
      for (const w of widths) {
        const width = Number(w);
        const c = makeCase(name, SIZES[size], width);
        cases.push({ ...c, name, size, bytes: SIZES[size], width, dtype: WIDTHS[w], id: `${name} ${size} ${WIDTHS[w]}` });
      }
    }
  }
  return cases;
}
