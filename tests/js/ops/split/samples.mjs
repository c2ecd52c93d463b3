// A few calls of split on small shapes, for the suites that run every
// operation (`offset` > 0 feeds a subarray).
export const samples = [
  { label: '[6,4] into 3 equal parts', shape: [6, 4], args: { splits: 3 } },
  { label: 'lengths [1,-1,2] along axis -1', shape: [2, 3, 6], args: { splits: [1, -1, 2], axis: -1 } },
  { label: 'a list of one length: one part, subarray input', shape: [3, 2], args: { splits: [3] }, offset: 2 },
];
