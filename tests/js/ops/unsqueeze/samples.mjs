// A few calls of unsqueeze on small shapes, for the suites that run every
// operation (`offset` > 0 feeds a subarray).
export const samples = [
  { label: '[2,3,4] axes [0]', shape: [2, 3, 4], args: { axes: [0] } },
  { label: '[3,5] axes [-1, 1] (positions of the output)', shape: [3, 5], args: { axes: [-1, 1] } },
  { label: 'a scalar to [1,1], subarray input', shape: [], args: { axes: [1, 0] }, offset: 2 },
];
