// A few calls of where on small shapes, for the suites that run every
// operation on every dtype in every engine and runtime (a and b take the
// dtype under test, the condition is bool; results are compared with
// Node's, the values themselves are golden.test.mjs's).
export const samples = [
  { label: 'three [2,3]', shapes: [[2, 3], [2, 3], [2, 3]], args: {} },
  { label: 'a [3] condition, b [2,1], broadcast', shapes: [[3], [2, 3], [2, 1]], args: {} },
  { label: 'a scalar b, subarray inputs', shapes: [[4, 1], [1, 5], []], args: {}, offset: 2 },
];
