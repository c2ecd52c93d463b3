// spaceToBatch and batchToSpace: the batch index is (o1, ..., ok) * N + n,
// the block offsets o numbered row-major (the outer part) and the input
// batch n (the inner part); on each axis the padded (or uncropped) index
// is j*blockShape + o. Axes with block 1 have o = 0 and are left out.
import { fill, numList, plus, read, ref } from './format.mjs';

// The block offsets (o1, ..., ok) numbered row-major, as an expression over
// the axes whose block is above 1: ((o1*b2 + o2)*b3 + o3).
function offsetNumber(blocks) {
  let expr = '';
  for (let i = 1; i < blocks.length; i++) {
    if (blocks[i] === 1) continue;
    expr = expr ? `${expr.includes(' ') ? `(${expr})` : expr}*${blocks[i]} + o${i}` : `o${i}`;
  }
  return expr;
}

function offsetsOf(number, blocks) {
  const o = blocks.map(() => 0);
  for (let i = blocks.length - 1; i >= 1; i--) {
    o[i] = number % blocks[i];
    number = Math.floor(number / blocks[i]);
  }
  return o;
}

export function explainSpaceToBatch(call, out) {
  const xShape = call.inputs[0];
  const [blockArg, beginArg] = call.args;
  const blocks = numList(blockArg);
  const begins = numList(beginArg);
  const N = xShape[0];
  const n = out.index[0] % N;
  const o = offsetsOf(Math.floor(out.index[0] / N), blocks);
  const lhs = ref('y', out.index);
  const values = { n };
  const parts = ['n'];
  const index = [n];
  for (let i = 1; i < xShape.length; i++) {
    const j = out.index[i];
    values[`j${i}`] = j;
    values[`o${i}`] = o[i];
    const padded = j * blocks[i] + o[i];
    const at = padded - begins[i];
    if (at < 0 || at >= xShape[i]) {
      const where = at < 0 ? `padsBegin ${begins[i]}` : `padsEnd, after padsBegin ${begins[i]} + x's ${xShape[i]}`;
      return fill({ lhs, value: 0, note: `axis ${i}: the padded index j${i}*${blocks[i]} + o${i} = ${padded} is in the zeros (${where})` });
    }
    parts.push(plus(blocks[i] === 1 ? `j${i}` : `j${i}*${blocks[i]} + o${i}`, -begins[i]));
    index.push(at);
  }
  const offsets = o.slice(1).join(', ');
  return read({
    lhs, parts, index, values,
    note: `y's batch ${out.index[0]} = (o1, ..., ok) * N + n with N = ${N}: block offsets (${offsets}), n = ${n}`,
  });
}

export function explainBatchToSpace(call, out) {
  const xShape = call.inputs[0];
  const [blockArg, beginArg] = call.args;
  const blocks = numList(blockArg);
  const begins = numList(beginArg);
  const N = xShape[0] / blocks.reduce((p, b) => p * b, 1);
  const n = out.index[0];
  const values = { n, N };
  const index = [0];
  const parts = [''];
  let number = 0;
  for (let i = 1; i < xShape.length; i++) {
    const uncropped = out.index[i] + begins[i];
    const j = Math.floor(uncropped / blocks[i]);
    values[`j${i}`] = j;
    values[`o${i}`] = uncropped % blocks[i];
    number = number * blocks[i] + values[`o${i}`];
    parts.push(`j${i}`);
    index.push(j);
  }
  const o = offsetNumber(blocks);
  parts[0] = o ? `${o.includes(' ') ? `(${o})` : o}*N + n` : 'n';
  index[0] = number * N + n;
  return read({
    lhs: ref('y', out.index), parts, index, values,
    note: 'on each axis y\'s index + cropsBegin = j*blockShape + o; x\'s batch is the block offsets (o1, ..., ok) numbered row-major, times N, plus n',
  });
}
