// A few calls of squeeze on small shapes, for the suites that run every
// operation (`offset` > 0 feeds a subarray).
export const samples = [
  { label: '[1,3,1,4] every dim of 1 (axes left out)', shape: [1, 3, 1, 4], args: {} },
  { label: '[2,1,3,1] axes [-1, 1]', shape: [2, 1, 3, 1], args: { axes: [-1, 1] } },
  { label: '[1,1] to a scalar, subarray input', shape: [1, 1], args: { axes: [0, 1] }, offset: 3 },
];
