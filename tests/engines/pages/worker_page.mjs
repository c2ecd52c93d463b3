// Checks the Web Worker recipe (docs/web-worker/, used as the docs show it)
// by itself, in any browser: results against values computed here in plain
// JS, the page kept ticking while the worker worked, buffers transferred both
// ways, nothing left kept in the worker, the build and threads it ran.
// Publishes { ok, checks, failures, ... } as JSON in body[data-result] and
// then sets body[data-done="true"], so a driver only polls one attribute.
import { startTensorWorker } from '../../../docs/web-worker/tensor_client.mjs';

const PAD = 8;
// An RGBA frame -> RGB -> NCHW -> reflect padding: three kept steps.
const STEPS = [
  ['slice', [0], [3], { axes: [3] }],
  ['transpose', [0, 3, 1, 2]],
  ['pad', [0, 0, PAD, PAD], [0, 0, PAD, PAD], { mode: 'reflect' }],
];
const LARGE = [1, 4096, 4096, 4]; // 64 MiB of uint8

const outcome = { ok: false, checks: 0, failures: [] };
function check(name, ok, detail) {
  outcome.checks++;
  if (!ok) outcome.failures.push(detail === undefined ? name : `${name}: ${detail}`);
}
// How far the page got, in body[data-stage]: a driver that gives up
// waiting names the step that never ended.
function stage(name) {
  document.body.dataset.stage = name;
}
function log(line) {
  document.getElementById('log').textContent += `${line}\n`;
}

// The frame's values: a hash of the flat index, so misplaced bytes show.
const valueAt = (i) => Math.imul(i, 2654435761) >>> 24;
function makeFrame([n, h, w, c]) {
  const data = new Uint8Array(n * h * w * c);
  for (let i = 0; i < data.length; i++) data[i] = valueAt(i);
  return { data, shape: [n, h, w, c] };
}

// numpy's 'reflect' padding of an index in [-PAD, size + PAD).
function reflect(p, size) {
  if (p < 0) return -p;
  if (p >= size) return 2 * (size - 1) - p;
  return p;
}

/** Compares the result at `positions` ([c, y, x]) with the frame's value by hand. */
function checkValues(name, result, [, h, w], positions) {
  const oh = h + 2 * PAD;
  const ow = w + 2 * PAD;
  let wrong = 0;
  let first;
  for (const [c, y, x] of positions) {
    const want = valueAt(((reflect(y - PAD, h) * w) + reflect(x - PAD, w)) * 4 + c);
    const got = result.data[(c * oh + y) * ow + x];
    if (got !== want) {
      wrong++;
      first ??= `y[0, ${c}, ${y}, ${x}] = ${got}, expected ${want}`;
    }
  }
  check(`${name}: ${positions.length} values`, wrong === 0, `${wrong} wrong, first ${first}`);
}

function everyPosition([, h, w]) {
  const all = [];
  for (let c = 0; c < 3; c++) for (let y = 0; y < h + 2 * PAD; y++) for (let x = 0; x < w + 2 * PAD; x++) all.push([c, y, x]);
  return all;
}

// The borders (where reflection happens) and a pseudo-random sample.
function samplePositions([, h, w], count) {
  const ys = [0, 1, PAD - 1, PAD, PAD + 1, PAD + h - 1, PAD + h, h + 2 * PAD - 1];
  const xs = [0, 1, PAD - 1, PAD, PAD + 1, PAD + w - 1, PAD + w, w + 2 * PAD - 1];
  const at = [];
  for (let c = 0; c < 3; c++) for (const y of ys) for (const x of xs) at.push([c, y, x]);
  let seed = 12345;
  const next = (n) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % n;
  };
  for (let i = 0; i < count; i++) at.push([next(3), next(h + 2 * PAD), next(w + 2 * PAD)]);
  return at;
}

function checkResult(name, reply, shape) {
  const [n, h, w] = shape;
  const want = [n, 3, h + 2 * PAD, w + 2 * PAD];
  const t = reply.tensor;
  check(`${name}: shape`, JSON.stringify(t.shape) === JSON.stringify(want), `${JSON.stringify(t.shape)}, expected ${JSON.stringify(want)}`);
  check(`${name}: dtype`, t.dtype === 'uint8', t.dtype);
  check(`${name}: a Uint8Array`, t.data instanceof Uint8Array, Object.prototype.toString.call(t.data));
  check(`${name}: its own whole buffer`, t.data.byteOffset === 0 && t.data.buffer.byteLength === want.reduce((a, b) => a * b),
    `byteOffset ${t.data.byteOffset}, buffer ${t.data.buffer.byteLength} bytes`);
  check(`${name}: not shared memory`, !(typeof SharedArrayBuffer === 'function' && t.data.buffer instanceof SharedArrayBuffer));
}

function checkNothingKept(name, memory, baseline) {
  check(`${name}: no kept tensors`, memory.keptTensors === 0 && memory.keptBytes === 0,
    `keptTensors ${memory.keptTensors}, keptBytes ${memory.keptBytes}`);
  if (baseline) check(`${name}: heap back to its baseline`, memory.heapBytes === baseline.heapBytes,
    `heapBytes ${memory.heapBytes}, baseline ${baseline.heapBytes}`);
}

/** Counts 16 ms timer ticks and animation frames on this (the main) thread. */
function startTicker() {
  const s = { ticks: 0, frames: 0, maxGapMs: 0, running: true };
  let last = performance.now();
  const tick = () => {
    if (!s.running) return;
    const now = performance.now();
    s.maxGapMs = Math.max(s.maxGapMs, now - last);
    last = now;
    s.ticks++;
    setTimeout(tick, 16);
  };
  const frame = () => {
    if (!s.running) return;
    s.frames++;
    requestAnimationFrame(frame);
  };
  setTimeout(tick, 16);
  requestAnimationFrame(frame);
  return () => {
    s.running = false;
    return { ticks: s.ticks, frames: s.frames, maxGapMs: Math.round(s.maxGapMs) };
  };
}

async function main() {
  // The package's rule, as this page sees it (a worker is isolated when its
  // page is). WebKitGTK exposes SharedArrayBuffer only with
  // JSC_useSharedArrayBuffer=1, even on an isolated page.
  const sharedArrayBuffer = typeof SharedArrayBuffer === 'function';
  const cores = Math.min(navigator.hardwareConcurrency || 1, 4); // load()'s default cap in browsers
  const threads = sharedArrayBuffer && globalThis.crossOriginIsolated ? cores : 1;
  Object.assign(outcome, {
    crossOriginIsolated: globalThis.crossOriginIsolated === true, sharedArrayBuffer,
    hardwareConcurrency: navigator.hardwareConcurrency, userAgent: navigator.userAgent,
  });
  stage('starting the worker');
  const worker = startTensorWorker();

  // 1. Small: starts the worker and its module; every value checked; the baseline.
  const small = [1, 10, 12, 4]; // reflect pads 8 need 9 rows and columns
  stage('the small frame: the worker loads the package and runs the chain');
  let reply = await worker.run(makeFrame(small), STEPS);
  checkResult('small', reply, small);
  checkValues('small', reply.tensor, small, everyPosition(small));
  const baseline = reply.memory;
  Object.assign(outcome, { variant: reply.backend.variant, threads: reply.backend.threads });
  check('the build in the worker', reply.backend.variant === (threads > 1 ? 'simd-mt' : 'simd-st'),
    `${reply.backend.variant} with crossOriginIsolated ${globalThis.crossOriginIsolated}, SharedArrayBuffer ${sharedArrayBuffer}`);
  check('its threads', reply.backend.threads === threads, `${reply.backend.threads}, expected ${threads}`);
  checkNothingKept('small', baseline);

  // 2. Large, while this thread keeps ticking.
  const frame = makeFrame(LARGE);
  const sent = frame.data.byteLength;
  const stop = startTicker();
  const t0 = performance.now();
  stage('the 64 MiB frame: the chain in the worker');
  const pending = worker.run(frame, STEPS);
  check('the input was transferred (its buffer detached here)', frame.data.byteLength === 0 && frame.data.buffer.byteLength === 0,
    `byteLength ${frame.data.byteLength} after run()`);
  reply = await pending;
  const durationMs = Math.round(performance.now() - t0);
  const responsiveness = stop();
  Object.assign(outcome, { sentBytes: sent, receivedBytes: reply.tensor.data.byteLength, durationMs, ...responsiveness });
  check('the page kept ticking while the worker worked', responsiveness.ticks >= 3,
    `${responsiveness.ticks} ticks of a 16 ms timer in ${durationMs} ms`);
  checkResult('large', reply, LARGE);
  checkValues('large', reply.tensor, LARGE, samplePositions(LARGE, 20000));
  checkNothingKept('large', reply.memory, baseline);

  // 3. An error inside the chain: reported with its code; nothing leaks.
  stage('an error inside the chain');
  let error;
  try {
    await worker.run(makeFrame(small), [STEPS[0], ['transpose', [0, 1]]]);
  } catch (e) {
    error = e;
  }
  check('an error is rejected with its code', error?.code === 'INVALID_ARGUMENT' && /transpose/.test(error.message),
    `${error?.code}: ${error?.message}`);
  stage('the small frame after the error');
  reply = await worker.run(makeFrame(small), STEPS);
  checkNothingKept('after the error', reply.memory, baseline);
  worker.terminate();
}

window.addEventListener('error', (e) => check('no uncaught error', false, e.message));
window.addEventListener('unhandledrejection', (e) => check('no unhandled rejection', false, String(e.reason)));
try {
  await main();
} catch (error) {
  check('the page ran to its end', false, `${error?.name}: ${error?.message}`);
}
outcome.ok = outcome.failures.length === 0 && outcome.checks > 0;
log(JSON.stringify(outcome, null, 2));
stage('done');
document.body.dataset.result = JSON.stringify(outcome);
document.body.dataset.done = 'true';
