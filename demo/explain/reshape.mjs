// reshape: nothing moves. y's element at row-major position f is x's element
// at position f, so x's index is f unravelled in x.shape.
import { numList, read, ref, strides, unravel } from './format.mjs';

// The output shape: a 0 copies x's dim with specialZero, a -1 takes the rest.
function outputShape(xShape, shape, specialZero) {
  const dims = shape.map((d, i) => (specialZero && d === 0 ? xShape[i] : d));
  const free = dims.indexOf(-1);
  if (free >= 0) {
    const known = dims.reduce((p, d) => (d === -1 ? p : p * d), 1);
    dims[free] = xShape.reduce((p, d) => p * d, 1) / known;
  }
  return dims;
}

export function explainReshape(call, out) {
  const xShape = call.inputs[0];
  const [shape, options] = call.args;
  const yShape = outputShape(xShape, numList(shape), options?.specialZero === true);
  const yStrides = strides(yShape);
  const f = out.index.reduce((sum, c, a) => sum + c * yStrides[a], 0);
  const xStrides = strides(xShape);
  const parts = xShape.map((d, a) => {
    if (d === 1) return '0';
    const s = xStrides[a];
    const q = s === 1 ? 'f' : `f / ${s}`;
    return a === 0 ? q : `${q} % ${d}`;
  });
  return read({
    lhs: ref('y', out.index), parts, index: unravel(f, xShape), values: { f },
    note: `f = ${f}: the row-major position of this element, which reshape keeps (the same data in a new shape)`,
  });
}
