// A few calls of broadcast on small shapes, for the suites that run every
// operation (`offset` > 0 feeds a subarray).
export const samples = [
  { label: 'numpy [3,1] -> [2,3,4]', shape: [3, 1], args: { targetShape: [2, 3, 4] } },
  { label: 'bidirectional [3,1,2] with [1,1,4,1]', shape: [3, 1, 2], args: { targetShape: [1, 1, 4, 1], mode: 'bidirectional' } },
  { label: 'explicit [3] -> [2,3,2] axes [1]', shape: [3], args: { targetShape: [2, 3, 2], mode: 'explicit', axesMapping: [1] } },
  { label: 'scalar -> [5]', shape: [], args: { targetShape: [5] } },
];
