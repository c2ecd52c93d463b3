// Every operation of the table on views: kept tensors that are strided
// windows of a larger kept tensor, made by chains of transpose, slice (steps
// ±1, ±2), reverse and broadcast (stride 0), none of which copies a byte.
// Each operation runs on such views and on the same chain applied to plain
// tensors (copies, checked against the JS references), and the two results
// must have the same shape, dtype and bits. The calls are the demo
// explainer's random calls (tests/js/ops/<op>/explain_cases.mjs), so a new
// operation is covered without being listed here; concat takes a list of
// views, split gives several outputs, and 1-, 2-, 4- and 8-byte dtypes take
// turns.
//
// The operations that take an index tensor also get their `indices` as such
// views, against the same indices as a plain tensor.
//
// Also: building the views copies nothing (keptBytes stays put) and most of
// them are not contiguous; a view outlives its base; .data and toArray() of
// a view are its elements in row-major order; ops.contiguous(); and
// ops.memory() back at its baseline once everything is disposed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KeptTensor } from '../../web/node.mjs';
import { DTYPE_CASES, assertSameBits, bitsOf, gather, makeData, makeRng } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';
import { loadEach } from './op_files.mjs';
import { makeRandomKit } from './ops/_shared/random_kit.mjs';
import { ref } from './reference.mjs';
import { callWith, inputDtype, inputDtypesOf } from './table.mjs';

const ops = await loadOps();
const CASES = await loadEach('explain_cases.mjs');
const CALLS_PER_OP = 50;
const MAX_BASE = 4096; // elements of a view's base

const specOf = (op) => ops.operations.find((o) => o.name === op);
const vol = (shape) => shape.reduce((p, d) => p * d, 1);
const describeArgs = (args) => JSON.stringify(args, (k, v) => {
  if (typeof v === 'bigint') return `${v}n`;
  if (ArrayBuffer.isView(v)) return `${v.constructor.name}[${Array.from(v).join(', ')}]`;
  return v;
});

// One dtype of each width, and the special ones, taking turns.
const DTYPES = ['int8', 'float16', 'float32', 'float64', 'uint8', 'int16', 'int32', 'int64', 'bool', 'bfloat16',
  'uint32', 'uint64'].map((dtype) => DTYPE_CASES.find((c) => c.dtype === dtype));

// ---------------------------------------------------------------------------
// A chain of view-making steps that ends at `target`, planned backwards from
// it: each step says which larger (or permuted) shape it starts from. Returns
// the base shape and the steps in the order they run. `kinds`: the steps it may use.
function planChain(rng, target, kinds = ['transpose', 'slice', 'slice', 'reverse', 'broadcast']) {
  let shape = target.slice();
  const steps = [];
  // A scalar: one element of a strided view, given rank 0 by a reshape (a view too).
  if (shape.length === 0) {
    steps.push({ op: 'reshape', args: [[]] });
    shape = [1];
  }
  const length = rng.int(1, 4);
  for (let n = 0, tries = 0; n < length && tries < 20; tries++) {
    const rank = shape.length;
    const kind = rng.pick(kinds);
    let before; // the shape the step starts from
    let step;
    if (kind === 'transpose' && rank >= 2) {
      const perm = shuffled(rng, rank);
      before = new Array(rank);
      perm.forEach((p, i) => { before[p] = shape[i]; });
      step = { op: 'transpose', args: [perm] };
    } else if (kind === 'reverse' && rank >= 1) {
      const axes = shuffled(rng, rank).slice(0, rng.int(1, rank)).map((a) => (rng() < 0.3 ? a - rank : a));
      before = shape.slice();
      step = { op: 'reverse', args: [axes] };
    } else if (kind === 'slice' && rank >= 1) {
      const axes = shuffled(rng, rank).slice(0, rng.int(1, rank));
      before = shape.slice();
      const starts = [];
      const ends = [];
      const steps_ = [];
      for (const a of axes) {
        const d = shape[a];
        const s = rng.pick([1, -1, 2, -2]);
        const m = Math.abs(s);
        const extra = rng.int(0, 2);
        const D = d === 0 ? rng.int(0, 3) : (d - 1) * m + 1 + extra;
        let start;
        let end;
        if (d === 0) {
          start = rng.int(0, D);
          end = start;
        } else if (s > 0) {
          start = rng.int(0, extra);
          end = start + (d - 1) * m + 1;
        } else {
          start = D - 1 - rng.int(0, extra);
          end = start - (d - 1) * m - 1;
          if (end < 0) end = -D - 1; // -1 would count from the end: before index 0 is -D - 1
        }
        if (start < D && rng() < 0.3) start -= D; // a negative start counts from the end
        before[a] = D;
        starts.push(start);
        ends.push(end);
        steps_.push(s);
      }
      step = { op: 'slice', args: [starts, ends, { axes, steps: steps_ }] };
    } else if (kind === 'broadcast' && rank >= 1) {
      // Some dims come from a dim of 1 (stride 0), some leading axes from none.
      before = shape.map((d) => (rng() < 0.5 ? 1 : d));
      before = before.slice(rng() < 0.3 ? rng.int(0, rank) : 0);
      step = { op: 'broadcast', args: [shape.slice()] };
    } else {
      continue;
    }
    if (vol(before) > MAX_BASE) continue;
    steps.unshift(step);
    shape = before;
    n++;
  }
  if (steps.length === 0) steps.push({ op: 'reverse', args: [[0]] }); // every view is a new tensor
  return { base: shape, steps };
}

function shuffled(rng, n) {
  const list = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

// What the JS references say a chain gives: the base's flat index of each element.
function chainSource(base, steps) {
  let shape = base;
  let src = Array.from({ length: vol(base) }, (_, i) => i);
  for (const { op, args } of steps) {
    const [first, second, options] = args;
    const r = op === 'slice' ? ref.slice(shape, first, second, options.axes, options.steps) : ref[op](shape, first);
    src = r.src.map((i) => src[i]);
    shape = r.shape;
  }
  return { shape, src };
}

/**
 * A view of shape `target` and dtype case `c`: the kept chain (every step a
 * view: keptBytes does not grow) and the plain one (copies, which must be what
 * the references say). Returns { view, base, plain, chain, steps }. With
 * `values`, the view holds those elements (in row-major order); else random
 * ones with the dtype's special bit patterns.
 */
function makeView(rng, target, c, values = undefined) {
  let plan = planChain(rng, target);
  let data;
  if (values === undefined) {
    data = makeData(c, vol(plan.base), rng);
  } else {
    // The base holds each value where the chain reads it; a broadcast may read
    // one base element for several, so plans whose reads disagree are redrawn.
    for (let tries = 0; data === undefined; tries++) {
      const { src } = chainSource(plan.base, plan.steps);
      const filled = new Array(vol(plan.base)).fill(undefined);
      if (src.every((b, i) => (filled[b] === undefined || filled[b] === values[i]) && ((filled[b] = values[i]), true))) {
        data = new c.Array(filled.length);
        filled.forEach((v, b) => { if (v !== undefined) data[b] = v; });
      } else {
        plan = planChain(rng, target, tries < 10 ? undefined : ['transpose', 'slice', 'reverse']);
      }
    }
  }
  const base = ops.tensor(data, plan.base, c.dtype);
  const bytes = ops.memory().keptBytes;
  let view = base;
  let plain = { data, shape: plan.base, dtype: c.dtype };
  const made = [];
  for (const { op, args } of plan.steps) {
    const next = ops[op](view, ...args);
    assert.ok(next instanceof KeptTensor, `${op} of a kept tensor is kept`);
    assert.equal(ops.memory().keptBytes, bytes, `${op} ${describeArgs(args)} of a kept tensor copies nothing: a view`);
    made.push(next);
    view = next;
    plain = ops[op](plain, ...args);
  }
  for (const t of made.slice(0, -1)) t.dispose(); // the last view holds the memory
  const chain = `base ${JSON.stringify(plan.base)} -> ${plan.steps.map((s) => `${s.op}(${describeArgs(s.args)})`).join(' -> ')}`;
  assert.deepEqual(view.shape, target, chain);
  assert.deepEqual(plain.shape, target, chain);
  const expected = chainSource(plan.base, plan.steps);
  assertSameBits(plain.data, gather(data, expected.src), `the plain chain ${chain}`);
  return { view, base, plain, chain, steps: plan.steps };
}

// The dtype case of input k of a call of `spec` on dtype case `c` (where's condition: bool).
const caseOf = (spec, k, c) => DTYPE_CASES.find((d) => d.dtype === inputDtype(spec, k, c.dtype));

// The call's options with `out` added (positional parameters left out become undefined).
function withOut(spec, args, out) {
  const positional = spec.params.filter((p) => !p.option).length;
  const head = args.slice(0, positional);
  while (head.length < positional) head.push(undefined);
  const options = args.length > positional ? args[positional] : {};
  return [...head, { ...options, out }];
}

const outputs = (spec, r) => (spec.output === 'tensors' ? r : [r]);

function errorOf(fn) {
  try {
    fn();
    return null;
  } catch (e) {
    if (!e.code) throw e;
    return e;
  }
}

// ---------------------------------------------------------------------------
// Every operation of the table on views against the same call on the plain input.
const stats = { views: 0, strided: 0 };
const random = makeRandomKit(makeRng(0x71e3));
const rng = makeRng(0x5ca1ab1e);

for (const spec of ops.operations) {
  const op = spec.name;
  test(`${op} on strided views gives what it gives on the materialized input`, (t) => {
    assert.equal(typeof CASES[op]?.randomCall, 'function', `tests/js/ops/${op}/explain_cases.mjs`);
    const before = ops.memory();
    let ran = 0;
    let refused = 0;
    let withOutChecked = 0;
    // The dtypes the operation takes (an index input: the integer ones), taking turns.
    const dtypes = DTYPES.filter((c) => inputDtypesOf(op)?.includes(c.dtype) ?? true);
    for (let n = 0; n < CALLS_PER_OP; n++) {
      const call = CASES[op].randomCall(random);
      const c = dtypes[n % dtypes.length];
      // (An input may come with its values: the scatters' in-range indices.)
      const built = call.inputs.map((shape, k) => makeView(rng, shape, caseOf(spec, k, c), call.values?.[k]));
      const live = built.map((b) => b.view);
      const bases = built.map((b) => b.base);
      for (const b of built) {
        if (vol(b.view.shape) > 1) {
          stats.views++;
          if (!b.view.contiguous) stats.strided++;
        }
      }
      const described = `${op}(${built.map((b) => `view ${JSON.stringify(b.view.shape)} strides ` +
        `${JSON.stringify(b.view.strides)} [${b.chain}]`).join(', ')}, ${describeArgs(call.args)}) on ${c.label}`;
      const what = () => described;
      const run = (xs, args) => callWith(ops, spec, xs, args);
      try {
        // Half the time the bases go first: the views hold the memory.
        if (n % 2) for (const b of bases.splice(0)) b.dispose();
        const stridesBefore = built.map((b) => b.view.strides);
        const plainError = errorOf(() => run(built.map((b) => b.plain), call.args));
        if (plainError) {
          const viewError = errorOf(() => run(live, call.args));
          assert.ok(viewError, `${what()}: the plain input throws ${plainError.code}, the views do not`);
          assert.deepEqual([viewError.code, viewError.message], [plainError.code, plainError.message], what());
          refused++;
          continue;
        }
        const expected = outputs(spec, run(built.map((b) => b.plain), call.args));
        const got = outputs(spec, run(live, call.args));
        for (const r of got) {
          assert.ok(r instanceof KeptTensor, `${what()}: a kept result`);
          live.push(r);
        }
        assert.equal(got.length, expected.length, what());
        got.forEach((r, k) => {
          assert.deepEqual(r.shape, expected[k].shape, `${what()}: output ${k} shape`);
          assert.equal(r.dtype, expected[k].dtype, what());
          assertSameBits(r.toArray(), expected[k].data, `${what()}: output ${k}`);
        });
        // With out: the same elements, written into the caller's arrays.
        if (n % 3 === 0) {
          const outs = expected.map((e) => new e.data.constructor(e.data.length));
          const r = outputs(spec, run(live.slice(0, built.length), withOut(spec, call.args, spec.output === 'tensors' ? outs : outs[0])));
          r.forEach((o, k) => {
            assert.equal(o.data, outs[k], `${what()}: out is the result's data`);
            assertSameBits(o.data, expected[k].data, `${what()} with out: output ${k}`);
          });
          withOutChecked++;
        }
        // The inputs are untouched, still views, and read row-major.
        built.forEach((b, k) => {
          assert.deepEqual(b.view.strides, stridesBefore[k], `${what()}: input ${k} keeps its strides`);
          const read = k % 2 ? b.view.data : b.view.toArray();
          assertSameBits(read, b.plain.data, `${what()}: input ${k} read through ${k % 2 ? '.data' : 'toArray()'}`);
        });
        ran++;
      } finally {
        for (const x of [...live, ...bases]) x.dispose();
      }
    }
    t.diagnostic(`${op}: ${ran} calls on views, ${withOutChecked} with out, ${refused} refused alike`);
    assert.ok(ran >= CALLS_PER_OP * 0.75, `${op}: ${ran} of ${CALLS_PER_OP} random calls ran`);
    const after = ops.memory();
    assert.equal(after.keptTensors, before.keptTensors, `${op}: every kept tensor disposed`);
    assert.equal(after.keptBytes, before.keptBytes, `${op}: every kept byte freed`);
  });
}

test('the views were mostly strided', (t) => {
  t.diagnostic(`${stats.strided} of ${stats.views} views of more than one element were not contiguous`);
  assert.ok(stats.views >= 500, `${stats.views} views of more than one element`);
  assert.ok(stats.strided >= stats.views * 0.6, `${stats.strided} of ${stats.views} views not contiguous`);
});

// ---------------------------------------------------------------------------
const DTYPE_BY_WIDTH = [1, 2, 4, 8].map((w) => DTYPES.find((c) => c.Array.BYTES_PER_ELEMENT === w));

test('a view outlives its base: the base disposed first, the view still reads right', () => {
  const r = makeRng(0xba5e);
  for (const c of DTYPE_BY_WIDTH) {
    for (let n = 0; n < 20; n++) {
      const shape = Array.from({ length: r.int(1, 4) }, () => r.int(1, 4));
      const { view, base, plain, chain } = makeView(r, shape, c);
      base.dispose();
      assert.equal(base.disposed, true);
      assert.equal(view.disposed, false);
      // Another tensor made now takes other memory: the view's is still held.
      const other = ops.tensor(new c.Array(vol(shape) + 7), [vol(shape) + 7], c.dtype);
      const copy = ops.transpose(view, shape.map((_, a) => a));
      assertSameBits(copy.toArray(), plain.data, `${chain}: an operation on the view`);
      assertSameBits(view.toArray(), plain.data, `${chain}: toArray() of the view`);
      copy.dispose();
      other.dispose();
      view.dispose();
    }
  }
});

test('.data and toArray() of a view are its elements in row-major order', () => {
  const r = makeRng(0xda7a);
  let strided = 0;
  for (const c of DTYPE_BY_WIDTH) {
    for (let n = 0; n < 25; n++) {
      const shape = Array.from({ length: r.int(1, 4) }, () => r.int(1, 4));
      const a = makeView(r, shape, c);
      if (!a.view.contiguous) strided++;
      const copy = a.view.toArray();
      assert.equal(copy.byteLength, copy.buffer.byteLength, 'toArray(): an array of its own');
      assertSameBits(copy, a.plain.data, `${a.chain}: toArray()`);
      const data = a.view.data; // now contiguous: a view of wasm memory
      assertSameBits(data, a.plain.data, `${a.chain}: .data`);
      assert.equal(a.view.contiguous, true, `${a.chain}: contiguous once read`);
      assertSameBits(a.view.toArray(), a.plain.data, `${a.chain}: toArray() after .data`);
      a.view.dispose();
      a.base.dispose();
    }
  }
  assert.ok(strided >= 50, `${strided} strided views read`);
});

test('ops.contiguous: a contiguous copy of a view, the tensor itself when already contiguous', () => {
  const r = makeRng(0xc0de);
  let copies = 0;
  for (const c of DTYPE_BY_WIDTH) {
    for (let n = 0; n < 25; n++) {
      const shape = Array.from({ length: r.int(1, 4) }, () => r.int(1, 4));
      const a = makeView(r, shape, c);
      const strides = a.view.strides;
      const wasContiguous = a.view.contiguous;
      const d = ops.contiguous(a.view);
      assert.ok(d instanceof KeptTensor);
      assert.equal(d.contiguous, true, a.chain);
      assert.deepEqual(d.shape, shape);
      assert.equal(d.dtype, c.dtype);
      if (wasContiguous) {
        assert.equal(d, a.view, `${a.chain}: a contiguous tensor is returned as it is`);
      } else {
        copies++;
        assert.notEqual(d, a.view, a.chain);
        assert.deepEqual(a.view.strides, strides, `${a.chain}: the view is left a view`);
        assertSameBits(d.toArray(), a.plain.data, `${a.chain}: ops.contiguous`);
        assert.equal(ops.contiguous(d), d, 'its copy is contiguous: itself');
        a.view.dispose();
        a.base.dispose();
        assertSameBits(d.toArray(), a.plain.data, `${a.chain}: the copy outlives the view and its base`);
      }
      for (const x of [d, a.view, a.base]) x.dispose(); // dispose() twice does nothing
    }
  }
  assert.ok(copies >= 50, `${copies} strided views copied`);
  const t = ops.tensor(new Float32Array(6), [2, 3]);
  assert.equal(ops.contiguous(t), t);
  const plain = { data: new Float32Array(6), shape: [2, 3] };
  assert.equal(ops.contiguous(plain), plain, 'a plain tensor is contiguous');
  t.dispose();
});

// ---------------------------------------------------------------------------
// The operations that take an index tensor (gather, gatherElements, gatherND)
// with `indices` a kept strided view: the same result as with the same indices
// as a plain tensor. x is plain here, so that only the indices are views.
const INDEX_CLASSES = new Map([[Int32Array, 'int32'], [Uint32Array, 'uint32'], [BigInt64Array, 'int64'], [BigUint64Array, 'uint64']]);

// A random call's indices ({ data, shape }, a typed array, an array or a number) as { data, shape, dtype }.
function indexTensorOf(v) {
  if (typeof v === 'number') return indexTensorOf({ data: Int32Array.of(v), shape: [] });
  if (typeof v === 'bigint') return indexTensorOf({ data: BigInt64Array.of(v), shape: [] });
  if (Array.isArray(v)) {
    const big = v.some((e) => typeof e === 'bigint');
    return indexTensorOf({ data: big ? BigInt64Array.from(v, BigInt) : Int32Array.from(v), shape: [v.length] });
  }
  if (ArrayBuffer.isView(v)) return indexTensorOf({ data: v, shape: [v.length] });
  return { data: v.data, shape: Array.from(v.shape, Number), dtype: INDEX_CLASSES.get(v.data.constructor) };
}

// Elements as their bits (hex), the first 12.
const hexBits = (data) => `[${Array.from(bitsOf(data).slice(0, 12), (b) => `0x${b.toString(16)}`).join(', ')}${data.length > 12 ? ', ...' : ''}]`;

// Generators of their own: operations added to the table elsewhere do not change these calls.
const indexRandom = makeRandomKit(makeRng(0x1d1ce5));
const indexRng = makeRng(0x1d1ce6);
for (const spec of ops.operations.filter((o) => o.params[0]?.kind === 'indices')) {
  const op = spec.name;
  test(`${op} with indices as strided kept views gives what the same indices give as a plain tensor`, (t) => {
    const before = ops.memory();
    const failures = [];
    let ran = 0;
    let strided = 0;
    for (let n = 0; n < CALLS_PER_OP; n++) {
      const call = CASES[op].randomCall(indexRandom);
      const c = DTYPES[n % DTYPES.length];
      const x = { data: makeData(c, vol(call.inputs[0]), indexRng), shape: call.inputs[0], dtype: c.dtype };
      const indices = indexTensorOf(call.args[0]);
      const Array_ = indices.data.constructor;
      const made = makeView(indexRng, indices.shape, { dtype: indices.dtype, Array: Array_ }, Array.from(indices.data));
      const rest = call.args.slice(1);
      const what = `${op}(x ${JSON.stringify(x.shape)} ${c.label}, indices: a view of shape ${JSON.stringify(made.view.shape)}, ` +
        `strides ${JSON.stringify(made.view.strides)}, ${indices.dtype} [${Array.from(indices.data).join(', ')}] ` +
        `[${made.chain}], ${describeArgs(rest)})`;
      const live = [made.view, made.base];
      try {
        if (!made.view.contiguous) strided++;
        const plainError = errorOf(() => ops[op](x, indices, ...rest));
        const viewError = errorOf(() => ops[op](x, made.view, ...rest));
        if (plainError || viewError) {
          if (plainError?.code !== viewError?.code || plainError?.message !== viewError?.message) {
            failures.push(`${what}: ${viewError ? `throws ${viewError.code} '${viewError.message}'` : 'returns'}, ` +
              `where the plain indices ${plainError ? `throw ${plainError.code} '${plainError.message}'` : 'give a result'}`);
          }
          continue;
        }
        const expected = ops[op](x, indices, ...rest);
        const got = ops[op](x, made.view, ...rest);
        if (got instanceof KeptTensor) live.push(got);
        const gotData = got instanceof KeptTensor ? got.toArray() : got.data;
        assert.deepEqual(got.shape, expected.shape, what);
        try {
          assertSameBits(gotData, expected.data, what);
        } catch (e) {
          failures.push(`${what}: gives ${hexBits(gotData)}, the plain indices ${hexBits(expected.data)}`);
        }
        ran++;
      } finally {
        for (const k of live) k.dispose();
      }
    }
    t.diagnostic(`${op}: ${CALLS_PER_OP} calls with indices as views (${strided} strided), ${failures.length} differ`);
    // 30-45% over several seeds: small index tensors (one row, one element) have no strided view.
    assert.ok(strided >= CALLS_PER_OP / 4, `${op}: ${strided} strided index views`);
    assert.equal(failures.length, 0, `${op}: ${failures.length} of ${CALLS_PER_OP} calls differ; the first:\n${failures.slice(0, 3).join('\n')}`);
    const after = ops.memory();
    assert.equal(after.keptTensors, before.keptTensors, `${op}: every kept tensor disposed`);
    assert.equal(after.keptBytes, before.keptBytes, `${op}: every kept byte freed`);
  });
}

// The smallest cases of the above, written out: indices that are a
// transposed, reversed or split-off view of a kept int32 tensor.
test('gather reads kept views given as indices in their own row-major order', () => {
  const x = { data: Float32Array.from({ length: 10 }, (_, i) => i * 10), shape: [10] };
  const it = ops.tensor(Int32Array.from([0, 1, 2, 3, 4, 5]), [2, 3]); // [[0, 1, 2], [3, 4, 5]]
  const cases = [
    ['transpose(it, [1, 0])', () => ops.transpose(it, [1, 0]), [0, 30, 10, 40, 20, 50]],
    ['reverse(it, [1])', () => ops.reverse(it, [1]), [20, 10, 0, 50, 40, 30]],
    ["split(it, [1, 2], { axis: 1 })'s second part", () => ops.split(it, [1, 2], { axis: 1 }), [10, 20, 40, 50]],
  ];
  const wrong = [];
  for (const [label, make, expected] of cases) {
    const made = [make(), make()].map((m) => (Array.isArray(m) ? (m[0].dispose(), m[1]) : m));
    const [view, check] = made;
    assert.equal(view.contiguous, false, label);
    assertSameBits(check.toArray(), Int32Array.from(expected, (v) => v / 10), `${label}: the view's own elements`);
    const e = errorOf(() => ops.gather(x, view));
    const got = e ? `${e.code} '${e.message}'` : `[${Array.from(ops.gather(x, view).data).join(', ')}]`;
    if (got !== `[${expected.join(', ')}]`) {
      wrong.push(`ops.gather(x, ${label}) (strides ${JSON.stringify(view.strides)}): ${got}, expected [${expected.join(', ')}]`);
    }
    for (const m of made) m.dispose();
  }
  it.dispose();
  assert.deepEqual(wrong, [], `with x = arange(10) * 10 (float32) and it = ops.tensor(Int32Array [0, 1, 2, 3, 4, 5], [2, 3]):\n${wrong.join('\n')}`);
});

test('ops.memory() returns to its baseline when every view and result is disposed', () => {
  const r = makeRng(0x3e3);
  const kit = makeRandomKit(makeRng(0x3e4));
  const round = () => {
    for (const spec of ops.operations) {
      const dtypes = DTYPES.filter((c) => inputDtypesOf(spec.name)?.includes(c.dtype) ?? true);
      for (let n = 0; n < 3; n++) {
        const call = CASES[spec.name].randomCall(kit);
        const c = dtypes[n % dtypes.length];
        const built = call.inputs.map((shape, k) => makeView(r, shape, caseOf(spec, k, c), call.values?.[k]));
        let result = [];
        try {
          result = outputs(spec, callWith(ops, spec, built.map((b) => b.view), call.args));
        } catch (e) {
          if (!e.code) throw e;
        }
        for (const t of [...result, ...built.flatMap((b) => [b.base, b.view])]) t.dispose();
      }
    }
  };
  round(); // warm-up: scratch areas and the plan cache reach their size
  const baseline = ops.memory();
  round();
  const after = ops.memory();
  assert.equal(after.keptTensors, baseline.keptTensors);
  assert.equal(after.keptBytes, baseline.keptBytes);
  assert.equal(after.heapBytes, baseline.heapBytes);
});
