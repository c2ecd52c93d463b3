// What spaceToBatch's and batchToSpace's references require of their lists
// (blockShape and the pads or crops obey the same rules).
import { intList, invalid } from './reference_kit.mjs';

export function batchLists(inShape, block, begin, end) {
  const lists = [intList(block), intList(begin), intList(end)];
  const rank = inShape.length;
  if (rank < 2) throw invalid('rank below 2');
  if (lists.some((l) => l.length !== rank)) throw invalid('a list not of length rank');
  const [b, p, q] = lists;
  if (b.some((v) => v < 1) || b[0] !== 1) throw invalid('blockShape');
  if ([...p, ...q].some((v) => v < 0) || p[0] !== 0 || q[0] !== 0) throw invalid('pads or crops');
  return lists;
}
