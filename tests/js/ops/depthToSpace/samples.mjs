// Calls of depthToSpace for the suites that run every operation: each format
// (NCHW also with 3 spatial dims) in both modes.
const SHAPES = [['NHWC', [1, 2, 3, 8]], ['NCHW', [2, 8, 2, 3]], ['NCHW', [1, 16, 1, 2, 1]], ['NCHW_VECT_C', [1, 4, 2, 3, 4]]];

export const samples = SHAPES.flatMap(([dataFormat, shape]) => ['blocks_first', 'depth_first'].map((mode) =>
  ({ label: `${dataFormat} ${JSON.stringify(shape)} ${mode}`, shape, args: { blockSize: 2, dataFormat, mode } })));
