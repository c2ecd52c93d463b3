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
  },
];
