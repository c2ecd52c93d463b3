// A few calls of gather on small shapes, for the suites that run every
// operation (`offset` > 0 feeds a subarray).
export const samples = [
  { label: 'rows of [3,2] by [[0,1],[1,2]] (int32 tensor)', shape: [3, 2], args: { indices: { data: Int32Array.from([0, 1, 1, 2]), shape: [2, 2] } } },
  { label: 'axis -1 of [2,3,4], negative indices (array)', shape: [2, 3, 4], args: { indices: [3, -1, 0], axis: -1 } },
  { label: 'a scalar index (number) on axis 1, subarray input', shape: [2, 5, 3], args: { indices: -2, axis: 1 }, offset: 3 },
  { label: 'batchDims 1, uint64 indices', shape: [2, 3, 2], args: { indices: { data: BigUint64Array.from([2n, 0n, 1n, 1n]), shape: [2, 2] }, axis: 1, batchDims: 1 } },
];
