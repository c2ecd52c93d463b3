// The endurance run (tests/js/soak.mjs, `npm run soak` does 100,000 calls),
// short: 10,000 mixed calls with errors, kept tensors and disposals must end
// with the heap back at its baseline.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { THREADS } from './load_ops.mjs';

const script = fileURLToPath(new URL('./soak.mjs', import.meta.url));

test('soak: 10,000 mixed calls, heap flat at the end', (t) => {
  const child = spawnSync(process.execPath, [script, '--calls=10000', `--threads=${THREADS}`, '--seed=7'],
    { encoding: 'utf8', timeout: 120000, killSignal: 'SIGKILL' });
  const lines = child.stdout.trim().split('\n');
  for (const line of lines.slice(-3)) t.diagnostic(line);
  assert.equal(child.status, 0, `${child.stdout}\n${child.stderr}`);
  assert.equal(lines.filter((l) => / \d+% \d+ calls/.test(l)).length, 10, 'progress every 10%');
  assert.match(child.stdout, /soak: passed, heap back at its baseline/);
});

test('soak: exits non-zero on a bad argument', () => {
  const child = spawnSync(process.execPath, [script, '--calls=zero'], { encoding: 'utf8', timeout: 30000 });
  assert.equal(child.status, 2);
});
