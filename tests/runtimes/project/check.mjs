// The packed package's checks, in whatever runtime runs this file (Node,
// Deno, Bun): plain ESM and node:assert only. runtimes.test.mjs installs the
// tarball into a copy of this folder and runs
//   <runtime> check.mjs <repository URL> <mode>
// mode: 'default' (load()), 'threads1' (load({ threads: 1 })), or
// 'broken-worker' (the threaded build's worker fails to start).
// It checks every operation of the table on every dtype against the JS
// reference (tests/js/ops/<op>/{samples,reference}.mjs; a typed operation
// against its golden values), every operation's
// own error cases (tests/js/ops/<op>/bad_inputs.mjs) with the module still
// right after each, and one call large enough for the pool; then prints one
// JSON line. It never calls process.exit(): the runtime must end by itself.
import assert from 'node:assert/strict';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { TensorOpsError, load, threadsAvailable } from 'wasm-tensor-ops';

const [repo, mode] = process.argv.slice(2);
const material = (file) => import(new URL(`tests/js/${file}`, repo).href);
const { DTYPE_CASES, assertSameBits, gather, makeData, makeRng, volume } = await material('helpers.mjs');
const { ref } = await material('reference.mjs');
const { loadEach } = await material('op_files.mjs');
const { callOp, callRef, inputArg, inputShapes, joinData, outputsOf, samplesOf } = await material('table.mjs');

function runtime() {
  if (globalThis.Deno) return { name: 'deno', version: globalThis.Deno.version.deno };
  if (process.versions.bun) return { name: 'bun', version: process.versions.bun };
  return { name: 'node', version: process.versions.node };
}

// A worker file that throws, in place of the package's own.
function brokenWorkerOptions() {
  const dist = fileURLToPath(new URL('.', import.meta.resolve('wasm-tensor-ops/dist/node/tensor_ops-simd-mt.wasm')));
  const broken = fileURLToPath(new URL('broken_worker.cjs', import.meta.url));
  return { threads: 2, locateFile: (name) => (name.endsWith('.worker.js') ? broken : dist + name) };
}

const MODES = { default: () => undefined, threads1: () => ({ threads: 1 }), 'broken-worker': brokenWorkerOptions };
assert.ok(Object.hasOwn(MODES, mode), `unknown mode ${mode}`);
const ops = await load(MODES[mode]());

// Every operation on every dtype: the reference's bits, inputs untouched.
let calls = 0;
const rng = makeRng(0x2c0ffee);
const { assertBitsOf, typedCases } = await material('typed_golden.mjs');
for (const c of DTYPE_CASES) {
  for (const spec of ops.operations) {
    if (spec.typed) continue; // below: their golden values
    for (const sample of samplesOf(spec.name)) {
      const what = `${c.label} ${spec.name} ${sample.label}`;
      const shapes = inputShapes(spec, sample);
      const datas = shapes.map((shape) => makeData(c, volume(shape), rng, sample.offset ?? 0));
      const before = datas.map((d) => d.slice());
      const xs = shapes.map((shape, k) => ({ data: datas[k], shape: shape.slice(), dtype: c.dtype }));
      const expected = outputsOf(spec, callRef(ref, ops, spec.name, spec.input === 'tensors' ? shapes : shapes[0], sample.args));
      const results = outputsOf(spec, callOp(ops, spec.name, inputArg(spec, xs), sample.args));
      assert.equal(results.length, expected.length, `${what}: outputs`);
      results.forEach((r, k) => {
        assert.equal(r.dtype, c.dtype, what);
        assert.deepEqual(r.shape, expected[k].shape, what);
        assertSameBits(r.data, gather(joinData(datas), expected[k].src), `${what} output ${k}`);
      });
      datas.forEach((d, k) => assertSameBits(d, before[k], `${what}: input ${k} untouched`));
      calls++;
    }
  }
}

// Typed operations: their golden cases' bits.
for (const spec of ops.operations.filter((o) => o.typed)) {
  for (const c of typedCases(spec.name, 120)) {
    const r = callOp(ops, spec.name, c.x, c.args);
    const several = Array.isArray(c.out); // several outputs: a list of them
    (several ? c.out : [c.out]).forEach((out, k) => {
      const rk = several ? r[k] : r;
      assert.deepEqual(rk.shape, out.shape, `${spec.name} ${c.label} output ${k}`);
      assertBitsOf(rk.data, out, `${spec.name} ${c.label} output ${k}`);
    });
    calls++;
  }
}

// Every operation's own error cases: a TensorOpsError with the documented
// code, its message naming the operation and the parameter or value; after
// each, a correct call still gives the reference's result.
let errors = 0;
const badInputs = await loadEach('bad_inputs.mjs');
for (const { name: op } of ops.operations) {
  const o = badInputs[op].default(ops);
  const unknown = (o.options?.unknown ?? []).map((n) => [`unknown option '${n}'`, () => o.options.call({ [n]: 1 }), 'INVALID_ARGUMENT', [`'${n}'`]]);
  for (const [title, call, code, parts] of [...o.cases, ...unknown]) {
    let error;
    try {
      call();
    } catch (e) {
      error = e;
    }
    const what = `${op}: ${title}`;
    assert.ok(error instanceof TensorOpsError, `${what}: expected a TensorOpsError, got ${error}`);
    assert.equal(error.code, code, `${what}: ${error.message}`);
    assert.ok(error.message.startsWith(`${op}: `), `${what}: ${error.message}`);
    for (const part of parts) assert.ok(error.message.includes(part), `${what}: '${part}' not in ${error.message}`);
    o.correct();
    errors++;
  }
}
assert.equal(ops.memory().keptTensors, 0);

// Copies in and out of the module's memory, on both sides of the size from
// which Node copies by Buffer (2 KiB), at odd offsets of the
// caller's arrays: every byte arrives, none beside it is written.
let copies = 0;
for (const n of [2047, 2048, 4099, 65539, 1 << 20]) {
  for (const offset of [0, 1, 7]) {
    const whole = new Uint8Array(n + offset + 9).fill(0xee);
    const view = whole.subarray(offset, offset + n);
    for (let i = 0; i < n; i++) view[i] = (i * 31 + n + offset) & 255;
    const kept = ops.tensor(view, [n]);
    const target = new Uint8Array(n + offset + 9).fill(0xee);
    const into = target.subarray(offset + 1, offset + 1 + n);
    assertSameBits(kept.toArray(), view, `toArray of ${n} bytes`);
    ops.reshape(kept, [n], { out: into });
    assertSameBits(into, view, `${n} kept bytes into an out at offset ${offset + 1}`);
    assert.deepEqual([target[offset], target[offset + 1 + n]], [0xee, 0xee], 'the bytes beside the out');
    ops.reverse({ data: view, shape: [n] }, [0], { out: into });
    assertSameBits(into, view.slice().reverse(), `reverse of ${n} plain bytes into out`);
    kept.dispose();
    copies++;
  }
  // A kept tensor's rows into a plain out: copied by JavaScript, run by run.
  const table = new Uint8Array(4 * n).map((_, i) => (i * 7) & 255);
  const kept = ops.tensor(table, [4, n]);
  const into = new Uint8Array(2 * n + 3).subarray(3);
  ops.slice(kept, [1], [3], { axes: [0], out: into });
  assertSameBits(into, table.subarray(n, 3 * n), `rows 1-2 of a kept [4, ${n}] into an out at offset 3`);
  kept.dispose();
  copies++;
}
assert.equal(ops.memory().keptTensors, 0);

// One call large enough to be split over the pool's threads.
const x = { data: makeData({ dtype: 'float32', Array: Float32Array }, 1024 * 2048, rng), shape: [1024, 2048] };
assertSameBits(ops.transpose(x, [1, 0]).data, gather(x.data, ref.transpose(x.shape, [1, 0]).src), 'large transpose');

console.log(JSON.stringify({ runtime: runtime(), backend: ops.backend, threadsAvailable: threadsAvailable(), calls, errors, copies }));
