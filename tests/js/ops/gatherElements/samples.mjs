// A few calls of gatherElements on small shapes, for the suites that run every
// operation (`offset` > 0 feeds a subarray).
export const samples = [
  { label: '[3,4] along the last axis (int64 tensor)', shape: [3, 4], args: { indices: { data: BigInt64Array.from([3n, -1n, 0n, 1n, 2n, -4n]), shape: [3, 2] }, axis: -1 } },
  { label: '[3,2,2] along axis 0, smaller dims (uint32)', shape: [3, 2, 2], args: { indices: { data: Uint32Array.from([2, 0, 1, 2]), shape: [4, 1, 1] } } },
];
