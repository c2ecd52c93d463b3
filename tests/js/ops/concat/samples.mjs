// A few calls of concat on small shapes, for the suites that run every
// operation (`offset` > 0 feeds a subarray).
export const samples = [
  { label: '3 tensors along axis 0', shapes: [[2, 3], [1, 3], [4, 3]], args: { axis: 0 } },
  { label: 'along the last axis, an empty input', shapes: [[2, 3, 2], [2, 3, 0], [2, 3, 5]], args: { axis: -1 } },
  { label: 'one tensor, a middle axis, subarray inputs', shapes: [[2, 4, 3]], args: { axis: 1 }, offset: 3 },
];
