// The demo's "why this element moved" formulas (demo/explain/) against the
// library: for random calls of all 17 operations, every output cell's
// explanation must (1) name the input element the library actually moved
// there (its provenance: the call run on inputs holding 1, 2, 3, …, a fill
// showing as a value <= 0), (2) have a formula that, evaluated with its own
// bindings, gives that element, and a filled-in form that is it, and
// (3) name the output cell itself.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EXPLAINERS, explain } from '../../demo/explain/index.mjs';
import { readIndices } from '../../demo/explain/gather.mjs';
import { evaluateRef } from './formula_eval.mjs';
import { makeCases } from './demo_explain_cases.mjs';
import { makeRng } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';

const ops = await loadOps();
const CASES_PER_OP = 250;
const MAX_CELLS = 400; // per case: small tensors, every cell checked

const volume = (shape) => shape.reduce((p, d) => p * d, 1);

function unravel(flat, shape) {
  const index = new Array(shape.length);
  for (let a = shape.length - 1; a >= 0; a--) {
    index[a] = flat % shape[a];
    flat = Math.floor(flat / shape[a]);
  }
  return index;
}

// The call on inputs holding 1, 2, 3, … (one range across concat's inputs);
// returns the outputs as [{ data, shape }].
function runOnIota(call) {
  let next = 1;
  const tensors = call.inputs.map((shape) => {
    const data = Int32Array.from({ length: volume(shape) }, () => next++);
    return { data, shape };
  });
  const result = call.op === 'concat' ? ops.concat(tensors, ...call.args) : ops[call.op](tensors[0], ...call.args);
  return Array.isArray(result) ? result : [result];
}

// Where the library put each element: an input element or a fill.
function provenance(call, value) {
  if (value <= 0) return { fill: true, value };
  let flat = value - 1;
  for (let k = 0; k < call.inputs.length; k++) {
    const n = volume(call.inputs[k]);
    if (flat < n) return { input: k, index: unravel(flat, call.inputs[k]) };
    flat -= n;
  }
  throw new Error(`value ${value} is in no input`);
}

function indexLookup(call) {
  if (!call.op.startsWith('gather')) return () => { throw new Error('no indices in this operation'); };
  const indices = readIndices(call.args[0]);
  return (name, pos) => {
    assert.equal(name, 'indices');
    assert.equal(pos.length, indices.shape.length, `indices[${pos}] has the rank of indices`);
    let flat = 0;
    pos.forEach((c, a) => {
      assert.ok(c >= 0n && c < BigInt(indices.shape[a]), `indices[${pos}] is inside indices.shape`);
      flat = flat * indices.shape[a] + Number(c);
    });
    return indices.data[flat];
  };
}

function checkCell(call, output, index, value) {
  const e = explain(call, { output, index });
  const what = `${call.op} ${describe(call)} at y${output}[${index}]: ${JSON.stringify(e, (k, v) => (typeof v === 'bigint' ? `${v}n` : v))}`;
  // (3) the left side names this cell.
  assert.equal(e.lhs, `${call.op === 'split' ? `y${output}` : 'y'}[${index.join(', ')}]`, what);
  // (1) the element the library moved here.
  const expected = provenance(call, value);
  if (expected.fill) {
    assert.equal(e.source.fill, true, what);
    assert.equal(Number(e.source.value), value, what);
    assert.equal(e.rhs, String(e.source.value), what);
    assert.equal(e.filled, e.rhs, what);
    assert.deepEqual(e.where, [], what);
    return;
  }
  assert.deepEqual(e.source, expected, what);
  // (2) the formula, evaluated with its bindings, reads that element.
  const where = new Map(e.where);
  assert.equal(where.size, e.where.length, `${what}: a name bound twice`);
  const lookup = indexLookup(call);
  const used = new Set();
  const { name, values } = evaluateRef(e.rhs, { lookup: (n) => where.get(n), index: lookup, used });
  assert.equal(name, call.op === 'concat' ? `x${expected.input}` : 'x', what);
  assert.deepEqual(values, expected.index.map(BigInt), what);
  assert.equal(e.filled, `${name}[${expected.index.join(', ')}]`, what);
  // Every binding is used, and a shown indices[...] value is the real one.
  for (const [k, v] of e.where) {
    const m = /^indices\[(.*)\]$/.exec(k);
    if (m) assert.equal(BigInt(v), lookup('indices', m[1] ? m[1].split(', ').map(BigInt) : []), what);
    else assert.ok(used.has(k), `${what}: ${k} is bound but not in the formula`);
  }
}

function describe(call) {
  return JSON.stringify({ inputs: call.inputs, args: call.args }, (k, v) => {
    if (typeof v === 'bigint') return `${v}n`;
    if (ArrayBuffer.isView(v)) return `${v.constructor.name}[${Array.from(v).join(', ')}]`;
    return v;
  });
}

// The kinds of call each operation's random cases must include (with cells).
const VARIANTS = {
  broadcast: ['numpy', 'bidirectional', 'explicit'],
  spaceToDepth: ['NHWC', 'NCHW', 'NCHW_VECT_C', 'blocks_first', 'depth_first', 'K=1', 'K=3'],
  depthToSpace: ['NHWC', 'NCHW', 'NCHW_VECT_C', 'blocks_first', 'depth_first', 'K=1', 'K=3'],
  roll: ['repeated axis', 'shift beyond 2^53'],
  slice: ['negative step', 'clamped start'],
  pad: ['constant', 'edge', 'reflect', 'symmetric', 'wrap', 'negative pad', 'fill'],
  split: ['equal parts', 'lengths with -1'],
  spaceToBatch: ['fill'],
  gather: ['negative index', 'batchDims', 'scalar index'],
  gatherElements: ['negative index'],
  gatherND: ['negative index', 'batchDims', 'empty tuple'],
};

function variantsOf(call, outputs) {
  const tags = [];
  const options = call.args.find((a) => a && typeof a === 'object' && !ArrayBuffer.isView(a) && !Array.isArray(a) && !('data' in a)) ?? {};
  const ints = (v) => (typeof v === 'object' ? Array.from(v, BigInt) : [BigInt(v)]);
  if (options.mode) tags.push(options.mode);
  if (options.dataFormat) tags.push(options.dataFormat, `K=${call.inputs[0].length - (options.dataFormat === 'NCHW' ? 2 : 3)}`);
  if (call.op === 'roll') {
    const axes = ints(call.args[1]).map((a) => (a < 0n ? a + BigInt(call.inputs[0].length) : a));
    if (new Set(axes).size < axes.length) tags.push('repeated axis');
    if (ints(call.args[0]).some((v) => v > 2n ** 53n)) tags.push('shift beyond 2^53');
  }
  if (call.op === 'slice') {
    if (options.steps?.some((v) => v < 0)) tags.push('negative step');
    const axes = options.axes ?? call.args[0].map((_, k) => k);
    call.args[0].forEach((v, k) => {
      const d = BigInt(call.inputs[0][Number(axes[k]) < 0 ? Number(axes[k]) + call.inputs[0].length : Number(axes[k])]);
      if (BigInt(v) >= d || BigInt(v) < -d) tags.push('clamped start');
    });
  }
  if (call.op === 'pad') {
    if (!options.mode) tags.push('constant');
    if ([...ints(call.args[0]), ...ints(call.args[1])].some((v) => v < 0n)) tags.push('negative pad');
  }
  if (outputs.some(({ data }) => data.some((v) => v <= 0))) tags.push('fill');
  if (call.op === 'split') tags.push(typeof call.args[0] === 'object' ? (Array.from(call.args[0]).includes(-1) ? 'lengths with -1' : 'lengths') : 'equal parts');
  if (call.op.startsWith('gather')) {
    const indices = readIndices(call.args[0]);
    if (indices.data.some((v) => v < 0n)) tags.push('negative index');
    if (options.batchDims) tags.push('batchDims');
    if (indices.shape.length === 0) tags.push('scalar index');
    if (call.op === 'gatherND' && indices.shape.at(-1) === 0) tags.push('empty tuple');
  }
  return tags;
}

const rng = makeRng(0xe4a1a1);
const cases = makeCases(rng);

for (const op of Object.keys(EXPLAINERS)) {
  test(`${op}: every output cell of random calls is explained by its formula`, (t) => {
    let calls = 0;
    let cells = 0;
    let rejected = 0;
    const seen = new Set();
    for (let n = 0; calls < CASES_PER_OP && n < CASES_PER_OP * 3; n++) {
      const call = cases[op]();
      const shapes = call.op === 'concat' ? [call.inputs.map((s) => s)] : [call.inputs[0]];
      const outShapes = call.op === 'concat'
        ? [ops.shapes.concat(call.inputs, ...call.args)]
        : [].concat(call.op === 'split' ? ops.shapes.split(...shapes, ...call.args) : [guardShape(call)]);
      if (outShapes.some((s) => s === null)) { rejected++; continue; }
      if (outShapes.reduce((s, shape) => s + volume(shape), 0) > MAX_CELLS) continue;
      const outputs = runOnIota(call);
      if (outputs.some(({ data }) => data.length)) for (const tag of variantsOf(call, outputs)) seen.add(tag);
      outputs.forEach(({ data, shape }, output) => {
        for (let j = 0; j < data.length; j++) checkCell(call, output, unravel(j, shape), data[j]);
        cells += data.length;
      });
      calls++;
    }
    t.diagnostic(`${op}: ${calls} calls, ${cells} cells checked, ${rejected} generated calls the library refused`);
    assert.equal(calls, CASES_PER_OP, `${op}: enough calls within the page's limits`);
    assert.ok(cells >= 1000, `${op}: ${cells} cells checked`);
    assert.ok(rejected <= CASES_PER_OP / 10, `${op}: the generator makes valid calls (${rejected} refused)`);
    for (const tag of VARIANTS[op] ?? []) assert.ok(seen.has(tag), `${op}: no call with cells of the kind '${tag}'`);
  });
}

// The output shape by ops.shapes (null when the library refuses the call).
function guardShape(call) {
  const gathers = { gather: 1, gatherElements: 1, gatherND: 1 };
  try {
    const args = gathers[call.op] ? [readIndices(call.args[0]).shape, ...call.args.slice(1)] : call.args;
    return ops.shapes[call.op](call.inputs[0], ...args);
  } catch (e) {
    if (e.code) return null;
    throw e;
  }
}

// The forms the page shows, pinned (and each checked against the library too).
const EXAMPLES = [
  [{ op: 'depthToSpace', inputs: [[1, 8, 2, 2]], args: [2, { dataFormat: 'NCHW', mode: 'depth_first' }] }, [0, 1, 3, 2],
    'x[n, c*b*b + by*b + bx, oy, ox]', 'x[0, 6, 1, 1]', [['n', 0], ['c', 1], ['b', 2], ['by', 1], ['bx', 0], ['oy', 1], ['ox', 1]]],
  [{ op: 'spaceToDepth', inputs: [[1, 4, 4, 2]], args: [2] }, [0, 1, 0, 5],
    'x[n, oy*b + by, ox*b + bx, c]', 'x[0, 3, 0, 1]', [['n', 0], ['oy', 1], ['b', 2], ['by', 1], ['ox', 0], ['bx', 0], ['c', 1]]],
  [{ op: 'pad', inputs: [[3]], args: [[2], [2], { mode: 'reflect' }] }, [0], 'x[2 - i]', 'x[2]', [['i', 0]]],
  [{ op: 'pad', inputs: [[3]], args: [[2], [2], { mode: 'reflect' }] }, [6], 'x[2*2 - (i - 2)]', 'x[0]', [['i', 6]]],
  [{ op: 'pad', inputs: [[3]], args: [[2], [2], { mode: 'symmetric' }] }, [6], 'x[5 - (i - 2)]', 'x[1]', [['i', 6]]],
  [{ op: 'pad', inputs: [[3]], args: [[2], [2], { mode: 'wrap' }] }, [0], 'x[(i - 2) % 3]', 'x[1]', [['i', 0]]],
  [{ op: 'pad', inputs: [[2, 3]], args: [[1, 2], [0, 2], { value: -9 }] }, [0, 3], '-9', '-9', []],
  [{ op: 'concat', inputs: [[2, 3], [2, 2]], args: [1] }, [1, 4], 'x1[i, j - 3]', 'x1[1, 1]', [['i', 1], ['j', 4]]],
  [{ op: 'gather', inputs: [[3, 4, 5]], args: [{ data: Int32Array.from([0, 1, 2, -1]), shape: [2, 2] }, { axis: 1 }] }, [2, 1, 1, 3],
    'x[i, 4 + indices[1, 1], l]', 'x[2, 3, 3]', [['i', 2], ['indices[1, 1]', -1], ['l', 3]]],
  [{ op: 'roll', inputs: [[4, 3]], args: [[1, 2, 1], [0, 1, 0]] }, [0, 0], 'x[(i - 2) % 4, (j - 2) % 3]', 'x[2, 1]', [['i', 0], ['j', 0]]],
  [{ op: 'slice', inputs: [[3, 4]], args: [[-1, 1], [-(2n ** 63n), 2n ** 63n - 1n], { steps: [-2, 2] }] }, [1, 1],
    'x[2 - i*2, 1 + j*2]', 'x[0, 3]', [['i', 1], ['j', 1]]],
  [{ op: 'batchToSpace', inputs: [[12, 3, 3, 3]], args: [[1, 2, 3, 1], [0, 1, 1, 0], [0, 0, 1, 0]] }, [1, 2, 3, 1],
    'x[(o1*3 + o2)*N + n, j1, j2, j3]', 'x[9, 1, 1, 1]', [['o1', 1], ['o2', 1], ['N', 2], ['n', 1], ['j1', 1], ['j2', 1], ['j3', 1]]],
];

test('the formulas of a few documented calls, as the page shows them', () => {
  for (const [call, index, rhs, filled, where] of EXAMPLES) {
    const e = explain(call, { index });
    assert.deepEqual([e.rhs, e.filled, e.where], [rhs, filled, where], `${call.op} ${describe(call)}`);
    const [{ data, shape }] = runOnIota(call);
    const flat = index.reduce((f, c, a) => f * shape[a] + c, 0);
    checkCell(call, 0, index, data[flat]);
  }
  const e = explain({ op: 'split', inputs: [[2, 6]], args: [[1, -1, 2], { axis: 1 }] }, { output: 1, index: [1, 2] });
  assert.deepEqual([e.lhs, e.rhs, e.source], ['y1[1, 2]', 'x[i, j + 1]', { input: 0, index: [1, 3] }]);
});
