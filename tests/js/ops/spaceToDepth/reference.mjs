// spaceToDepth's reference (docs/operations/spaceToDepth.md).
import { blockPairs, checkBlockArgs, layout, physicalShape } from '../_shared/blocks_reference.mjs';
import { mismatch, vol } from '../_shared/reference_kit.mjs';

export function spaceToDepth(inShape, b, format = 'NHWC', mode = 'blocks_first') {
  b = Number(b);
  const sp = layout(inShape, format);
  checkBlockArgs(b, mode);
  if (sp.S.some((d) => d % b !== 0)) throw mismatch('spatial not divisible');
  const shape = physicalShape(format, sp.N, sp.C * b ** sp.S.length, sp.S.map((d) => d / b));
  const src = new Array(vol(shape));
  blockPairs(sp, b, format, mode, (s, d) => { src[d] = s; });
  return { shape, src };
}
