// A few calls of batchToSpace for the suites that run every operation: TensorFlow NHWC, crops that cut blocks, rank 3.
export const samples = [
  { label: 'NHWC [8,2,3,3] blocks [1,2,2,1]', shape: [8, 2, 3, 3], args: { blockShape: [1, 2, 2, 1], cropsBegin: [0, 0, 0, 0], cropsEnd: [0, 0, 0, 0] } },
  { label: '[6,2,3,2] blocks [1,2,3,1] with crops, subarray input', shape: [6, 2, 3, 2], offset: 2,
    args: { blockShape: [1, 2, 3, 1], cropsBegin: [0, 1, 2, 0], cropsEnd: [0, 0, 2, 0] } },
  { label: 'rank 3 [6,2,4] blocks [1,3,1]', shape: [6, 2, 4], args: { blockShape: [1, 3, 1], cropsBegin: [0, 0, 1], cropsEnd: [0, 1, 2] } },
];
