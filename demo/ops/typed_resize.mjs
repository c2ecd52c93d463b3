// resize as the page presents it: an operation that computes each output
// element from several input elements (its taps), so its tab traces every
// tap and weight (resize_taps.mjs: the library's own weights) rather than
// one source, and fills in the coordinate formula of each resized axis
// (resize_formula.mjs, from docs/operations/resize.md). Below the grids,
// the modes side by side on a picture (resize_modes.mjs).
import { formatValue } from '../grid.mjs';
import { resizeModes } from '../resize_modes.mjs';
import { choice, options } from './fields.mjs';
import { COORDINATE_RULES, axisTaps, modeRule } from './resize_formula.mjs';
import { traceResize } from './resize_taps.mjs';
import { DTYPE_CHOICES, readInput, tensorFields, tensorOf } from './typed_fields.mjs';

const MODES = ['nearest', 'linear', 'cubic'];
const COORDINATES = Object.keys(COORDINATE_RULES);
const NEAREST = ['round_prefer_floor', 'round_prefer_ceil', 'floor', 'ceil'];
const POLICIES = ['stretch', 'not_larger', 'not_smaller'];
const MAX_TERMS = 8; // terms written out in a filled-in formula; antialias may read many more

/** resize's options from the form: only what differs from the library's defaults (mode: this tab's is linear). */
export function resizeOptions(p) {
  return options({
    sizes: p.sizes, scales: p.scales, axes: p.axes, mode: p.mode === 'nearest' ? undefined : p.mode,
    coordinateTransformationMode: p.coordinateTransformationMode === 'half_pixel' ? undefined : p.coordinateTransformationMode,
    nearestMode: p.mode !== 'nearest' || p.nearestMode === 'round_prefer_floor' ? undefined : p.nearestMode,
    cubicCoeffA: p.cubicCoeffA, excludeOutside: p.excludeOutside || undefined, antialias: p.antialias || undefined,
    keepAspectRatioPolicy: p.keepAspectRatioPolicy === 'stretch' ? undefined : p.keepAspectRatioPolicy,
  });
}

const terms = (list) => list.slice(0, MAX_TERMS).join(' + ') + (list.length > MAX_TERMS ? ` + … (${list.length} terms)` : '');

export const RESIZE_OPERATIONS = [
  {
    id: 'resize',
    title: 'Resize',
    spec: 'ONNX Resize-19, torch interpolate, cv.resize',
    intro: 'Resamples axes of <code>x</code> to new lengths (<code>sizes</code>, or <code>scales</code>): each output index ' +
      'maps to an input coordinate by <code>coordinateTransformationMode</code>, and the elements around it are read ' +
      'with weights: one for <code>nearest</code>, two per axis for <code>linear</code>, four for <code>cubic</code>, ' +
      'more with <code>antialias</code> when shrinking. Integers are rounded and saturated.',
    colourNote: 'An output element has the colour of the input element it weighs most (the library’s weights, ' +
      'from the same call on one-hot inputs along each axis).',
    look: 'Look for: each output cell in the colour of the input element it weighs most; point at it to see every element it reads and its weight.',
    fields: [
      ...tensorFields('x', { shape: '3, 3', dtypes: DTYPE_CHOICES.filter((d) => d !== 'bool') }),
      { name: 'sizes', label: 'sizes', kind: 'optionalList', example: '6, 6', hint: 'the output length of each axis of axes (or give scales)' },
      { name: 'scales', label: 'scales', kind: 'optionalList', example: '2, 2', hint: 'each axis’s factor: output floor(d · scale)' },
      { name: 'axes', label: 'axes', kind: 'optionalList', example: '0, 1', hint: 'the axes resized (empty: every axis, in order)' },
      choice('mode', 'mode', MODES, 'nearest copies one element; linear and cubic interpolate'),
      choice('coordinateTransformationMode', 'coordinateTransformationMode', COORDINATES, 'how an output index maps to an input coordinate'),
      choice('nearestMode', 'nearestMode', NEAREST, 'nearest only: how a coordinate between two elements rounds'),
      { name: 'cubicCoeffA', label: 'cubicCoeffA', kind: 'optionalScalar', example: '-0.5', hint: 'cubic only: Keys’ a (empty: -0.75; PIL uses -0.5)' },
      { name: 'excludeOutside', label: 'excludeOutside', kind: 'bool', hint: 'taps outside the axis weigh 0, the rest renormalized' },
      { name: 'antialias', label: 'antialias', kind: 'bool', hint: 'linear and cubic: widen the filter by 1 / scale when shrinking' },
      choice('keepAspectRatioPolicy', 'keepAspectRatioPolicy', POLICIES, 'with sizes: one scale for every axis, fitting inside or covering'),
    ],
    defaults: {
      inputShape: '3, 3', values: '', xDtype: 'float32', sizes: '', scales: '2, 2', axes: '', mode: 'linear',
      coordinateTransformationMode: 'half_pixel', nearestMode: 'round_prefer_floor', cubicCoeffA: '', excludeOutside: false,
      antialias: false, keepAspectRatioPolicy: 'stretch',
    },
    inputs: (p) => {
      const { values, shape, dtype } = readInput(p, 'x');
      return [tensorOf(values, shape, dtype)];
    },
    args: (p) => [resizeOptions(p)],
    // Every tap and weight, and the colour (the heaviest tap), from the library (typed_operations.mjs's typedSources).
    trace: (ops, [x], [y], p) => traceResize(ops, x.shape, y.shape, resizeOptions(p)),
    rule: (p) => `${COORDINATE_RULES[p.coordinateTransformationMode]}   (${p.coordinateTransformationMode}; i: output index, d → n: the axis’s lengths, L = d · scale)`,
    // One line for the mode, then each resized axis's coordinate, filled in, with the taps it gives.
    steps: ({ trace, at }) => [modeRule(trace.rule), ...trace.axes.map((a) => {
      const i = at[a.axis];
      const f = axisTaps(trace.rule, a.d, a.n, a.scale, i);
      const agree = a.columns[i].length === f.weights.size && a.columns[i].every(({ j, w }) => Math.abs(f.weights.get(j) - w) <= 1e-9);
      const taps = f.taps.map((t) => `${t.at === t.j ? t.j : `${t.at}→${t.j}`} · ${formatValue(t.w)}`).join(', ');
      return `axis ${a.axis} (${a.d} → ${a.n}, scale ${formatValue(a.scale)}): i = ${i}, c = ${f.text} = ${formatValue(f.c)}, ` +
        `f = ${f.f}, r = ${formatValue(f.r)} → index · weight ${taps}` +
        (agree ? '' : '   (this formula and the library’s weights differ here: the outlines show the library’s)');
    })],
    filled: ({ taps, value, dtype }) => {
      const sum = taps.length ? terms(taps.map((t) => `${formatValue(t.w)} · ${t.ref}`)) : '0 (no element weighs anything)';
      const values = taps.length ? ` = ${terms(taps.map((t) => `${formatValue(t.w)} · ${t.value}`))}` : '';
      const rounded = /int/.test(dtype) ? ', rounded to nearest (ties to even) and saturated' : '';
      return `${sum}${values} = ${value}${rounded}`;
    },
    // The modes side by side on a picture, below the grids.
    more: (ops, context) => resizeModes(ops, context),
    presets: resizePresets(),
  },
];

// resize's examples: the docs' row and 2 × 2 image, then the modes and options on the tab's [3, 3].
function resizePresets() {
  const row = { inputShape: '3', values: '1, 2, 4', sizes: '', scales: '2', axes: '' };
  const img = { inputShape: '2, 2', values: '0, 64, 128, 255', xDtype: 'uint8', scales: '', axes: '' };
  return [
    { label: 'Linear, twice as large', note: '[3, 3] → [6, 6]: 2 × 2 taps each', set: {} },
    { label: 'Nearest', note: 'one tap: each element copied to 2 × 2', set: { mode: 'nearest' } },
    { label: 'Cubic', note: '4 × 4 taps, Keys’ a = -0.75', set: { mode: 'cubic' } },
    { label: 'A row, linear', note: '[1, 2, 4] → [1, 1.25, 1.75, 2.5, 3.5, 4]', set: row },
    { label: 'A row, asymmetric', note: 'c = i / scale: [1, 1.5, 2, 3, 4, 4]', set: { ...row, coordinateTransformationMode: 'asymmetric' } },
    { label: 'Down to 1, antialias', note: 'sizes [1]: every element read, 2.333', set: { ...row, scales: '', sizes: '1', antialias: true } },
    { label: 'uint8 image to 3 × 3', note: 'rounded to nearest, ties to even', set: { ...img, sizes: '3, 3' } },
    { label: 'nearestMode ceil', note: 'uint8 [2, 2], scales [1, 1.5]', set: { ...img, scales: '1, 1.5', mode: 'nearest', nearestMode: 'ceil' } },
    {
      label: 'Fit inside 3 × 3', note: '[2, 4] with not_larger: one scale, 0.75', extra: true,
      set: { inputShape: '2, 4', sizes: '3, 3', scales: '', keepAspectRatioPolicy: 'not_larger' },
    },
    { label: 'Only the last axis', note: 'axes [-1], sizes [5], align_corners', extra: true, set: { scales: '', sizes: '5', axes: '-1', coordinateTransformationMode: 'align_corners' } },
    { label: 'Shrink with antialias', note: '[2, 8] → [2, 3]: wide taps, excludeOutside', extra: true, set: { inputShape: '2, 8', scales: '', sizes: '2, 3', antialias: true, excludeOutside: true } },
  ];
}
