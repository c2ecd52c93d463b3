// Golden cases computed with numpy, one file per operation
// (tests/fixtures/golden/<op>.json, written by tests/fixtures/ops/<op>.py
// through tests/fixtures/generate.py, read here by directory): every case on
// four dtypes (rotating through the whole table) as plain tensors, and on one
// more as a kept tensor.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';
import { DTYPE_CASES, assertSameBits, expectError, gather, makeData, makeRng, volume } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';
import { callOp, callRef, joinData } from './table.mjs';
import { assertBitsOf, fromBits, namedInputs } from './typed_golden.mjs';

const ops = await loadOps();
const dir = new URL('../fixtures/golden/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
const golden = { cases: files.flatMap((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')).cases) };

const call = (c, x) => callOp(ops, c.op, x, c.args);
// pad's fill value and an output's [off, on]: JSON has no bigint, so the fixtures write one as "123n".
const show = (v) => JSON.stringify(v, (_, x) => (typeof x === 'bigint' ? `${x}n` : x));
const bigint = (v) => (typeof v === 'string' && v.endsWith('n') ? BigInt(v.slice(0, -1)) : v);
for (const c of golden.cases) {
  if (typeof c.args.value === 'string') c.args.value = bigint(c.args.value);
  if (Array.isArray(c.args.values)) c.args.values = c.args.values.map(bigint); // [off, on]
}
// gather*'s indices: { dtype, shape, data } becomes a tensor of that index dtype
// (64-bit values beyond 2^53 written as "123n"); a list or a number stays as it is.
const INDEX_ARRAYS = { int32: Int32Array, uint32: Uint32Array, int64: BigInt64Array, uint64: BigUint64Array };
for (const c of golden.cases) {
  const idx = c.args.indices;
  if (idx === null || typeof idx !== 'object' || Array.isArray(idx)) continue;
  const Arr = INDEX_ARRAYS[idx.dtype];
  const big = Arr === BigInt64Array || Arr === BigUint64Array;
  const value = (v) => (typeof v === 'string' ? BigInt(v.slice(0, -1)) : v);
  c.args.indices = { data: Arr.from(idx.data, (v) => (big ? BigInt(value(v)) : Number(value(v)))), shape: idx.shape, dtype: idx.dtype };
}
// A case on a list of tensors has `shapes`; one with several outputs `outShapes` and `srcs`.
const shapesOf = (c) => c.shapes ?? [c.shape];
const expectedOf = (c) => (c.outShapes ? c.outShapes.map((shape, k) => ({ shape, src: c.srcs[k] })) : [{ shape: c.outShape, src: c.src }]);

test('the fixture is big enough and covers every operation of the table', () => {
  assert.ok(golden.cases.length >= 200);
  // One file per operation, holding its cases only.
  for (const f of files) {
    const op = f.slice(0, -'.json'.length);
    assert.ok(JSON.parse(readFileSync(new URL(f, dir), 'utf8')).cases.every((c) => c.op === op), f);
  }
  const names = new Set(golden.cases.map((c) => c.op));
  for (const { name } of ops.operations) assert.ok(names.has(name), `no golden cases for '${name}'`);
  assert.equal(names.size, ops.operations.length);
});

const rng = makeRng(0x901d);
const groups = {};
for (const c of golden.cases) (groups[c.op] ??= []).push(c);

// A typed operation's case: its input { dtype, bits } (or named inputs) and output { dtype, shape, bits }
// (several outputs: a list of them).
function runTyped(c) {
  if (c.inputs) {
    runNamed(c);
    return;
  }
  const what = `${c.op} ${JSON.stringify(c.shape)} ${c.x.dtype} ${show(c.args)}`;
  const data = fromBits(c.x.dtype, c.x.bits, volume(c.shape));
  for (const kept of [false, true]) {
    const x = kept ? ops.tensor(data, c.shape, c.x.dtype) : { data, shape: c.shape, dtype: c.x.dtype };
    try {
      if (c.error) {
        expectError(() => call(c, x), c.error, c.op);
        continue;
      }
      const several = Array.isArray(c.out);
      const r = call(c, x);
      const results = several ? r : [r];
      (several ? c.out : [c.out]).forEach((out, k) => {
        const rk = results[k];
        assert.deepEqual(rk.shape, out.shape, what);
        assert.equal(rk.dtype, out.dtype, what);
        assertBitsOf(kept ? rk.toArray() : rk.data, out, `${what}${kept ? ' kept' : ''} output ${k}`);
        if (kept) rk.dispose();
      });
    } finally {
      if (kept) x.dispose();
    }
  }
}

// The same for named inputs (where): plain, then kept (plain numbers stay numbers).
function runNamed(c) {
  const inputs = namedInputs(c);
  const what = `${c.label ?? c.op} ${JSON.stringify(c.shapes)} ${c.inputs.map((i) => i.dtype ?? show(i.number)).join(' ')}`;
  for (const kept of [false, true]) {
    const xs = inputs.map((x) => (kept && typeof x === 'object' ? ops.tensor(x.data, x.shape, x.dtype) : x));
    try {
      if (c.error) {
        expectError(() => call(c, xs), c.error, c.op);
        continue;
      }
      const r = call(c, xs);
      assert.deepEqual(r.shape, c.out.shape, what);
      assert.equal(r.dtype, c.out.dtype, what);
      assertBitsOf(kept ? r.toArray() : r.data, c.out, `${what}${kept ? ' kept' : ''}`);
      if (kept) r.dispose();
    } finally {
      if (kept) for (const x of xs) if (typeof x === 'object') x.dispose();
    }
  }
}

for (const [op, cases] of Object.entries(groups)) {
  test(`golden ${op} (${cases.length} cases)`, () => {
    cases.forEach((c, i) => {
      if (c.x || c.inputs) {
        runTyped(c);
        return;
      }
      const what = `${op} ${JSON.stringify(shapesOf(c))} ${show(c.args)}`;
      for (let k = 0; k < 5; k++) {
        const dt = DTYPE_CASES[(i * 5 + k) % DTYPE_CASES.length];
        const datas = shapesOf(c).map((shape) => makeData(dt, volume(shape), rng));
        const kept = k === 4;
        const xs = shapesOf(c).map((shape, j) => (kept ? ops.tensor(datas[j], shape, dt.dtype) : { data: datas[j], shape, dtype: dt.dtype }));
        const x = c.shapes ? xs : xs[0];
        try {
          if (c.error) {
            expectError(() => call(c, x), c.error, op);
            continue;
          }
          // src -1 is pad's constant border: the value's bits in this dtype (c.fill,
          // from numpy), null where the dtype cannot hold the value; else 0.
          let fill = 0n;
          if (c.fill) {
            const bits = c.fill[dt.dtype];
            if (bits === null) {
              expectError(() => call(c, x), 'INVALID_ARGUMENT', op, ['value', dt.dtype]);
              continue;
            }
            fill = BigInt(bits);
          }
          const r = call(c, x);
          const results = c.outShapes ? r : [r];
          const expected = expectedOf(c);
          assert.equal(results.length, expected.length, what);
          results.forEach((out, j) => {
            assert.deepEqual(out.shape, expected[j].shape, what);
            assert.equal(out.dtype, dt.dtype, what);
            assertSameBits(kept ? out.toArray() : out.data, gather(joinData(datas), expected[j].src, fill), `${what} ${dt.label}${kept ? ' kept' : ''}`);
            if (kept) out.dispose();
          });
        } finally {
          if (kept) for (const t of xs) t.dispose();
        }
      }
    });
    assert.equal(ops.memory().keptTensors, 0);
  });
}

// The JS reference of ops_dtypes.test.mjs must agree with numpy too.
test('the JS reference agrees with numpy on every golden case', async () => {
  const { ref } = await import('./reference.mjs');
  for (const c of golden.cases) {
    if (c.x || c.inputs) continue; // typed operations: their references are their golden files
    const run = () => callRef(ref, ops, c.op, c.shapes ?? c.shape, c.args);
    if (c.error) {
      assert.throws(run, (e) => e.code === c.error, show(c));
      continue;
    }
    const r = run();
    const got = c.outShapes ? r : [r];
    assert.deepEqual(got, expectedOf(c), show(c.args));
  }
});
