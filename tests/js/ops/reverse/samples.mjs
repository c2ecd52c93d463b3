// A few calls of reverse on small shapes, for the suites that run every
// operation (`offset` > 0 feeds a subarray).
export const samples = [
  { label: '[2,3,4] every axis (axes left out)', shape: [2, 3, 4], args: {} },
  { label: '[3,4,5] axes [-1, 0]', shape: [3, 4, 5], args: { axes: [-1, 0] } },
  { label: 'axes [] (a copy), subarray input', shape: [2, 5], args: { axes: [] }, offset: 4 },
];
