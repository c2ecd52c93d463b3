// The package as its users get it: `npm pack` once, then fresh projects
// (templates beside this file) that install the tarball and use it as users
// would. Node CommonJS and ES-module scripts that must exit by themselves,
// a TypeScript project under `tsc --noEmit --strict`, a Vite production
// build (and dev server) opened in Chromium with and without the isolation
// headers, the same for a webpack 5 production build, and a plain
// <script type="module"> page that loads the package from a CDN-like
// folder. TypeScript, Vite, webpack and Playwright come from this
// repository's node_modules; nothing is downloaded.
//   node --test tests/consumers/        (KEEP_CONSUMERS=1 keeps the temp folder)
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';

import { startServer } from '../../demo/server.mjs';
import { declaredValueExports } from './declared-exports.mjs';
import {
  ROOT, actAsCdn, lastJsonLine, launchChromium, makeProject, makeWorkDir, openPage, origin, pack, run, runAsync,
} from './harness.mjs';

const CHECKS = [
  'roll', 'reshape', 'broadcast', 'spaceToDepth', 'depthToSpace', 'shapes', 'int64 and out', 'kept tensors',
  'errors', 'onnxruntime tensors',
];
const NODE_THREADS = Math.min(os.availableParallelism?.() ?? os.cpus().length, 64);

let work;
let packed;
let browser;

before(() => {
  work = makeWorkDir();
  packed = pack(work);
});

after(async () => {
  await browser?.close();
  if (work && !process.env.KEEP_CONSUMERS) rmSync(work, { recursive: true, force: true });
  else if (work) console.log(`consumer projects kept in ${work}`);
});

async function chromium() {
  browser ??= await launchChromium();
  return browser;
}

/** reports[i] ran every check on `variant`. */
function assertReport(report, variant, extra = []) {
  assert.equal(report.backend.variant, variant, JSON.stringify(report.backend));
  if (variant === 'simd-st') assert.equal(report.backend.threads, 1);
  else assert.ok(report.backend.threads >= 2, JSON.stringify(report.backend));
  assert.deepEqual(report.checks, [...CHECKS, ...extra]);
}

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

// ---------------------------------------------------------------- the tarball

// What users need, and nothing else: the JavaScript, its declarations, both
// wasm builds with their glue and worker, README, LICENSE, CHANGELOG, and the
// docs the README links to (relative links that work in node_modules too).
const ALLOWED = [
  /^package\.json$/, /^README\.md$/, /^LICENSE$/, /^CHANGELOG\.md$/, /^docs\/[\w-]+\.md$/, /^docs\/operations\/[\w-]+\.md$/,
  /^web\/[\w-]+\.(mjs|cjs|d\.ts|d\.mts)$/,
  /^dist\/node\/tensor_ops-simd-(mt|st)\.(js|wasm)$/, /^dist\/node\/tensor_ops-simd-mt\.worker\.js$/,
  /^dist\/web\/tensor_ops-simd-(mt|st)\.(mjs|wasm)$/, /^dist\/web\/tensor_ops-simd-mt\.worker\.js$/,
];
const REQUIRED = [
  'package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'docs/operations.md', 'docs/operations/roll.md',
  'web/node.mjs', 'web/index.cjs', 'web/browser.mjs', 'web/api.mjs', 'web/ort.mjs', 'web/index.d.ts',
  'web/index.d.mts',
  'dist/node/tensor_ops-simd-mt.js', 'dist/node/tensor_ops-simd-mt.wasm', 'dist/node/tensor_ops-simd-mt.worker.js',
  'dist/node/tensor_ops-simd-st.js', 'dist/node/tensor_ops-simd-st.wasm',
  'dist/web/tensor_ops-simd-mt.mjs', 'dist/web/tensor_ops-simd-mt.wasm', 'dist/web/tensor_ops-simd-mt.worker.js',
  'dist/web/tensor_ops-simd-st.mjs', 'dist/web/tensor_ops-simd-st.wasm',
];
const DEVELOPMENT = /^(src|tests|bench|demo|build|scripts|cmake|bindings|node_modules|\.ci|\.git)\/|CMake|\.tgz$/;

test('npm pack: the tarball holds what users need and nothing else', () => {
  const paths = packed.files.map((f) => f.path).sort();
  assert.deepEqual([...packed.listed].sort(), paths, 'npm pack --json and the tarball list the same files');
  const development = paths.filter((p) => DEVELOPMENT.test(p));
  assert.deepEqual(development, [], `development files in the tarball: ${development.join(', ')}`);
  const unexpected = paths.filter((p) => !ALLOWED.some((re) => re.test(p)));
  assert.deepEqual(unexpected, [], `files no user needs: ${unexpected.join(', ')}`);
  const missing = REQUIRED.filter((p) => !paths.includes(p));
  assert.deepEqual(missing, [], `missing from the tarball: ${missing.join(', ')}`);

  // Every relative import of the packed JavaScript resolves inside the tarball,
  // and so does every target of the exports map.
  const unpacked = path.join(work, 'unpacked', 'package');
  mkdirSync(path.dirname(unpacked));
  run('tar', ['-xzf', packed.tarball, '-C', path.dirname(unpacked)], { cwd: work });
  for (const file of paths.filter((p) => /^web\/.*\.(mjs|cjs)$/.test(p))) {
    const source = readFileSync(path.join(unpacked, file), 'utf8');
    for (const [, spec] of source.matchAll(/(?:from|import\(|require\()\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = path.posix.join(path.posix.dirname(file), spec);
      assert.ok(paths.includes(target), `${file} imports ${spec}, which is not in the tarball`);
    }
  }
  const manifest = JSON.parse(readFileSync(path.join(unpacked, 'package.json'), 'utf8'));
  const targets = JSON.stringify(manifest.exports).match(/"\.\/[^"*]+"/g).map((t) => t.slice(3, -1));
  for (const t of [...targets, manifest.main.slice(2), manifest.types.slice(2)]) {
    assert.ok(paths.includes(t), `package.json points at ${t}, which is not in the tarball`);
  }

  console.log(`tarball ${path.basename(packed.tarball)}: ${kB(packed.size)} packed, ${kB(packed.unpackedSize)} unpacked, ${paths.length} files`);
  for (const f of packed.files.filter((x) => x.path.endsWith('.wasm'))) console.log(`  ${f.path}: ${kB(f.size)}`);
});

// ----------------------------------------------------------------------- Node

test('Node CommonJS project: require() runs every operation and exits by itself', () => {
  const dir = makeProject(work, 'node-cjs', packed.tarball);
  const report = lastJsonLine(run(process.execPath, ['index.js'], { cwd: dir, timeout: 30000 }).stdout);
  assert.match(report.entry, /node_modules[\\/]wasm-tensor-ops[\\/]web[\\/]index\.cjs$/);
  assertReport(report.reports[0], NODE_THREADS > 1 ? 'simd-mt' : 'simd-st', ['large roll']);
  assertReport(report.reports[1], 'simd-st');
});

test('Node ES-module project with onnxruntime-web: import runs every operation and exits by itself', () => {
  const dir = makeProject(work, 'node-esm', packed.tarball, { links: ['onnxruntime-web'] });
  const report = lastJsonLine(run(process.execPath, ['index.js'], { cwd: dir, timeout: 30000 }).stdout);
  assert.match(report.entry, /node_modules\/wasm-tensor-ops\/web\/node\.mjs$/);
  assertReport(report.reports[0], NODE_THREADS > 1 ? 'simd-mt' : 'simd-st', ['large roll']);
  assertReport(report.reports[1], 'simd-st');
});

// ----------------------------------------------------------------- TypeScript

let typescriptDir;

test('TypeScript project: tsc --noEmit --strict accepts the uses and rejects the mistakes', () => {
  const dir = makeProject(work, 'typescript', packed.tarball, { links: ['onnxruntime-web'] });
  typescriptDir = dir;
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  // NodeNext (ESM and CommonJS files), then a bundler's resolution.
  for (const config of ['tsconfig.json', 'tsconfig.bundler.json']) {
    run(process.execPath, [tsc, '-p', config, '--noEmit', '--strict'], { cwd: dir, timeout: 60000 });
  }
  // The mistakes file must hold real @ts-expect-error lines (tsc fails on unused ones).
  const mistakes = readFileSync(path.join(dir, 'src', 'mistakes.ts'), 'utf8').match(/@ts-expect-error/g).length;
  assert.ok(mistakes >= 10, `${mistakes} expected errors`);
  assert.match(readFileSync(path.join(dir, 'src', 'mistakes.ts'), 'utf8'), /@ts-expect-error[^\n]*\nimport pkg from 'wasm-tensor-ops';/);
});

test('CommonJS TypeScript project: tsc --noEmit --strict (NodeNext) accepts require() and import(), rejects a default', () => {
  const dir = makeProject(work, 'typescript-cjs', packed.tarball);
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  run(process.execPath, [tsc, '-p', 'tsconfig.json', '--noEmit', '--strict'], { cwd: dir, timeout: 60000 });
  const mistakes = readFileSync(path.join(dir, 'src', 'mistakes.ts'), 'utf8').match(/^\s*\/\/ @ts-expect-error/gm).length;
  assert.equal(mistakes, 4);
});

// Every export of each entry, as Node loads it, is declared for that way of
// loading it, and every declared value exists (types aside, which have no
// run-time form): ES modules (node.mjs; browser.mjs for browsers and
// bundlers) against index.d.mts, require() (index.cjs) against index.d.ts.
test('TypeScript declarations: each entry exports exactly the values its declarations name', async () => {
  assert.ok(typescriptDir, 'the TypeScript project failed to install');
  const declared = declaredValueExports(typescriptDir);
  const installed = path.join(typescriptDir, 'node_modules', 'wasm-tensor-ops');
  assert.equal(declared.files.import, path.join(installed, 'web', 'index.d.mts'));
  assert.equal(declared.files.require, path.join(installed, 'web', 'index.d.ts'));
  const entries = {
    'web/node.mjs': ['import', await import(pathToFileURL(path.join(installed, 'web', 'node.mjs')).href)],
    'web/browser.mjs': ['import', await import(pathToFileURL(path.join(installed, 'web', 'browser.mjs')).href)],
    'web/index.cjs': ['require', createRequire(path.join(typescriptDir, 'index.js'))('wasm-tensor-ops')],
  };
  for (const [entry, [kind, namespace]] of Object.entries(entries)) {
    assert.deepEqual(declared[kind], Object.keys(namespace).sort(), `${entry} and ${path.basename(declared.files[kind])}`);
  }
  assert.ok(declared.import.includes('threadsAvailable') && !declared.import.includes('default'), declared.import.join(', '));
});

// ----------------------------------------------------------------------- Vite

let viteDir;

test('Vite production build: the wasm and the pthread worker survive bundling', async () => {
  viteDir = makeProject(work, 'vite', packed.tarball);
  await runAsync(process.execPath, [path.join(ROOT, 'tests', 'consumers', 'vite-build.mjs'), viteDir], { cwd: viteDir, timeout: 60000 });
  const assets = readdirSync(path.join(viteDir, 'dist', 'assets'));
  assert.equal(assets.filter((a) => a.endsWith('.wasm')).length, 2, assets.join(', '));
  assert.ok(assets.some((a) => /worker.*\.js$/.test(a)), `no worker among ${assets.join(', ')}`);
  let total = 0;
  for (const a of assets) total += statSync(path.join(viteDir, 'dist', 'assets', a)).size;
  console.log(`vite build: ${assets.length} assets, ${kB(total)}`);
});

// A bundler's production build served with and without COOP/COEP: the
// exercise passes on the build the page can run, and nothing is logged.
function servedBuildTests(bundler, projectDir) {
  for (const isolation of [true, false]) {
    const expected = isolation ? 'simd-mt' : 'simd-st';
    test(`${bundler} build served ${isolation ? 'with' : 'without'} COOP/COEP runs ${expected} in Chromium`, async () => {
      assert.ok(projectDir(), 'the build failed');
      const server = await startServer({ port: 0, isolation, root: path.join(projectDir(), 'dist'), served: ['.'], index: 'index.html' });
      try {
        const { result, errors, warnings } = await openPage(await chromium(), `${origin(server)}/`);
        assert.equal(result.ok, true, result.error);
        assert.equal(result.crossOriginIsolated, isolation);
        assertReport(result.reports[0], expected, ['large roll']);
        assertReport(result.reports[1], 'simd-st');
        assert.deepEqual(errors, []);
        assert.deepEqual(warnings.filter((w) => w.includes('wasm-tensor-ops')), []);
      } finally {
        server.close();
      }
    });
  }
}

servedBuildTests('Vite', () => viteDir);

test('Vite dev server (dependency pre-bundling) runs simd-mt in Chromium', async () => {
  assert.ok(viteDir, 'the project failed to install');
  const { createServer } = await import('vite');
  const server = await createServer({ root: viteDir, logLevel: 'warn', server: { port: 0, host: '127.0.0.1', strictPort: false } });
  try {
    await server.listen();
    const { result, errors } = await openPage(await chromium(), `http://127.0.0.1:${server.httpServer.address().port}/`);
    assert.equal(result.ok, true, result.error);
    assert.equal(result.crossOriginIsolated, true, 'vite.config.js sets the headers');
    assertReport(result.reports[0], 'simd-mt', ['large roll']);
    assert.deepEqual(errors, []);
  } finally {
    await server.close();
  }
});

// -------------------------------------------------------------------- webpack

let webpackDir;

test('webpack 5 production build: both .wasm files and the pthread worker are emitted', async () => {
  webpackDir = makeProject(work, 'webpack', packed.tarball);
  const { stdout } = await runAsync(process.execPath, [path.join(ROOT, 'tests', 'consumers', 'webpack-build.mjs'), webpackDir],
    { cwd: webpackDir, timeout: 60000 });
  const { assets, workerFiles } = lastJsonLine(stdout);
  const emitted = readdirSync(path.join(webpackDir, 'dist'));
  assert.deepEqual([...assets].sort(), [...emitted].sort(), 'webpack reports what it wrote');
  assert.equal(emitted.filter((a) => a.endsWith('.wasm')).length, 2, emitted.join(', '));
  assert.equal(workerFiles.length, 1, `the worker's chunk: ${workerFiles.join(', ')}`);
  assert.ok(emitted.includes(workerFiles[0]), `${workerFiles[0]} among ${emitted.join(', ')}`);
  let total = 0;
  for (const a of emitted) total += statSync(path.join(webpackDir, 'dist', a)).size;
  console.log(`webpack build: ${emitted.length} files, ${kB(total)}`);
});

servedBuildTests('webpack', () => webpackDir);

// ------------------------------------------------------------------------ CDN

// One folder tree served from two origins: the page's, and a "CDN" that
// sends CORS headers. npm/wasm-tensor-ops/ is the installed package, as a
// CDN serves it; wasm-files/ holds only the web build, where locateFile points.
let cdnSite;

function cdnLayout() {
  if (cdnSite) return cdnSite;
  const dir = makeProject(work, 'cdn', packed.tarball);
  const installed = path.join(dir, 'node_modules', 'wasm-tensor-ops');
  cpSync(installed, path.join(dir, 'npm', 'wasm-tensor-ops'), { recursive: true });
  cpSync(path.join(installed, 'dist', 'web'), path.join(dir, 'wasm-files'), { recursive: true });
  assert.ok(existsSync(path.join(dir, 'wasm-files', 'tensor_ops-simd-mt.worker.js')));
  cdnSite = dir;
  return dir;
}

for (const [isolation, crossOrigin] of [[true, true], [true, false], [false, true]]) {
  const expected = isolation ? 'simd-mt' : 'simd-st';
  test(`CDN page, no bundler, ${crossOrigin ? 'package on another origin' : 'package in another folder'}, ` +
    `${isolation ? 'with' : 'without'} COOP/COEP: ${expected}`, async () => {
    const root = cdnLayout();
    const page = await startServer({ port: 0, isolation, root, served: ['.'], index: 'index.html' });
    const cdn = actAsCdn(await startServer({ port: 0, isolation: false, root, served: ['npm/', 'wasm-files/'] }));
    try {
      const query = crossOrigin ? `?cdn=${encodeURIComponent(origin(cdn))}` : '';
      const { result, errors, warnings } = await openPage(await chromium(), `${origin(page)}/${query}`);
      assert.equal(result.ok, true, result.error);
      assert.equal(result.crossOriginIsolated, isolation);
      assertReport(result.reports[0], expected, ['large roll']);
      assertReport(result.reports[1], expected);
      assertReport(result.reports[2], 'simd-st');
      assert.deepEqual(errors, []);
      assert.deepEqual(warnings.filter((w) => w.includes('wasm-tensor-ops')), []);
    } finally {
      page.close();
      cdn.close();
    }
  });
}
