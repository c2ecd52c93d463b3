// A few calls of roll on small shapes, for the suites that run every
// operation (`offset` > 0 feeds a subarray).
export const samples = [
  { label: '[3,4,5] shifts [1,-2,7]', shape: [3, 4, 5], args: { shift: [1, -2, 7], axes: [0, 1, 2] } },
  { label: 'one shift, axes [-1,0], subarray input', shape: [3, 4, 5], args: { shift: 2, axes: [-1, 0] }, offset: 3 },
];
