// A few calls of tile for the suites that run every operation: rank promotion both ways, a repeat of 0, a scalar.
export const samples = [
  { label: '[2,3] repeats [2,1,3] (ones prepended to x.shape)', shape: [2, 3], args: { repeats: [2, 1, 3] } },
  { label: '[3,1,4] repeats [2] (ones prepended to repeats), subarray input', shape: [3, 1, 4], args: { repeats: [2] }, offset: 3 },
  { label: '[2,2] repeats [0,2] (empty)', shape: [2, 2], args: { repeats: [0, 2] } },
  { label: 'scalar repeats 3', shape: [], args: { repeats: 3 } },
];
