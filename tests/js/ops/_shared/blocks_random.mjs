// A random valid call of spaceToDepth or depthToSpace for the demo's
// explainers: every format and mode, 1 to 3 spatial dims with NCHW.

/** A call { op, inputs, args } of `op` drawn with the kit of random_kit.mjs. */
export function randomBlockCall({ int, pick, chance }, op) {
  const format = pick(['NHWC', 'NCHW', 'NCHW_VECT_C']);
  const mode = pick(['blocks_first', 'depth_first']);
  const K = format === 'NCHW' ? int(1, 3) : 2;
  const b = K === 3 ? int(1, 2) : int(1, 3);
  const N = chance(0.05) ? 0 : int(1, 2);
  const blockVolume = b ** K;
  const toDepth = op === 'spaceToDepth';
  const spatial = Array.from({ length: K }, () => (toDepth ? b * int(1, 2) : int(1, 2)));
  let shape;
  if (format === 'NCHW_VECT_C') {
    // depthToSpace: the output channel count must be a multiple of 4.
    const groups = int(1, 2);
    shape = [N, toDepth ? groups : groups * blockVolume, ...spatial, 4];
  } else {
    const C = int(1, 3) * (toDepth ? 1 : blockVolume);
    shape = format === 'NHWC' ? [N, ...spatial, C] : [N, C, ...spatial];
  }
  const blockSize = chance(0.2) ? BigInt(b) : b;
  return { op, inputs: [shape], args: [blockSize, { dataFormat: format, mode }] };
}
