// A few calls of triangular on small shapes, for the suites that run every
// operation on every dtype in every engine and runtime (their results are
// compared with Node's; the values themselves are golden.test.mjs's).
export const samples = [
  { label: '[3,4] upper', shape: [3, 4], args: {} },
  { label: '[2,3,3] lower from diagonal 1', shape: [2, 3, 3], args: { upper: false, diagonal: 1 } },
  { label: '[4,2] upper from diagonal -1, subarray input', shape: [4, 2], args: { diagonal: -1 }, offset: 3 },
];
