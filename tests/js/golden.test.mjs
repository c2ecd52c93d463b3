// Golden cases computed with numpy (tests/fixtures/generate.py): every case
// on four dtypes (rotating through the whole table) as plain tensors, and
// on one more as a kept tensor.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { DTYPE_CASES, assertSameBits, expectError, gather, makeData, makeRng, volume } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';

const ops = await loadOps();
const golden = JSON.parse(readFileSync(new URL('../fixtures/golden.json', import.meta.url), 'utf8'));

function call(c, x) {
  const a = c.args;
  switch (c.op) {
    case 'reshape': return ops.reshape(x, a.shape, { specialZero: a.specialZero });
    case 'broadcast': {
      const options = { mode: a.mode };
      if (a.axesMapping) options.axesMapping = a.axesMapping;
      return ops.broadcast(x, a.targetShape, options);
    }
    case 'roll': return ops.roll(x, a.shift, a.axes);
    default: return ops[c.op](x, a.blockSize, { dataFormat: a.dataFormat, mode: a.mode });
  }
}

test('the fixture is big enough', () => {
  assert.ok(golden.cases.length >= 200);
  const names = new Set(golden.cases.map((c) => c.op));
  assert.equal(names.size, 5);
});

const rng = makeRng(0x901d);
const groups = {};
for (const c of golden.cases) (groups[c.op] ??= []).push(c);

for (const [op, cases] of Object.entries(groups)) {
  test(`golden ${op} (${cases.length} cases)`, () => {
    cases.forEach((c, i) => {
      const what = `${op} ${JSON.stringify(c.shape)} ${JSON.stringify(c.args)}`;
      const n = volume(c.shape);
      for (let k = 0; k < 5; k++) {
        const dt = DTYPE_CASES[(i * 5 + k) % DTYPE_CASES.length];
        const data = makeData(dt, n, rng);
        const kept = k === 4;
        const x = kept ? ops.tensor(data, c.shape, dt.dtype) : { data, shape: c.shape, dtype: dt.dtype };
        try {
          if (c.error) {
            expectError(() => call(c, x), c.error, op);
            continue;
          }
          const r = call(c, x);
          assert.deepEqual(r.shape, c.outShape, what);
          assert.equal(r.dtype, dt.dtype, what);
          assertSameBits(kept ? r.toArray() : r.data, gather(data, c.src), `${what} ${dt.label}${kept ? ' kept' : ''}`);
          if (kept) r.dispose();
        } finally {
          if (kept) x.dispose();
        }
      }
    });
    assert.equal(ops.memory().keptTensors, 0);
  });
}

// The JS reference of ops_dtypes.test.mjs must agree with numpy too.
test('the JS reference agrees with numpy on every golden case', async () => {
  const ref = await import('./reference.mjs');
  for (const c of golden.cases) {
    const a = c.args;
    const run = () => {
      switch (c.op) {
        case 'reshape': return ref.reshape(c.shape, a.shape, a.specialZero);
        case 'broadcast': return ref.broadcast(c.shape, a.targetShape, a.mode, a.axesMapping);
        case 'roll': return ref.roll(c.shape, a.shift, a.axes);
        default: return ref[c.op](c.shape, a.blockSize, a.dataFormat, a.mode);
      }
    };
    if (c.error) {
      assert.throws(run, (e) => e.code === c.error, JSON.stringify(c));
      continue;
    }
    const r = run();
    assert.deepEqual(r.shape, c.outShape, JSON.stringify(c.args));
    assert.deepEqual(r.src, c.src, JSON.stringify(c.args));
  }
});
