// A few calls of argMax on small shapes, for the suites that run every
// operation on every dtype in every engine and runtime (their results are
// compared with Node's; the values themselves are golden.test.mjs's).
export const samples = [
  { label: '[3,4] along axis 1', shape: [3, 4], args: { axis: 1 } },
  { label: '[2,3,2] along axis -2, keepDims, the last of ties, int64', shape: [2, 3, 2],
    args: { axis: -2, keepDims: true, selectLastIndex: true, dtype: 'int64' } },
  { label: '[5] along axis 0, subarray input', shape: [5], args: { axis: 0 }, offset: 2 },
];
