// A few calls of reshape on small shapes, for the suites that run every
// operation (`offset` > 0 feeds a subarray).
export const samples = [
  { label: '[2,3,4] -> [4,-1]', shape: [2, 3, 4], args: { shape: [4, -1] } },
  { label: 'specialZero [0,-1]', shape: [2, 3, 4], args: { shape: [0, -1], specialZero: true } },
  { label: 'to a scalar', shape: [1, 1], args: { shape: [] } },
];
