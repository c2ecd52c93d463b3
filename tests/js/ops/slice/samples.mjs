// A few calls of slice on small shapes, for the suites that run every
// operation (`offset` > 0 feeds a subarray).
export const samples = [
  { label: '[4,6,5] rows 1..3, every other column backwards', shape: [4, 6, 5], args: { starts: [1, -1], ends: [3, -7], axes: [0, 1], steps: [1, -2] } },
  { label: 'center crop of [1,8,8,3] (axes 1, 2)', shape: [1, 8, 8, 3], args: { starts: [2, 2], ends: [6, 6], axes: [1, 2] } },
  { label: 'int64 extremes as bigints, subarray input', shape: [3, 5, 2], args: { starts: [2n ** 63n - 1n, 1n], ends: [-(2n ** 63n), 2n ** 63n - 1n], axes: [-3, 1], steps: [-1, 2] }, offset: 3 },
];
