// The builds may grow to 4 GiB of WebAssembly memory: OUT_OF_MEMORY is for
// results that cannot fit, not for any single allocation above 2 GiB. Run in
// a child process so that its 2.25 GiB are returned as soon as it ends.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { THREADS } from './load_ops.mjs';

const entry = fileURLToPath(new URL('../../web/node.mjs', import.meta.url));

test('a 2.25 GiB result in a fresh module (memory max 4 GiB) is allocated', () => {
  const code = `import { load } from ${JSON.stringify(entry)};
    const ops = await load({ threads: ${THREADS} });
    const t = ops.tensor(Uint8Array.of(7), [1]);
    let report;
    try {
      const r = ops.broadcast(t, [9, 256, 1024, 1024]);
      const d = r.data;
      report = { length: d.length, first: d[0], last: d[d.length - 1] };
    } catch (e) {
      report = { code: e.code, message: e.message };
    }
    console.log(JSON.stringify(report));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', code],
    { encoding: 'utf8', timeout: 30000, killSignal: 'SIGKILL' });
  assert.equal(child.status, 0, child.stderr);
  assert.deepEqual(JSON.parse(child.stdout), { length: 9 * 2 ** 28, first: 7, last: 7 });
});
