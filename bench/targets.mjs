// The performance targets of the project (the issues "Kernels at memory
// speed" and "One operation table, reusable plans, no C++ exceptions"),
// checked on one run's results. Each verdict names the worst case it saw.
import { NEW_CASE_NAMES } from './cases.mjs';

const find = (results, name, size, dtype = 'float32') =>
  results.find((r) => r.name === name && r.size === size && r.dtype === dtype);

// Checks `ratioOf(row)` <= bound (or >= bound when `atLeast`) over the rows.
function verdict(target, rows, ratioOf, bound, atLeast = false, unit = 'x') {
  const measured = rows.filter(Boolean).map((r) => ({ id: r.id, v: ratioOf(r) })).filter((m) => Number.isFinite(m.v));
  if (measured.length === 0) return { target, met: null, detail: 'not measured in this run' };
  const worst = measured.reduce((w, m) => ((atLeast ? m.v < w.v : m.v > w.v) ? m : w));
  const met = measured.every((m) => (atLeast ? m.v >= bound : m.v <= bound));
  return { target, met, detail: `worst ${worst.v.toFixed(2)}${unit} (${worst.id}) over ${measured.length} case(s)`, worst: worst.v };
}

export function checkTargets(results) {
  const t = (r, k) => r.times[k];
  const at = (names, size, dtype) => names.map((n) => find(results, n, size, dtype));
  const keptOverLimit = (r) => t(r, 'kept mt') / t(r, 'limit');
  const out = [];
  out.push(verdict('kept, 64 MiB: spaceToDepth/depthToSpace block 2 (NCHW, NHWC) and roll <= 1.0x TypedArray.set',
    at(['s2d-nchw-b2', 's2d-nhwc-b2', 'd2s-nchw-b2', 'd2s-nhwc-b2', 'roll-2-axes'], '64MiB'), keptOverLimit, 1.0));
  out.push(verdict('kept, 64 MiB: NCHW block 4 <= 1.25x TypedArray.set',
    at(['s2d-nchw-b4', 'd2s-nchw-b4'], '64MiB'), keptOverLimit, 1.25));
  out.push(verdict('kept, 64 MiB: broadcast <= 1.5x fill of the output',
    at(['broadcast-outer', 'broadcast-inner', 'broadcast-bidirectional'], '64MiB'), keptOverLimit, 1.5));
  // Kept results that are views of the input run no kernel: their time is the call's alone.
  const widthRows = results.filter((r) => r.size === '64MiB' && r.dtype !== 'float32' && r.name !== 'reshape' && !r.keptView);
  out.push(verdict('kept, 64 MiB: every element width <= 1.2x float32\'s time for the same bytes', widthRows,
    (r) => t(r, 'kept mt') / t(find(results, r.name, r.size) ?? { times: {} }, 'kept mt'), 1.2));
  const ortRows = (size) => results.filter((r) => r.size === size && r.dtype === 'float32' && r.times.ort && r.name !== 'reshape');
  for (const [size, plain, withOut] of [['64MiB', 1.5, 4], ['1MiB', 2.5, 3], ['16KiB', 4, null]]) {
    out.push(verdict(`plain arrays, ${size}: >= ${plain}x faster than onnxruntime-web`, ortRows(size),
      (r) => t(r, 'ort') / t(r, 'plain mt'), plain, true));
    if (withOut) {
      out.push(verdict(`with out, ${size}: >= ${withOut}x faster than onnxruntime-web`, ortRows(size),
        (r) => t(r, 'ort') / t(r, 'out mt'), withOut, true));
    }
  }
  const copyRows = (size) => results.filter((r) => r.size === size && r.dtype === 'float32' && r.name !== 'reshape' && !r.keptView);
  out.push(verdict('threads, 1 MiB kept: simd-mt >= 1.3x faster than simd-st', copyRows('1MiB'),
    (r) => t(r, 'kept st') / t(r, 'kept mt'), 1.3, true));
  out.push(verdict('threads, 16 KiB kept: simd-mt <= 1.1x simd-st', copyRows('16KiB'),
    (r) => t(r, 'kept mt') / t(r, 'kept st'), 1.1));
  // The call path (operation table, cached operators, direct exports).
  const copyOps = ['s2d-nchw-b2', 's2d-nchw-b4', 's2d-nhwc-b2', 's2d-nhwc-b4', 'd2s-nchw-b2', 'd2s-nchw-b4',
    'd2s-nhwc-b2', 'd2s-nhwc-b4', 'roll-2-axes', 'broadcast-outer', 'broadcast-inner', 'broadcast-bidirectional'];
  out.push(verdict('kept, 16 KiB float32: spaceToDepth/depthToSpace/roll/broadcast <= 1.5 us per call',
    at(copyOps, '16KiB'), (r) => t(r, 'kept mt') * 1000, 1.5, false, ' us'));
  out.push(verdict('plain arrays, 16 KiB: >= 5x faster than onnxruntime-web (1 thread)', ortRows('16KiB'),
    (r) => t(r, 'ort') / t(r, 'plain mt'), 5, true));
  out.push(verdict('kept, 1 MiB: spaceToDepth/depthToSpace/roll <= 1.15x TypedArray.set',
    at(copyOps.slice(0, 9), '1MiB'), keptOverLimit, 1.15));
  const small = find(results, 'reshape', '16KiB');
  out.push(verdict('reshape of a kept tensor: 64 MiB within 1.5x of 16 KiB', [find(results, 'reshape', '64MiB')],
    (r) => t(r, 'kept mt') / (small ? t(small, 'kept mt') : NaN), 1.5));
  out.push(...familyTargets(results, find, verdict));
  return out;
}

// The targets of version 0.2's operations (transpose and the cases of
// NEW_CASE_NAMES), from the issue that added them.
function familyTargets(results, find, verdict) {
  const t = (r, k) => r.times[k];
  const rows = (names, size, dtypes = ['float32']) =>
    names.flatMap((n) => dtypes.map((d) => find(results, n, size, d)));
  const keptOverLimit = (r) => t(r, 'kept mt') / t(r, 'limit');
  const transposes = ['transpose-nhwc-nchw-c3', 'transpose-nhwc-nchw-c4', 'transpose-nhwc-nchw-c64'];
  const copies = NEW_CASE_NAMES.filter((n) => !n.includes('batch') && !n.startsWith('gather'));
  const all = ['transpose-2d', ...transposes, ...NEW_CASE_NAMES];
  const withOrt = (size) => rows(all, size).filter((r) => r?.times.ort);
  const out = [];
  out.push(verdict('kept, 64 MiB: transpose NHWC->NCHW (C = 3, 4, 64; uint8 and float32) <= 1.3x TypedArray.set',
    rows(transposes, '64MiB', ['uint8', 'float32']), keptOverLimit, 1.3));
  out.push(verdict('kept, 64 MiB: 2-D transpose of a square float32 matrix <= 1.5x TypedArray.set',
    rows(['transpose-2d'], '64MiB'), keptOverLimit, 1.5));
  out.push(verdict('kept, 64 MiB: slice, reverse, pad (every mode), concat, split, tile <= 1.2x TypedArray.set',
    rows(copies, '64MiB'), keptOverLimit, 1.2));
  out.push(verdict('plain arrays, 64 MiB, 0.2 operations: <= 1.2x a fresh array and its copy',
    rows(all, '64MiB'), (r) => t(r, 'plain mt') / t(r, 'fresh'), 1.2));
  out.push(verdict('with out, 64 MiB, 0.2 operations: >= 2x faster than onnxruntime-web',
    withOrt('64MiB'), (r) => t(r, 'ort') / t(r, 'out mt'), 2, true));
  // Where a fresh array's floor leaves less room than the ratio, being within
  // 1.2x of that floor counts as met.
  for (const [size, bound] of [['1MiB', 3], ['16KiB', 5]]) {
    const v = verdict(`plain arrays, ${size}, 0.2 operations: >= ${bound}x faster than onnxruntime-web (or <= 1.2x the fresh-array floor)`,
      withOrt(size), (r) => t(r, 'ort') / t(r, 'plain mt'), bound, true);
    const short = withOrt(size).filter((r) => t(r, 'ort') / t(r, 'plain mt') < bound);
    if (v.met === false && short.every((r) => t(r, 'plain mt') <= 1.2 * t(r, 'fresh'))) {
      v.met = true;
      v.detail += `; the ${short.length} below ${bound}x are within 1.2x of the fresh-array floor`;
    }
    out.push(v);
  }
  // The embedding lookup is 4096 rows (8 MiB); 1 MiB and 64 MiB bracket it.
  out.push(verdict('kept: gather of rows of a [32000, 512] float32 table (512 and 32768 rows) <= 1.5x TypedArray.set',
    [...rows(['gather-rows'], '1MiB'), ...rows(['gather-rows'], '64MiB')], keptOverLimit, 1.5));
  out.push(verdict('kept, 64 MiB: gatherElements on the last axis <= 3x TypedArray.set',
    rows(['gather-elements-last'], '64MiB'), keptOverLimit, 3));
  out.push(verdict('kept, 16 KiB float32, 0.2 operations: <= 1.5 us per call',
    rows(all, '16KiB'), (r) => t(r, 'kept mt') * 1000, 1.5, false, ' us'));
  return out;
}
