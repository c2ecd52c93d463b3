// A few calls of topK on small shapes, for the suites that run every
// operation on every dtype in every engine and runtime (their results are
// compared with Node's; the values themselves are golden.test.mjs's).
export const samples = [
  { label: '[3,4] k 2 along the last axis', shape: [3, 4], args: { k: 2 } },
  { label: '[2,3,2] k 3 along axis -2, the smallest, unsorted, int64', shape: [2, 3, 2],
    args: { k: 3, axis: -2, largest: false, sorted: false, dtype: 'int64' } },
  { label: '[5] k 0, subarray input', shape: [5], args: { k: 0 }, offset: 2 },
  { label: '[40] k 4 (the heap path)', shape: [40], args: { k: 4, axis: 0 } },
];
