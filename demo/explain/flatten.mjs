// flatten: nothing moves. y is a matrix: row i runs over the dims of x before
// `axis` and column j over the dims from `axis` on, each unravelled in
// row-major order.
import { axisOf, read, ref, strides, unravel } from './format.mjs';

// How `name` (a row or column number) unravels over `dims`: x's index parts.
function unravelled(name, dims) {
  const s = strides(dims);
  return dims.map((d, a) => {
    if (d === 1) return '0';
    const q = s[a] === 1 ? name : `${name} / ${s[a]}`;
    return a === 0 ? q : `${q} % ${d}`;
  });
}

export function explainFlatten(call, out) {
  const shape = call.inputs[0];
  const given = call.args[0];
  const axis = axisOf(given === undefined || given === null ? 1 : given, shape.length);
  const rows = shape.slice(0, axis);
  const cols = shape.slice(axis);
  const [i, j] = out.index;
  return read({
    lhs: ref('y', out.index),
    parts: [...unravelled('i', rows), ...unravelled('j', cols)],
    index: [...unravel(i, rows), ...unravel(j, cols)],
    values: { i, j },
    note: `row i runs over x's dims before axis ${axis}, column j over the others: the same data, in the same order`,
  });
}
