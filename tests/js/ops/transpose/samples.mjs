// A few calls of transpose on small shapes, for the suites that run every
// operation (`offset` > 0 feeds a subarray).
export const samples = [
  { label: '[2,3,4] reversed (perm left out)', shape: [2, 3, 4], args: {} },
  { label: 'NHWC -> NCHW [1,4,5,3]', shape: [1, 4, 5, 3], args: { perm: [0, 3, 1, 2] } },
  { label: 'negative entries, subarray input', shape: [3, 1, 4, 2], args: { perm: [-1, 0, -2, 1] }, offset: 5 },
];
