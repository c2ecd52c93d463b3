// A few calls of pad on small shapes, for the suites that run every
// operation (`offset` > 0 feeds a subarray).
export const samples = [
  { label: 'constant [2,3,4] (value left out: 0)', shape: [2, 3, 4], args: { padsBegin: [1, 0, 2], padsEnd: [0, 2, 1] } },
  { label: 'constant value 0, crops [-1,..]', shape: [3, 4], args: { padsBegin: [-1, 2], padsEnd: [1, -1], value: 0 } },
  { label: 'edge [1,4,5,3] on H and W', shape: [1, 4, 5, 3], args: { padsBegin: [0, 1, 2, 0], padsEnd: [0, 2, 1, 0], mode: 'edge' } },
  { label: 'reflect [3,4], subarray input', shape: [3, 4], args: { padsBegin: [2, 1], padsEnd: [1, 3], mode: 'reflect' }, offset: 3 },
  { label: 'symmetric [2,3,2] equal pads', shape: [2, 3, 2], args: { padsBegin: [1, 3, 2], padsEnd: [1, 3, 2], mode: 'symmetric' } },
  { label: 'wrap [2,3] by 7 and 5', shape: [2, 3], args: { padsBegin: [7, -1], padsEnd: [1, 5], mode: 'wrap' } },
];
