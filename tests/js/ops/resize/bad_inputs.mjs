// resize's bad inputs, run by tests/js/bad_inputs.test.mjs together with the
// checks every operation gets (the fields are described in
// tests/js/ops/roll/bad_inputs.mjs).
import assert from 'node:assert/strict';
import { IA, OOM, f32, x4 } from '../_shared/bad_input_kit.mjs';

const line = { data: Float32Array.of(1, 2), shape: [2] };
const s4 = [1, 1, 1, 1]; // scales that keep x4
const b4 = { data: new Uint8Array(4), shape: [4], dtype: 'bool' };

export default (ops) => ({
  correct() {
    const r = ops.resize(line, { scales: [2], mode: 'linear' });
    assert.deepEqual(Array.from(r.data), [1, 1.25, 1.75, 2]);
    assert.deepEqual(r.shape, [4]);
  },
  withX: (x) => ops.resize(x, { sizes: [1, 1, 2, 2] }),
  lists: [
    ['sizes', (v) => ops.resize(x4, { sizes: v })],
    ['axes', (v) => ops.resize(x4, { sizes: [2], axes: v })],
    ['sizes', (v) => ops.shapes.resize([1, 4, 4, 2], { sizes: v })],
  ],
  skipUndefined: ['sizes', 'axes'],
  options: {
    call: (o) => ops.resize(x4, o !== null && typeof o === 'object' && !Array.isArray(o) ? { scales: s4, ...o } : o),
    unknown: ['size', 'scale', 'roi', 'extrapolationValue', 'coordinate_transformation_mode', 'align_corners', 'dtype'],
    values: [
      ['mode misspelled', { mode: 'bilinear' }, ['mode', "'bilinear'", "'linear'"]],
      ['mode upper case', { mode: 'LINEAR' }, ['mode', "'LINEAR'"]],
      ['mode a number', { mode: 1 }, ['mode', '1']],
      ['coordinateTransformationMode unknown', { coordinateTransformationMode: 'tf_half_pixel_for_nn' }, ['coordinateTransformationMode', "'tf_half_pixel_for_nn'"]],
      ['coordinateTransformationMode camel case', { coordinateTransformationMode: 'halfPixel' }, ['coordinateTransformationMode', "'halfPixel'"]],
      ['nearestMode unknown', { nearestMode: 'round' }, ['nearestMode', "'round'"]],
      ['nearestMode null', { nearestMode: null }, ['nearestMode', 'null']],
      ['keepAspectRatioPolicy unknown', { sizes: [1, 4, 4, 2], scales: undefined, keepAspectRatioPolicy: 'fit' }, ['keepAspectRatioPolicy', "'fit'"]],
      ['excludeOutside a number', { excludeOutside: 1 }, ['excludeOutside', '1']],
      ['excludeOutside a string', { excludeOutside: 'true' }, ['excludeOutside', "'true'"]],
      ['antialias a number', { antialias: 0 }, ['antialias', '0']],
      ['antialias null', { antialias: null }, ['antialias', 'null']],
      ['cubicCoeffA a string', { cubicCoeffA: '-0.5' }, ['cubicCoeffA', "'-0.5'"]],
      ['cubicCoeffA a bigint', { cubicCoeffA: -1n }, ['cubicCoeffA', '-1n']],
      ['scales a string', { scales: '2' }, ['scales', "'2'"]],
      ['scales a bigint', { scales: 2n }, ['scales', '2n']],
      ['scales with a string element', { scales: [1, 1, '2', 1] }, ['scales', "'2'", 'not a number']],
      ['scales an Int32Array', { scales: new Int32Array(4) }, ['scales', 'Int32Array']],
      ['scales null', { scales: null }, ['scales', 'null']],
    ],
  },
  cases: [
    // sizes and scales: exactly one.
    ['neither sizes nor scales', () => ops.resize(x4), IA, ['sizes', 'scales', 'neither']],
    ['neither, only a mode', () => ops.resize(x4, { mode: 'linear' }), IA, ['sizes', 'scales', 'neither']],
    ['both sizes and scales', () => ops.resize(x4, { sizes: [1, 4, 4, 2], scales: s4 }), IA, ['sizes', 'scales', 'both']],
    ['shapes: both sizes and scales', () => ops.shapes.resize([2, 2], { sizes: [2, 2], scales: [1, 1] }), IA, ['both']],
    // counts against the axes
    ['sizes shorter than the rank', () => ops.resize(x4, { sizes: [2, 2] }), IA, ['sizes', '[2, 2]', 'rank 4']],
    ['sizes longer than the rank', () => ops.resize(x4, { sizes: [1, 1, 1, 1, 1] }), IA, ['sizes', '5 values', 'rank 4']],
    ['scales shorter than the rank', () => ops.resize(x4, { scales: [2] }), IA, ['scales', '[2]', 'rank 4']],
    ['scales a number for rank 4', () => ops.resize(x4, { scales: 2 }), IA, ['scales', '[2]', 'rank 4']],
    ['scales empty', () => ops.resize(x4, { scales: [] }), IA, ['scales', '[]', 'rank 4']],
    ['sizes against axes', () => ops.resize(x4, { sizes: [2, 2], axes: [1] }), IA, ['sizes', 'axes', '[1]', 'lists 1']],
    ['scales against axes', () => ops.resize(x4, { scales: [2], axes: [1, 2] }), IA, ['scales', 'axes', '[1, 2]', 'lists 2']],
    ['shapes: sizes against the rank', () => ops.shapes.resize([3, 3], { sizes: [2] }), IA, ['sizes', 'rank 2']],
    // axes
    ['axes 4 for rank 4', () => ops.resize(x4, { sizes: [2], axes: [4] }), IA, ['axes', '4', '[-4, 4)']],
    ['axes -5 for rank 4', () => ops.resize(x4, { sizes: [2], axes: [-5] }), IA, ['axes', '-5']],
    ['axes repeated', () => ops.resize(x4, { sizes: [2, 2], axes: [1, 1] }), IA, ['axes', '[1, 1]', 'repeats axis 1']],
    ['axes repeated through a negative', () => ops.resize(x4, { sizes: [2, 2], axes: [3, -1] }), IA, ['axes', '[3, -1]', 'repeats axis 3']],
    ['axes 2^53', () => ops.resize(x4, { sizes: [2], axes: [2 ** 53] }), IA, ['axes', '9007199254740992']],
    ['axes of a scalar', () => ops.resize(f32([]), { sizes: [2], axes: [0] }), IA, ['axes', '0']],
    // scales' values
    ['a scale of 0', () => ops.resize(x4, { scales: [1, 1, 0, 1] }), IA, ['scales', '[1, 1, 0, 1]', 'finite number > 0']],
    ['a negative scale', () => ops.resize(x4, { scales: [1, -2, 1, 1] }), IA, ['scales', '-2', '> 0']],
    ['a scale of -0', () => ops.resize(x4, { scales: [1, -0, 1, 1] }), IA, ['scales', '> 0']],
    ['a NaN scale', () => ops.resize(x4, { scales: [1, 1, NaN, 1] }), IA, ['scales', 'NaN', '> 0']],
    ['an infinite scale', () => ops.resize(x4, { scales: [1, 1, Infinity, 1] }), IA, ['scales', 'Infinity', 'finite']],
    ['a scale giving a dim past 2^53', () => ops.resize(x4, { scales: [1, 1, 1e300, 1] }), IA, ['scales', '1e+300', '2^53']],
    ['shapes: a scale of 0', () => ops.shapes.resize([4], { scales: [0] }), IA, ['scales', '[0]']],
    ['scales a Float32Array with 0', () => ops.resize(x4, { scales: Float32Array.of(1, 1, 0, 1) }), IA, ['scales', '> 0']],
    ['scales a Float64Array with NaN', () => ops.resize(line, { scales: Float64Array.of(NaN) }), IA, ['scales', 'NaN']],
    ['scales Infinity for rank 1', () => ops.resize(line, { scales: Infinity }), IA, ['scales', 'Infinity']],
    ['scales with an undefined element', () => ops.resize(line, { scales: [undefined] }), IA, ['scales', 'undefined']],
    ['a scale giving 4e16', () => ops.resize(f32([4]), { scales: [1e16] }), IA, ['scales', '1e+16', '2^53']],
    ['a zero scale on a kept tensor', () => {
      const t = ops.tensor(line.data, [2]);
      try {
        ops.resize(t, { scales: [0] });
      } finally {
        t.dispose();
      }
    }, IA, ['scales', '[0]']],
    ['shapes: keepAspectRatioPolicy with scales', () => ops.shapes.resize([2, 2], { scales: [2, 2], keepAspectRatioPolicy: 'not_smaller' }), IA,
      ['keepAspectRatioPolicy', 'sizes only']],
    ['shapes: axes repeated', () => ops.shapes.resize([2, 2], { sizes: [2, 2], axes: [0, -2] }), IA, ['axes', '[0, -2]', 'repeats axis 0']],
    ['axes empty with one size', () => ops.resize(x4, { sizes: [2], axes: [] }), IA, ['sizes', 'axes', '[]', 'lists 0']],
    ['cubicCoeffA a Float64Array of two', () => ops.resize(x4, { scales: s4, mode: 'cubic', cubicCoeffA: Float64Array.of(1, 2) }), IA,
      ['cubicCoeffA', '[1, 2]']],
    // sizes' values
    ['a negative size', () => ops.resize(x4, { sizes: [1, -1, 4, 2] }), IA, ['sizes', '-1']],
    ['a size past 2^53 as a bigint', () => ops.resize(x4, { sizes: [1, 2n ** 60n, 4, 2] }), IA, ['sizes', '1152921504606846976', '2^53']],
    ['a size too large to hold', () => ops.resize(x4, { sizes: [1, 2 ** 40, 2 ** 12, 2] }), OOM, ['resize']],
    ['shapes: a negative size', () => ops.shapes.resize([4], { sizes: [-3] }), IA, ['sizes', '-3']],
    ['a dim of 0 resized to 3', () => ops.resize(f32([0, 2]), { sizes: [3, 2] }), IA, ['x.shape[0] = 0', 'nothing to resize', '3']],
    // modes and coordinate transformations
    ['tf_crop_and_resize', () => ops.resize(x4, { scales: s4, coordinateTransformationMode: 'tf_crop_and_resize' }), IA,
      ['coordinateTransformationMode', "'tf_crop_and_resize'", 'not supported', 'slice']],
    ['tf_crop_and_resize in ops.shapes', () => ops.shapes.resize([2, 2], { sizes: [3, 3], coordinateTransformationMode: 'tf_crop_and_resize' }), IA,
      ['tf_crop_and_resize', 'slice']],
    ['tf_crop_and_resize with linear', () => ops.resize(x4, { sizes: [1, 2, 2, 2], mode: 'linear', coordinateTransformationMode: 'tf_crop_and_resize' }), IA,
      ['tf_crop_and_resize']],
    ['cubicCoeffA two values', () => ops.resize(x4, { scales: s4, mode: 'cubic', cubicCoeffA: [-0.5, -0.75] }), IA, ['cubicCoeffA', '[-0.5, -0.75]']],
    ['cubicCoeffA NaN', () => ops.resize(x4, { scales: s4, mode: 'cubic', cubicCoeffA: NaN }), IA, ['cubicCoeffA', 'NaN', 'finite']],
    ['cubicCoeffA Infinity', () => ops.resize(x4, { scales: s4, mode: 'cubic', cubicCoeffA: -Infinity }), IA, ['cubicCoeffA', '-Infinity']],
    ['cubicCoeffA empty', () => ops.resize(x4, { scales: s4, mode: 'cubic', cubicCoeffA: [] }), IA, ['cubicCoeffA', '[]']],
    // keepAspectRatioPolicy
    ['keepAspectRatioPolicy with scales', () => ops.resize(x4, { scales: s4, keepAspectRatioPolicy: 'not_larger' }), IA,
      ['keepAspectRatioPolicy', "'not_larger'", 'sizes only']],
    ['not_smaller with scales', () => ops.resize(x4, { scales: s4, keepAspectRatioPolicy: 'not_smaller' }), IA,
      ['keepAspectRatioPolicy', "'not_smaller'"]],
    ['keepAspectRatioPolicy on a dim of 0', () => ops.resize(f32([0, 2]), { sizes: [0, 4], keepAspectRatioPolicy: 'not_larger' }), IA,
      ['x.shape[0] = 0', 'aspect ratio']],
    // dtypes
    ['x bool', () => ops.resize(b4, { sizes: [8] }), IA, ['x.dtype bool', 'uint8']],
    ['x bool, kept', () => {
      const t = ops.tensor(b4.data, [4], 'bool');
      try {
        ops.resize(t, { sizes: [8] });
      } finally {
        t.dispose();
      }
    }, IA, ['bool']],
    ['shapes with dtype bool', () => ops.shapes.resize([4], { sizes: [8], dtype: 'bool' }), IA, ['x.dtype bool']],
    ['shapes with an unknown dtype', () => ops.shapes.resize([4], { sizes: [8], dtype: 'float8' }), IA, ['dtype', "'float8'"]],
    // out
    ['out too short', () => ops.resize(line, { scales: [2], out: new Float32Array(3) }), IA, ['out', '3', '4']],
    ['out too long', () => ops.resize(line, { scales: [2], out: new Float32Array(5) }), IA, ['out', '5', '4']],
    ['out of another dtype', () => ops.resize(line, { scales: [2], out: new Float64Array(4) }), IA, ['out', 'Float32Array', 'Float64Array']],
    ['out a plain array', () => ops.resize(line, { scales: [2], out: [0, 0, 0, 0] }), IA, ['out']],
    ['out for uint8 a Uint16Array', () => ops.resize({ data: new Uint8Array(2), shape: [2], dtype: 'uint8' }, { sizes: [4], out: new Uint16Array(4) }), IA,
      ['out', 'Uint8Array', 'Uint16Array']],
  ],
});
