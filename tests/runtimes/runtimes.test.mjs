// The packed package in every runtime it supports: Node (the one running
// this suite, Node 20 in `npm test`), Node 24 and 26, Deno and Bun, each
// from this repository's devDependencies (npm packages, nothing downloaded).
// `npm pack` once; project/ (check.mjs) is copied to a fresh folder with the
// tarball installed, and check.mjs runs there under each runtime, with
// load(), load({ threads: 1 }) and a threaded build whose worker fails to
// start. Each run must exit by itself, with code 0, within a time limit.
//   node --test tests/runtimes/        (KEEP_RUNTIMES=1 keeps the temp folder)
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';

import { ROOT, lastJsonLine, makeProject, makeWorkDir, pack, run } from '../consumers/harness.mjs';

const devDependencies = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).devDependencies;
const pinned = (name) => devDependencies[name].replace(/^npm:[^@]+@/, '');
const bin = (...parts) => path.join(ROOT, 'node_modules', ...parts);

// [label, runtime name, version, command, arguments before the script].
// Deno needs read access to the package's files (its .wasm and worker), and nothing else.
const RUNTIMES = [
  [`Node ${process.versions.node} (this one)`, 'node', process.versions.node, process.execPath, []],
  [`Node ${pinned('node24')}`, 'node', pinned('node24'), bin('node24', 'bin', 'node'), []],
  [`Node ${pinned('node26')}`, 'node', pinned('node26'), bin('node26', 'bin', 'node'), []],
  [`Deno ${pinned('deno')}`, 'deno', pinned('deno'), bin('deno', 'deno'), ['run', '--allow-read']],
  [`Bun ${pinned('bun')}`, 'bun', pinned('bun'), bin('bun', 'bin', 'bun.exe'), []],
];

// What load() picks where the threaded build runs, as web/node.mjs decides it.
const CORES = Math.min(os.availableParallelism?.() ?? os.cpus().length, 64);
const DEFAULT_BACKEND = CORES > 1
  ? { variant: 'simd-mt', simd: true, threads: CORES }
  : { variant: 'simd-st', simd: true, threads: 1, reason: 'this machine has one core' };
const ST = { variant: 'simd-st', simd: true, threads: 1 };
const FAILED_START = /^the threaded build failed to start \(.*this worker fails on purpose.*\)$/;

let work;
let project;

before(() => {
  work = makeWorkDir();
  const packed = pack(work);
  project = makeProject(work, 'runtimes', packed.tarball, { template: path.join(ROOT, 'tests', 'runtimes', 'project') });
});

after(() => {
  if (work && !process.env.KEEP_RUNTIMES) rmSync(work, { recursive: true, force: true });
  else if (work) console.log(`runtime project kept in ${work}`);
});

// check.mjs under `command` in `mode`: its report and what it wrote to stderr.
function check(command, args, mode) {
  // Deno: its cache in the temp folder, and no look for a newer Deno (the network is closed).
  const env = { ...process.env, DENO_DIR: path.join(work, 'deno-dir'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' };
  const { stdout, stderr } = run(command, [...args, 'check.mjs', pathToFileURL(ROOT).href, mode],
    { cwd: project, timeout: 60000, env });
  return { report: lastJsonLine(stdout), stderr };
}

for (const [label, name, version, command, args] of RUNTIMES) {
  describe(label, () => {
    const checked = (mode) => {
      assert.ok(existsSync(command), `${command} is missing: run npm ci (the package's postinstall puts it there)`);
      const result = check(command, args, mode);
      assert.deepEqual(result.report.runtime, { name, version });
      assert.equal(result.report.threadsAvailable, true);
      assert.ok(result.report.calls >= 20 * 14 && result.report.errors >= 20 * 10, JSON.stringify(result.report));
      assert.equal(result.report.copies, 20, JSON.stringify(result.report));
      return result;
    };

    test('load(): every operation on every dtype, the error cases, the build, and it exits by itself', () => {
      const { report, stderr } = checked('default');
      assert.deepEqual(report.backend, DEFAULT_BACKEND);
      assert.equal(stderr, '');
    });

    test('load({ threads: 1 }): the same on simd-st', () => {
      const { report, stderr } = checked('threads1');
      assert.deepEqual(report.backend, { ...ST, reason: 'load({ threads: 1 }) asked for one thread' });
      assert.equal(stderr, '');
    });

    test('a threaded build whose worker fails to start: simd-st with the reason, a warning, and it exits by itself', () => {
      const { report, stderr } = checked('broken-worker');
      const { reason, ...rest } = report.backend;
      assert.deepEqual(rest, ST);
      assert.match(reason, FAILED_START);
      assert.ok(stderr.includes(`wasm-tensor-ops: ${reason}; running the single-threaded build`), stderr);
    });
  });
}
