// Copies between the module's memory and the caller's arrays: into it
// (ops.tensor, a plain call's inputs and indices) and out of it (toArray, a
// plain call's result and out, a kept tensor's runs into a plain out). In
// Node, the threaded build copies 2 KiB and more with Buffer's fill and
// less with TypedArray.prototype.set (tests/runtimes/ runs the same checks
// under Node 24 and 26, Deno and Bun): each size on both sides of that, at odd
// byte offsets on the caller's side, must arrive whole, with nothing
// written beside it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadOps } from './load_ops.mjs';

const ops = await loadOps();
const SIZES = [1, 2047, 2048, 2049, 4099, 65536 + 3, 1 << 20];

// `n` bytes of a pattern that shifts with `seed`, at byte offset `offset` of a larger buffer.
function bytesAt(n, offset, seed) {
  const whole = new Uint8Array(n + offset + 5).fill(0xee);
  const view = whole.subarray(offset, offset + n);
  for (let i = 0; i < n; i++) view[i] = (i * 31 + seed) & 255;
  return { whole, view };
}

test('bytes copied into wasm memory and back out arrive whole, at every size and offset', () => {
  for (const n of SIZES) {
    for (const offset of [0, 1, 7]) {
      const { view } = bytesAt(n, offset, n + offset);
      const kept = ops.tensor(view, [n]);
      try {
        assert.deepEqual(kept.toArray(), Uint8Array.from(view), `toArray of ${n} bytes from offset ${offset}`);
        // Out of it into the caller's out at an odd offset: a kept reshape into a plain out.
        const target = bytesAt(n, offset + 2, 0);
        ops.reshape(kept, [n], { out: target.view });
        assert.deepEqual(target.view, Uint8Array.from(view), `reshape of ${n} kept bytes into an out at offset ${offset + 2}`);
        assert.equal(target.whole[offset + 1], 0xee, 'the byte before the out');
        assert.equal(target.whole[offset + 2 + n], 0xee, 'the byte after the out');
      } finally {
        kept.dispose();
      }
    }
  }
});

test('a plain call copies its input in and its result out whole (a reverse of every size)', () => {
  for (const n of SIZES) {
    const { view } = bytesAt(n, 3, n);
    const expected = Uint8Array.from(view).reverse();
    assert.deepEqual(ops.reverse({ data: view, shape: [n] }, [0]).data, expected, `reverse of ${n} plain bytes`);
    const target = bytesAt(n, 5, 1);
    ops.reverse({ data: view, shape: [n] }, [0], { out: target.view });
    assert.deepEqual(target.view, expected, `reverse of ${n} plain bytes into out`);
    assert.equal(target.whole[4], 0xee);
    assert.equal(target.whole[5 + n], 0xee);
  }
});

test('a kept tensor\'s long rows sliced into a plain out arrive whole', () => {
  const rows = 6;
  for (const n of [600, 2048, 5000]) {
    const { view } = bytesAt(rows * n, 0, n);
    const kept = ops.tensor(view, [rows, n]);
    try {
      const target = bytesAt((rows - 2) * n, 1, 0);
      ops.slice(kept, [1], [rows - 1], { axes: [0], out: target.view });
      assert.deepEqual(target.view, view.subarray(n, (rows - 1) * n), `rows 1-${rows - 2} of [${rows}, ${n}]`);
      assert.equal(target.whole[0], 0xee);
      assert.equal(target.whole[1 + (rows - 2) * n], 0xee);
    } finally {
      kept.dispose();
    }
  }
});
