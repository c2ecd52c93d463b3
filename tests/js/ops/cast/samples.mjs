// A few calls of cast on small shapes, for the suites that run every
// operation on every dtype in every engine and runtime (their results are
// compared with Node's; the values themselves are golden.test.mjs's).
export const samples = [
  { label: '[2,3] to float16', shape: [2, 3], args: { dtype: 'float16' } },
  { label: '[3,4] to int8, nearest', shape: [3, 4], args: { dtype: 'int8', rounding: 'nearest' } },
  { label: '[2,3,2] to float32, scale and bias per index of axis 1, subarray input', shape: [2, 3, 2],
    args: { dtype: 'float32', scale: [0.5, -2, 1 / 255], bias: [1, 0, -0.25], axis: 1 }, offset: 3 },
  { label: '[5] to uint64', shape: [5], args: { dtype: 'uint64' } },
];
