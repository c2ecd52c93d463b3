// flatten's reference (docs/operations/flatten.md): [vol(dims before axis),
// vol(dims from axis on)], the same elements in the same order.
import { RefError, invalid, vol } from '../_shared/reference_kit.mjs';

export function flatten(inShape, axis = 1) {
  const rank = inShape.length;
  if (Array.isArray(axis) || ArrayBuffer.isView(axis)) throw invalid('axis must be one integer');
  const v = BigInt(axis ?? 1);
  if (v < -BigInt(rank) || v > BigInt(rank)) throw invalid(`axis value ${v} out of range`);
  const a = Number(v < 0n ? v + BigInt(rank) : v);
  const shape = [vol(inShape.slice(0, a)), vol(inShape.slice(a))];
  if (shape.some((d) => d > 2 ** 53)) throw new RefError('OUT_OF_MEMORY', `a dim beyond 2^53: [${shape}]`);
  return { shape, src: Array.from({ length: vol(inShape) }, (_, i) => i) };
}
