// What every operation's bad-input cases (tests/js/ops/<op>/bad_inputs.mjs)
// build on: the error codes, a valid rank-4 input x4, and small makers of
// tensors. The harness that runs the cases is tests/js/bad_inputs.test.mjs.
export { assertSameBits, gather } from '../../helpers.mjs';

export const IA = 'INVALID_ARGUMENT';
export const SM = 'SHAPE_MISMATCH';
export const OOM = 'OUT_OF_MEMORY';

/** A float32 tensor of `shape` holding 0, 1, 2, ...; `n` elements (default: the shape's volume). */
export const f32 = (shape, n = shape.reduce((p, d) => p * Number(d), 1)) =>
  ({ data: Float32Array.from({ length: n }, (_, i) => i), shape });

/** A typed array of `n` elements whose buffer was transferred away. */
export function detached(n, Type = Float32Array) {
  const data = new Type(n);
  structuredClone(data.buffer, { transfer: [data.buffer] });
  return data;
}

// Every operation gets parameters that accept this x, so that only the
// parameter under test is wrong.
export const x4 = f32([1, 4, 4, 2]);

/** An int32 index tensor. */
export const I32 = (values, shape = [values.length]) => ({ data: Int32Array.from(values), shape });
