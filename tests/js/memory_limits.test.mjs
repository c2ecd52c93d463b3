// The builds may grow to 4 GiB of WebAssembly memory (4 GiB - 64 KiB, what
// emscripten_get_heap_max() allows): OUT_OF_MEMORY is for results that
// cannot fit, not for any single allocation above 2 GiB, nor for any above
// 3 GiB (Emscripten 3.1.6's dlmalloc stops extending its heap by 2 GiB or
// more at once, and after one such request only extends for blocks below
// 2 GiB: the largest result was about 3 GiB). The largest result of a fresh
// module is 4 GiB less the module's own memory (static data, stacks, one
// 2 MiB stack per pool thread): 4,289,135,263 bytes in simd-st,
// 4,287,034,287 in simd-mt with 2 threads. A result that cannot fit fails
// before the memory grows. Each case runs in a child process so that its
// memory is returned as soon as it ends.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { THREADS } from './load_ops.mjs';

const entry = fileURLToPath(new URL('../../web/node.mjs', import.meta.url));

// Runs `body` (statements using `ops`, `t`, a kept uint8 tensor [7],
// filled(shape), a kept tensor of that shape holding 7s (broadcast's view of t,
// made contiguous: the bytes), and attempt(shape), which reports filled(shape),
// disposed, or the error) in a fresh module of a child process; returns what
// it logs, parsed.
function inChild(body) {
  const code = `import { load } from ${JSON.stringify(entry)};
    const ops = await load({ threads: ${THREADS} });
    const t = ops.tensor(Uint8Array.of(7), [1]);
    const filled = (shape) => {
      const view = ops.broadcast(t, shape);  // a view: no bytes
      try {
        return ops.contiguous(view);
      } finally {
        view.dispose();
      }
    };
    const attempt = (shape) => {
      const before = ops.memory().wasmBytes;
      try {
        const r = filled(shape);
        const d = r.data;
        const report = { length: d.length, first: d[0], last: d[d.length - 1] };
        r.dispose();
        return report;
      } catch (e) {
        return { code: e.code, message: e.message, grew: ops.memory().wasmBytes - before };
      }
    };
    ${body}`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', code],
    { encoding: 'utf8', timeout: 60000, killSignal: 'SIGKILL' });
  assert.equal(child.status, 0, child.stderr);
  return JSON.parse(child.stdout);
}

test('a 2.25 GiB result in a fresh module (memory max 4 GiB) is allocated', () => {
  const report = inChild('console.log(JSON.stringify(attempt([9, 256, 1024, 1024])));');
  assert.deepEqual(report, { length: 9 * 2 ** 28, first: 7, last: 7 });
});

// Regression: anything from 3.125 GiB failed on a fresh module, and the
// failed call left the memory grown to 3 GiB.
test('a result of 4 GiB less 16 MiB in a fresh module is allocated', () => {
  const n = 2 ** 32 - 2 ** 24;
  const report = inChild(`console.log(JSON.stringify(attempt([${n}])));`);
  assert.deepEqual(report, { length: n, first: 7, last: 7 });
});

test('a result that cannot fit fails before the memory grows; a large one then still fits', () => {
  const report = inChild(`
    const base = ops.memory().wasmBytes;
    const tooLarge = attempt([${2 ** 32 - 2 ** 20}]);  // 4 GiB - 1 MiB: more than the module can hold
    const afterFailure = ops.memory().wasmBytes;
    const large = attempt([${3.5 * 2 ** 30}]);
    console.log(JSON.stringify({ base, tooLarge, afterFailure, large }));`);
  assert.equal(report.tooLarge.code, 'OUT_OF_MEMORY');
  assert.match(report.tooLarge.message, /^contiguous: output of shape \[4293918720\] \(4293918720 bytes\) does not fit/);
  assert.equal(report.tooLarge.grew, 0);
  assert.equal(report.afterFailure, report.base, 'the memory did not grow');
  assert.deepEqual(report.large, { length: 3.5 * 2 ** 30, first: 7, last: 7 });
});

// With kept results freed in the middle of the memory: a result that the
// free memory and the growth left cannot hold fails without growing; once
// everything is free, the free memory at the end is grown to hold one of
// 3.5 GiB (dlmalloc no longer extends its heap for it by itself).
test('after kept results are disposed, the free memory and the growth left hold a large result', () => {
  const report = inChild(`
    const a = filled([2 ** 30]);
    const b = filled([2 ** 30]);
    a.dispose();
    const grown = ops.memory().wasmBytes;
    const tooLarge = attempt([2.5 * 2 ** 30]);
    const afterFailure = ops.memory().wasmBytes;
    b.dispose();
    const large = attempt([3.5 * 2 ** 30]);
    const again = attempt([3.5 * 2 ** 30]);
    console.log(JSON.stringify({ grown, tooLarge, afterFailure, large, again }));`);
  assert.equal(report.tooLarge.code, 'OUT_OF_MEMORY');
  assert.equal(report.afterFailure, report.grown, 'the memory did not grow');
  assert.deepEqual(report.large, { length: 3.5 * 2 ** 30, first: 7, last: 7 });
  assert.deepEqual(report.again, report.large);
});
