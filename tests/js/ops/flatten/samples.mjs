// A few calls of flatten on small shapes, for the suites that run every
// operation (`offset` > 0 feeds a subarray).
export const samples = [
  { label: '[2,3,4] axis left out (1)', shape: [2, 3, 4], args: {} },
  { label: '[2,3,4,2] axis -1', shape: [2, 3, 4, 2], args: { axis: -1 } },
  { label: '[3,4] axis 0, subarray input', shape: [3, 4], args: { axis: 0 }, offset: 5 },
];
