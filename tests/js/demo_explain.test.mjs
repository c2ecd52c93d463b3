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

const rng = makeRng(0xe4a1a1);
const cases = makeCases(rng);
const counts = {};

for (const op of Object.keys(EXPLAINERS)) {
  test(`${op}: every output cell of random calls is explained by its formula`, (t) => {
    let calls = 0;
    let cells = 0;
    let rejected = 0;
    for (let n = 0; calls < CASES_PER_OP && n < CASES_PER_OP * 3; n++) {
      const call = cases[op]();
      const shapes = call.op === 'concat' ? [call.inputs.map((s) => s)] : [call.inputs[0]];
      const outShapes = call.op === 'concat'
        ? [ops.shapes.concat(call.inputs, ...call.args)]
        : [].concat(call.op === 'split' ? ops.shapes.split(...shapes, ...call.args) : [guardShape(call)]);
      if (outShapes.some((s) => s === null)) { rejected++; continue; }
      if (outShapes.reduce((s, shape) => s + volume(shape), 0) > MAX_CELLS) continue;
      const outputs = runOnIota(call);
      outputs.forEach(({ data, shape }, output) => {
        for (let j = 0; j < data.length; j++) checkCell(call, output, unravel(j, shape), data[j]);
        cells += data.length;
      });
      calls++;
    }
    counts[op] = { calls, cells, rejected };
    t.diagnostic(`${op}: ${calls} calls, ${cells} cells checked, ${rejected} generated calls the library refused`);
    assert.equal(calls, CASES_PER_OP, `${op}: enough calls within the page's limits`);
    assert.ok(cells >= 1000, `${op}: ${cells} cells checked`);
    assert.ok(rejected <= CASES_PER_OP / 10, `${op}: the generator makes valid calls (${rejected} refused)`);
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
