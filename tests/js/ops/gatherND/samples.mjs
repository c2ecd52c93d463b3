// A few calls of gatherND on small shapes, for the suites that run every
// operation (`offset` > 0 feeds a subarray).
export const samples = [
  { label: 'pairs into [2,3,2]', shape: [2, 3, 2], args: { indices: { data: Int32Array.from([0, 1, 1, 2, -1, 0]), shape: [3, 2] } } },
  { label: 'batchDims 1, one index per batch (int64), subarray input', shape: [2, 3, 4], args: { indices: { data: BigInt64Array.from([2n, -3n]), shape: [2, 1] }, batchDims: 1 }, offset: 2 },
];
