// depthToSpace's reference (docs/operations/depthToSpace.md): spaceToDepth's
// (space, depth) pairs read backwards.
import { blockPairs, checkBlockArgs, layout, physicalShape } from '../_shared/blocks_reference.mjs';
import { mismatch, vol } from '../_shared/reference_kit.mjs';

export function depthToSpace(inShape, b, format = 'NHWC', mode = 'blocks_first') {
  b = Number(b);
  const dp = layout(inShape, format);
  checkBlockArgs(b, mode);
  const bK = b ** dp.S.length;
  const C = dp.C / bK;
  if (dp.C % bK !== 0 || (format === 'NCHW_VECT_C' && C % 4 !== 0)) throw mismatch('depth not divisible');
  const shape = physicalShape(format, dp.N, C, dp.S.map((d) => d * b));
  const sp = layout(shape, format);
  const src = new Array(vol(shape));
  blockPairs(sp, b, format, mode, (s, d) => { src[s] = d; });
  return { shape, src };
}
