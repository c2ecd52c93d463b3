// A kept tensor's .data given as `out` is written in place only while that
// tensor holds its memory alone: views (dense or strided) share it, and
// writing would change them. Which holder is left alone, whatever order
// the others are disposed in, decides: a dense one may be written (its own
// elements only), a strided one never (its .data is a contiguous copy).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadOps } from './load_ops.mjs';

const iota = (n, from = 0) => Float32Array.from({ length: n }, (_, i) => from + i);

// Writes 12 elements (a reverse of 100..111) into `out`; returns whether it was refused and how.
function writeInto(ops, out) {
  try {
    ops.reverse({ data: iota(out.length, 100), shape: [out.length] }, [0], { out });
    return null;
  } catch (e) {
    return e;
  }
}

const reversed = (n) => Array.from(iota(n, 100)).reverse();

test('kept holders: out is written only while its tensor holds the memory alone, in every order of disposal', async () => {
  const ops = await loadOps();
  const { keptTensors, keptBytes } = ops.memory();
  // Every subset of three other holders disposed first, in both orders of the rest.
  const makers = {
    reshape: (x) => ops.reshape(x, [12]), // dense, the whole block
    transpose: (x) => ops.transpose(x, [1, 0]), // strided
    rows: (x) => ops.slice(x, [1], [3], { axes: [0] }), // dense, part of the block
  };
  const names = Object.keys(makers);
  for (let mask = 0; mask < 1 << names.length; mask++) {
    for (const baseFirst of [true, false]) {
      const x = ops.tensor(iota(12), [3, 4]);
      const views = names.filter((_, k) => mask & (1 << k)).map((name) => ({ name, t: makers[name](x) }));
      const what = `views [${views.map((v) => v.name)}], ${baseFirst ? 'base' : 'views'} disposed first`;
      // While shared, nobody may be written.
      if (views.length > 0) {
        const e = writeInto(ops, x.data);
        assert.ok(e, `${what}: the base's data refused while shared`);
        assert.match(e.message, /other kept tensor\(s\) share/, what);
        assert.deepEqual(Array.from(x.toArray()), Array.from(iota(12)), `${what}: nothing written`);
      }
      // Dispose all but one; the one left is the base, or the last view.
      const order = baseFirst ? [x, ...views.map((v) => v.t)] : [...views.map((v) => v.t), x];
      const left = order.pop();
      for (const t of order) t.dispose();
      const leftName = left === x ? 'base' : views[views.length - 1].name;
      if (leftName === 'transpose') {
        // A strided view's .data is a contiguous copy of its own: that one may be written.
        const data = left.data;
        assert.equal(writeInto(ops, data), null, `${what}: the transposed view's own copy`);
        assert.deepEqual(Array.from(left.toArray()), reversed(12), what);
      } else {
        assert.equal(writeInto(ops, left.data), null, `${what}: ${leftName}, left alone, is written in place`);
        assert.deepEqual(Array.from(left.toArray()), reversed(left.size), `${what}: ${leftName}`);
      }
      left.dispose();
    }
  }
  assert.deepEqual([ops.memory().keptTensors, ops.memory().keptBytes], [keptTensors, keptBytes], 'every storage freed');
});

test('kept holders: a split part left alone writes its own elements, never a disposed part\'s', async () => {
  const ops = await loadOps();
  const x = ops.tensor(iota(12), [3, 4]);
  const [a, b, c] = ops.split(x, 3, { axis: 0 });
  assert.ok(writeInto(ops, b.data), 'shared with x, a and c');
  x.dispose();
  a.dispose();
  assert.ok(writeInto(ops, b.data), 'still shared with c');
  c.dispose();
  const bData = b.data;
  assert.equal(writeInto(ops, bData), null, 'b alone');
  assert.deepEqual(Array.from(b.toArray()), reversed(4));
  b.dispose();
  const e = writeInto(ops, bData);
  assert.ok(e, 'the data of a disposed part is refused');
  assert.equal(e.code, 'DISPOSED', e.message);
});

test('kept holders: the one left may write its own elements, not its neighbours\' in the block', async () => {
  const ops = await loadOps();
  // Rows 1 and 2 of x, left alone: x's whole block, viewed by hand, is not theirs to write.
  const x = ops.tensor(iota(12), [3, 4]);
  const rows = ops.slice(x, [1], [3], { axes: [0] });
  x.dispose();
  const own = rows.data;
  const whole = new Float32Array(own.buffer, own.byteOffset - 16, 12);
  const e = writeInto(ops, whole);
  assert.ok(e, 'a view of the block beyond the rows is refused');
  assert.equal(e.code, 'DISPOSED', e.message);
  assert.equal(writeInto(ops, rows.data), null, 'the rows themselves are written');
  assert.deepEqual(Array.from(rows.toArray()), reversed(8));
  rows.dispose();
});

test('kept holders: outputs made in one block (topK) each become writable when the other is disposed', async () => {
  const ops = await loadOps();
  const x = ops.tensor(iota(12), [3, 4]);
  for (const keep of [0, 1]) {
    const parts = ops.topK(x, 2, { axis: 1 });
    const other = parts[1 - keep];
    const kept = parts[keep];
    const out = kept.dtype === 'float32' ? kept.data : null;
    if (out !== null) assert.ok(writeInto(ops, out), 'shared with the other output');
    other.dispose();
    if (out !== null) {
      assert.equal(writeInto(ops, kept.data), null, 'values alone');
      assert.deepEqual(Array.from(kept.toArray()), reversed(6));
    } else {
      // int32 indices: written by a reverse of int32s.
      ops.reverse({ data: Int32Array.from({ length: 6 }, (_, i) => 50 + i), shape: [6] }, [0], { out: kept.data });
      assert.deepEqual(Array.from(kept.toArray()), [55, 54, 53, 52, 51, 50], 'indices alone');
    }
    kept.dispose();
  }
  x.dispose();
});

test('kept holders: a strided view left alone after dense ones makes no one writable', async () => {
  const ops = await loadOps();
  // Disposed in the order that unlinks the newest dense holder first, then the older one.
  for (const order of [['later', 'earlier'], ['earlier', 'later']]) {
    const x = ops.tensor(iota(12), [3, 4]);
    const views = { earlier: ops.reshape(x, [12]), later: ops.slice(x, [1], [3], { axes: [0] }) };
    const t = ops.transpose(x, [1, 0]);
    const block = views.earlier.data;
    const whole = new Float32Array(block.buffer, block.byteOffset, 12);
    x.dispose();
    for (const name of order) views[name].dispose();
    const e = writeInto(ops, whole);
    assert.ok(e, `${order}: only the transposed view holds the block: writing it would change the view`);
    assert.deepEqual(Array.from(t.toArray()), [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11], `${order}: the view unchanged`);
    t.dispose();
  }
});
