// A few calls of scatterElements on small shapes, for the suites that run
// every operation on every dtype in every engine and runtime (x and updates
// take the dtype under test, the indices are int32 and given here, in
// range; results are compared with Node's, the values themselves are
// golden.test.mjs's).
export const samples = [
  { label: '[3,3] along axis 0', shapes: [[3, 3], [2, 3], [2, 3]], values: [undefined, [1, 0, 2, 0, 2, 1]], args: {} },
  { label: '[2,4] along axis -1, duplicates added', shapes: [[2, 4], [2, 3], [2, 3]], values: [undefined, [3, 3, -1, 0, 1, 0]],
    args: { axis: -1, reduction: 'add' } },
  { label: '[5] max, subarray inputs', shapes: [[5], [3], [3]], values: [undefined, [4, 0, 4]], args: { reduction: 'max' }, offset: 2 },
];
