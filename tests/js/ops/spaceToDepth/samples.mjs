// Calls of spaceToDepth for the suites that run every operation: each format
// (NCHW also with 3 spatial dims) in both modes.
const SHAPES = [['NHWC', [2, 4, 6, 3]], ['NCHW', [1, 2, 4, 6]], ['NCHW', [1, 2, 2, 4, 2]], ['NCHW_VECT_C', [1, 2, 4, 2, 4]]];

export const samples = SHAPES.flatMap(([dataFormat, shape]) => ['blocks_first', 'depth_first'].map((mode) =>
  ({ label: `${dataFormat} ${JSON.stringify(shape)} ${mode}`, shape, args: { blockSize: 2, dataFormat, mode } })));
