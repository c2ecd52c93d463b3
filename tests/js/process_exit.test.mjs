// A Node.js process that used the threaded build exits on its own (no
// process.exit()) once its work is done: idle pthread workers must not keep
// the event loop alive. ESM import and CommonJS require() alike.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const esmEntry = fileURLToPath(new URL('../../web/node.mjs', import.meta.url));
const cjsEntry = fileURLToPath(new URL('../../web/index.cjs', import.meta.url));

// Work big enough to be split across the workers, plus a kept tensor left
// undisposed; prints one line that the parent checks.
const WORK = `
  const x = { data: new Float32Array(1024 * 1024).fill(1.5), shape: [1024, 1024] };
  const b = ops.broadcast(x, [8, 1024, 1024]);
  const r = ops.roll(b, [1, 2], [1, 2]);
  const s = ops.spaceToDepth({ data: r.data, shape: [8, 1024, 1024, 1] }, 4);
  const kept = ops.tensor(s.data, s.shape);
  const d = ops.depthToSpace(kept, 4);
  console.log(JSON.stringify({ backend: ops.backend, sum: d.toArray()[12345] + s.data[777], shape: d.shape }));
`;

function runChild(args, threadsLabel) {
  const child = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 10000, killSignal: 'SIGKILL' });
  assert.equal(child.signal, null, `the ${threadsLabel} child did not exit by itself within 10 s`);
  assert.equal(child.status, 0, child.stderr);
  const report = JSON.parse(child.stdout.trim());
  assert.equal(report.sum, 3);
  assert.deepEqual(report.shape, [8, 1024, 1024, 1]);
  return report;
}

test('ESM import, threads: 2', () => {
  const code = `import { load } from ${JSON.stringify(esmEntry)};
    const ops = await load({ threads: 2 });${WORK}`;
  const report = runChild(['--input-type=module', '-e', code], 'ESM');
  assert.deepEqual(report.backend, { variant: 'simd-mt', simd: true, threads: 2 });
});

test('CommonJS require(), threads: 2', () => {
  const code = `const { load } = require(${JSON.stringify(cjsEntry)});
    load({ threads: 2 }).then((ops) => {${WORK}});`;
  const report = runChild(['-e', code], 'CommonJS');
  assert.deepEqual(report.backend, { variant: 'simd-mt', simd: true, threads: 2 });
});

test('ESM import, default threads, two modules', () => {
  const code = `import { load } from ${JSON.stringify(esmEntry)};
    await load({ threads: 3 });
    const ops = await load();${WORK}`;
  const report = runChild(['--input-type=module', '-e', code], 'default');
  assert.ok(report.backend.threads >= 1);
});

test('require() and import give the same TensorOpsError class', async () => {
  const { createRequire } = await import('node:module');
  const cjs = createRequire(import.meta.url)(cjsEntry);
  const esm = await import(esmEntry);
  assert.equal(cjs.TensorOpsError, esm.TensorOpsError);
  assert.equal(cjs.load, esm.load);
});

// A load() that fails (a truncated wasmBinary) rejects, and the process
// still exits by itself: workers started before the failure must not linger.
test('a failed load() rejects and the process still exits, threads: 2', () => {
  const code = `import { load } from ${JSON.stringify(esmEntry)};
    try {
      await load({ threads: 2, wasmBinary: new Uint8Array([0, 97, 115, 109]) });
      console.log('resolved');
    } catch (e) {
      console.log('rejected');
    }`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', code],
    { encoding: 'utf8', timeout: 5000, killSignal: 'SIGKILL' });
  assert.equal(child.stdout.trim(), 'rejected');
  assert.equal(child.signal, null, 'the child did not exit by itself within 5 s');
  assert.equal(child.status, 0, child.stderr);
});
