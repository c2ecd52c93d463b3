// A few calls of scatterND on small shapes, for the suites that run every
// operation on every dtype in every engine and runtime (x and updates take
// the dtype under test, the indices are int32 and given here, in range;
// results are compared with Node's, the values themselves are
// golden.test.mjs's).
export const samples = [
  { label: 'rows of [4,3]', shapes: [[4, 3], [2, 1], [2, 3]], values: [undefined, [3, -4]], args: {} },
  { label: 'elements of [2,3], duplicates multiplied', shapes: [[2, 3], [3, 2], [3]], values: [undefined, [1, 2, 0, 0, 1, 2]],
    args: { reduction: 'mul' } },
  { label: 'one element of [6] min, subarray inputs', shapes: [[6], [1, 1], [1]], values: [undefined, [5]], args: { reduction: 'min' }, offset: 1 },
];
