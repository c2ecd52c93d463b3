// Which input elements each output element of resize reads, and with which
// weights, asked of the library: resize is separable, so along each resized
// axis of length d the same call on a one-hot matrix (the [d, d] identity
// in float64, resized along its axis 1) gives every output index's weight
// of every input index, edge taps already summed onto the edge element. An
// output element's weight of an input element is the product over the axes.
import { strides, unravel } from '../layout.mjs';
import { axisTaps } from './resize_formula.mjs';

/** Beyond this many weights for one axis (d · n) the docs' formula stands in for the library's one-hot call. */
const MAX_ONE_HOT = 1 << 20;

/** The call's rule with the library's defaults filled in (what resize_formula.mjs reads). */
export function ruleOf(o) {
  return {
    mode: o.mode ?? 'nearest', coordinateTransformationMode: o.coordinateTransformationMode ?? 'half_pixel',
    nearestMode: o.nearestMode ?? 'round_prefer_floor', cubicCoeffA: o.cubicCoeffA ?? -0.75,
    excludeOutside: Boolean(o.excludeOutside), antialias: Boolean(o.antialias),
  };
}

/**
 * The resized axes of the call `o` (resize's options) from x's shape to y's:
 * [{ axis, d, n, scale }] with the scale the coordinate formulas use (the
 * given scale, else output / input length, as the docs' Output dims say).
 */
export function resizedAxes(xShape, yShape, o) {
  const rank = xShape.length;
  const axes = o.axes ? Array.from(o.axes, (a) => (Number(a) + rank) % rank) : xShape.map((_, a) => a);
  return axes.map((axis, k) => {
    const d = xShape[axis];
    const n = yShape[axis];
    const given = o.scales === undefined ? undefined : typeof o.scales === 'number' ? o.scales : o.scales[k];
    return { axis, d, n, scale: given ?? n / d };
  });
}

// Per output index of one axis: [{ j, w }], the input indices read (weight ≠ 0) in order.
function axisColumns(ops, rule, { d, n, scale }, o) {
  if (d * n > MAX_ONE_HOT) {
    return Array.from({ length: n }, (_, i) => [...axisTaps(rule, d, n, scale, i).weights].map(([j, w]) => ({ j, w })).sort((a, b) => a.j - b.j));
  }
  const eye = new Float64Array(d * d);
  for (let j = 0; j < d; j++) eye[j * d + j] = 1;
  const { sizes, scales, axes, keepAspectRatioPolicy, out, ...same } = o;
  const size = o.scales === undefined ? { sizes: [n] } : { scales: [scale] };
  const w = ops.resize({ data: eye, shape: [d, d] }, { ...same, ...size, axes: [1] }).data; // w[j * n + i]
  return Array.from({ length: n }, (_, i) => {
    const column = [];
    for (let j = 0; j < d; j++) if (w[j * n + i] !== 0) column.push({ j, w: w[j * n + i] });
    return column;
  });
}

/**
 * Traces `ops.resize(x, o)` whose output has `yShape`: { axes (resizedAxes,
 * each with `columns`), taps(index): [{ src, w }] (flat input indices and
 * their weights, in row-major order of the taps), sources: Int32Array (for
 * each output element the input element of largest weight along every axis,
 * its colour; -1 where it reads none) }.
 */
export function traceResize(ops, xShape, yShape, o) {
  const rule = ruleOf(o);
  const axes = resizedAxes(xShape, yShape, o).map((a) => ({ ...a, columns: axisColumns(ops, rule, a, o) }));
  const byAxis = new Map(axes.map((a) => [a.axis, a]));
  const xStrides = strides(xShape);
  const columnsAt = (index) => unravel(index, yShape).map((i, axis) => byAxis.get(axis)?.columns[i] ?? [{ j: i, w: 1 }]);
  const taps = (index) => {
    let list = [{ src: 0, w: 1 }];
    columnsAt(index).forEach((column, axis) => {
      list = list.flatMap((t) => column.map(({ j, w }) => ({ src: t.src + j * xStrides[axis], w: t.w * w })));
    });
    return list;
  };
  const total = yShape.reduce((p, d) => p * d, 1);
  const sources = new Int32Array(total);
  for (let index = 0; index < total; index++) {
    let src = 0;
    columnsAt(index).forEach((column, axis) => {
      let best = column[0];
      for (const t of column) if (t.w > best.w) best = t;
      // No tap of weight ≠ 0 (excludeOutside with every tap outside): a 0 from no element.
      src = best && src >= 0 ? src + best.j * xStrides[axis] : -1;
    });
    sources[index] = src;
  }
  return { rule, axes, taps, sources };
}
