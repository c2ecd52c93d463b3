// A few calls of spaceToBatch for the suites that run every operation: TensorFlow NHWC, pads that cut blocks, rank 3.
export const samples = [
  { label: 'NHWC [2,4,6,3] blocks [1,2,2,1]', shape: [2, 4, 6, 3], args: { blockShape: [1, 2, 2, 1], padsBegin: [0, 0, 0, 0], padsEnd: [0, 0, 0, 0] } },
  { label: '[1,3,5,2] blocks [1,2,3,1] with zero pads, subarray input', shape: [1, 3, 5, 2], offset: 2,
    args: { blockShape: [1, 2, 3, 1], padsBegin: [0, 1, 2, 0], padsEnd: [0, 0, 2, 0] } },
  { label: 'rank 3 [2,5,3] blocks [1,3,1]', shape: [2, 5, 3], args: { blockShape: [1, 3, 1], padsBegin: [0, 0, 1], padsEnd: [0, 1, 0] } },
];
