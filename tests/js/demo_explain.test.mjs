// The demo's "why this element moved" formulas (demo/explain/) against the
// library: for random calls of every operation of the table, every output cell's
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
import { makeRng } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';
import { loadEach } from './op_files.mjs';
import { makeRandomKit } from './ops/_shared/random_kit.mjs';

const ops = await loadOps();
// Each operation's random calls, the kinds they must include and its pinned
// formulas: tests/js/ops/<op>/explain_cases.mjs, found by directory.
const CASES = await loadEach('explain_cases.mjs');
// What the table says of an operation: a list of tensors in, several out, an index tensor.
const specOf = (op) => ops.operations.find((o) => o.name === op);
const listIn = (op) => specOf(op).input === 'tensors';
const listOut = (op) => specOf(op).output === 'tensors';
const takesIndices = (op) => specOf(op).params[0]?.kind === 'indices';
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
  const result = ops[call.op](listIn(call.op) ? tensors : tensors[0], ...call.args);
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
  if (!takesIndices(call.op)) return () => { throw new Error('no indices in this operation'); };
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
  assert.equal(e.lhs, `${listOut(call.op) ? `y${output}` : 'y'}[${index.join(', ')}]`, what);
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
  assert.equal(name, listIn(call.op) ? `x${expected.input}` : 'x', what);
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

// The kinds of call a random call is: its mode and dataFormat (with K, the
// number of spatial dims), 'fill' when an output holds a fill, and the
// operation's own kinds (its explain_cases.mjs's tags).
function variantsOf(call, outputs) {
  const tags = [];
  const options = call.args.find((a) => a && typeof a === 'object' && !ArrayBuffer.isView(a) && !Array.isArray(a) && !('data' in a)) ?? {};
  if (options.mode) tags.push(options.mode);
  if (options.dataFormat) tags.push(options.dataFormat, `K=${call.inputs[0].length - (options.dataFormat === 'NCHW' ? 2 : 3)}`);
  tags.push(...(CASES[call.op].tags?.(call, options) ?? []));
  if (outputs.some(({ data }) => data.some((v) => v <= 0))) tags.push('fill');
  return tags;
}

// One generator for all, drawn from in the table's order: a run is repeatable.
const random = makeRandomKit(makeRng(0xe4a1a1));

// The formulas say where an element moved from: they cover the operations
// that move elements. A typed operation computes its values; its
// demo tab comes with the demo's 0.3 tabs.
const MOVING = ops.operations.filter((o) => !o.typed);

test('every operation that moves elements has an explainer and random calls', () => {
  for (const { name } of MOVING) {
    assert.equal(typeof EXPLAINERS[name], 'function', `demo/explain/${name}.mjs`);
    assert.equal(typeof CASES[name]?.randomCall, 'function', `tests/js/ops/${name}/explain_cases.mjs`);
  }
});

for (const { name: op } of MOVING) {
  test(`${op}: every output cell of random calls is explained by its formula`, (t) => {
    let calls = 0;
    let cells = 0;
    let rejected = 0;
    const seen = new Set();
    for (let n = 0; calls < CASES_PER_OP && n < CASES_PER_OP * 3; n++) {
      const call = CASES[op].randomCall(random);
      const outShapes = listOut(op) ? guardShape(call) ?? [null] : [guardShape(call)];
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
    for (const tag of CASES[op].variants ?? []) assert.ok(seen.has(tag), `${op}: no call with cells of the kind '${tag}'`);
  });
}

// The output shape by ops.shapes (the shapes of the outputs for an operation
// with several; null when the library refuses the call).
function guardShape(call) {
  try {
    const args = takesIndices(call.op) ? [readIndices(call.args[0]).shape, ...call.args.slice(1)] : call.args;
    return ops.shapes[call.op](listIn(call.op) ? call.inputs : call.inputs[0], ...args);
  } catch (e) {
    if (e.code) return null;
    throw e;
  }
}

// The forms the page shows, pinned in each operation's explain_cases.mjs
// (and each checked against the library too).
test('the formulas of a few documented calls, as the page shows them', () => {
  let pinned = 0;
  for (const { name } of MOVING) {
    for (const [call, index, rhs, filled, where, output = 0] of CASES[name].pinned ?? []) {
      const e = explain(call, { output, index });
      assert.deepEqual([e.rhs, e.filled, e.where], [rhs, filled, where], `${call.op} ${describe(call)}`);
      const { data, shape } = runOnIota(call)[output];
      const flat = index.reduce((f, c, a) => f * shape[a] + c, 0);
      checkCell(call, output, index, data[flat]);
      pinned++;
    }
  }
  assert.ok(pinned >= 13, `${pinned} pinned formulas`);
});
