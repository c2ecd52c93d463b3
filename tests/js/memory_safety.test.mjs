// Memory-safety regressions: one test per reproducer of inputs that lie
// (own length properties, lying subclass getters, getters that answer
// differently on each read, proxies whose length changes), views of wasm
// memory that no live kept tensor owns (stale views of disposed tensors,
// views at arbitrary addresses), detached buffers, objects that pass
// `instanceof KeptTensor` without being one, -(2^63) as a number, failing
// load() and very high ranks. Each asserts the fixed behaviour:
//
//   - lengths, offsets and buffers come from a typed array's intrinsic
//     getters, and every property of the caller's objects is read once;
//   - a view into the module's memory is written or read in place only when
//     it lies inside a live kept tensor's bytes; a stale view is DISPOSED;
//     any other view is a plain array (copied, never written by address), and
//     an `out` outside every live kept tensor is refused;
//   - a refusal is a TensorOpsError whose message names the operation and the
//     parameter.
//
// and that afterwards a sentinel kept tensor still holds its values, a
// known-good call still works and ops.memory() is back at its baseline.
//
// Each test runs its case in a child process (this file, with
// MEMORY_SAFETY_CASE set), on the build the suite loads: a call that
// corrupts the heap can leave the module looping inside wasm, which would
// hang the test process itself.
import assert from 'node:assert/strict';
import { writeSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { KeptTensor, TensorOpsError, load } from '../../web/node.mjs';
import {
  detach, flipping, lengthFlippingProxy, liarSubclass, moduleBuffer, runNode, withOwnProps,
} from './hostile_inputs.mjs';
import { THREADS, loadOps } from './load_ops.mjs';

const IA = 'INVALID_ARGUMENT';
const REPORT = 'memory-safety-report ';

// ---------------------------------------------------------------------------
// Assertions the cases use.

/** fn() must throw a TensorOpsError with one of `codes` whose message matches every regex. */
function expectRefusal(fn, codes, patterns = []) {
  let error;
  let result;
  try {
    result = fn();
  } catch (e) {
    error = e;
  }
  const wanted = [codes].flat();
  assert.ok(error !== undefined, `expected a TensorOpsError ${wanted.join(' or ')}, but the call returned ${brief(result)}`);
  assert.ok(error instanceof TensorOpsError, `expected a TensorOpsError ${wanted.join(' or ')}, got ${error?.stack ?? error}`);
  assert.ok(wanted.includes(error.code), `expected code ${wanted.join(' or ')}, got ${error.code}: ${error.message}`);
  for (const pattern of patterns) assert.match(error.message, pattern);
  return error;
}

/** fn() returns (its result) or throws a TensorOpsError (undefined); anything else fails. */
function resultOrRefusal(fn) {
  try {
    return fn();
  } catch (e) {
    assert.ok(e instanceof TensorOpsError, `expected a result or a TensorOpsError, got ${e?.stack ?? e}`);
    return undefined;
  }
}

function brief(result) {
  if (result?.data && result.shape) return `{ data: [${Array.from(result.data).slice(0, 8).join(', ')}...], shape: [${result.shape}] }`;
  return String(result);
}

const values = (r) => Array.from(r.toArray ? r.toArray() : r.data);
const iota = (n, from = 1) => Float32Array.from({ length: n }, (_, i) => i + from);

// The module's state that must survive every case: a kept tensor's values, a
// correct result, and the memory accounts.
function makeGuard(ops) {
  const good = () => ops.roll({ data: Float32Array.of(1, 2, 3), shape: [3] }, 1, 0);
  const roundTrip = () => ops.tensor(Int8Array.of(1), [1]).dispose();
  good();
  roundTrip(); // warm-up: scratch areas and caches reach their size
  const sentinelValues = Float32Array.from({ length: 256 }, (_, i) => i * 0.5 - 7);
  const sentinel = ops.tensor(sentinelValues, [256]);
  const baseline = ops.memory();
  return {
    sentinel,
    /** The sentinel's values and a known-good call, after a hostile call. */
    checkIntact(what = 'after the call') {
      assert.deepEqual(Array.from(sentinel.toArray()), Array.from(sentinelValues), `the sentinel kept tensor changed ${what}`);
      assert.deepEqual(values(good()), [3, 1, 2], `a known-good roll ${what}`);
    },
    /** Memory back at its baseline (whatever the case kept, it disposed). */
    checkMemory() {
      const now = ops.memory();
      assert.equal(now.keptTensors, baseline.keptTensors, 'keptTensors back at the baseline');
      assert.equal(now.keptBytes, baseline.keptBytes, 'keptBytes back at the baseline');
      assert.equal(now.heapBytes, baseline.heapBytes, 'heapBytes back at the baseline');
    },
  };
}

// ---------------------------------------------------------------------------
// The cases: name -> { run(ops, guard), module (false: none is loaded for
// it), quiet (nothing may reach stderr), rank (the longer timeouts) }.
const CASES = new Map();
const add = (name, run, opts = {}) => CASES.set(name, { run, module: true, ...opts });

// A 4 x 3 float32 tensor 1..12; roll by 1 on axis 0 gives 10 11 12 1 2 ... 9.
const x43 = () => ({ data: iota(12), shape: [4, 3] });
const rolled43 = [10, 11, 12, 1, 2, 3, 4, 5, 6, 7, 8, 9];

// 1. Lying lengths: the copy into wasm memory takes the real byteLength, the
// checks the lying length; the difference overflows the block.
add('lying length: x.data with an own length (4 of its 262144 elements) -> INVALID_ARGUMENT', (ops, guard) => {
  const d = new Float32Array(1 << 18);
  Object.defineProperty(d, 'length', { value: 4 });
  expectRefusal(() => ops.roll({ data: d, shape: [4] }, 1, 0), IA, [/^roll: /, /x\.data/, /262144/]);
  guard.checkIntact();
  assert.deepEqual(values(ops.roll({ data: Float32Array.of(1, 2, 3), shape: [3] }, 1, 0)), [3, 1, 2]);
});

add('lying length: ops.tensor() data with an own length (4 of 262144) -> INVALID_ARGUMENT', (ops, guard) => {
  const d = new Float32Array(1 << 18);
  Object.defineProperty(d, 'length', { value: 4 });
  expectRefusal(() => ops.tensor(d, [4]), IA, [/^tensor: /, /data/, /262144/]);
  guard.checkIntact();
});

add('lying length: x.data a Float32Array subclass whose length getter says 4 of 262144 -> INVALID_ARGUMENT', (ops, guard) => {
  const d = liarSubclass(Float32Array, 1 << 18, { length: 4 });
  expectRefusal(() => ops.roll({ data: d, shape: [4] }, 1, 0), IA, [/^roll: /, /x\.data/]);
  guard.checkIntact();
});

add('lying length: x.data a subclass whose length and byteLength getters say 4 of 262144 -> INVALID_ARGUMENT', (ops, guard) => {
  const d = liarSubclass(Float32Array, 1 << 18, { length: 4, byteLength: 16 });
  expectRefusal(() => ops.roll({ data: d, shape: [4] }, 1, 0), IA, [/^roll: /, /x\.data/]);
  guard.checkIntact();
});

// Lying buffer and byteOffset: the real data is three plain floats; the lie
// points at the sentinel's bytes in wasm memory.
function pointAtSentinel(guard) {
  const view = guard.sentinel.data;
  return { buffer: view.buffer, byteOffset: view.byteOffset };
}

add('lying buffer: x.data a subclass whose buffer/byteOffset getters point at a kept tensor -> reads its own data', (ops, guard) => {
  const d = liarSubclass(Float32Array, 3, pointAtSentinel(guard));
  d.set([1, 2, 3]);
  const r = resultOrRefusal(() => ops.roll({ data: d, shape: [3] }, 1, 0));
  if (r) assert.deepEqual(values(r), [3, 1, 2], 'the result is the roll of the array\'s own elements');
  guard.checkIntact();
});

add('lying buffer: x.data with own buffer/byteOffset properties pointing at a kept tensor -> reads its own data', (ops, guard) => {
  const d = withOwnProps(Float32Array.of(1, 2, 3), pointAtSentinel(guard));
  const r = resultOrRefusal(() => ops.roll({ data: d, shape: [3] }, 1, 0));
  if (r) assert.deepEqual(values(r), [3, 1, 2], 'the result is the roll of the array\'s own elements');
  guard.checkIntact();
});

add('lying buffer: out a subclass whose buffer/byteOffset getters point at a kept tensor -> the kept tensor untouched', (ops, guard) => {
  const out = liarSubclass(Float32Array, 3, pointAtSentinel(guard));
  const r = resultOrRefusal(() => ops.roll({ data: Float32Array.of(1, 2, 3), shape: [3] }, 1, 0, { out }));
  guard.checkIntact('(out must not be written by its lying address)');
  if (r) assert.deepEqual(Array.from(new Float32Array(out)), [3, 1, 2], 'out\'s own elements hold the result');
});

add('lying buffer: out with own buffer/byteOffset properties pointing at a kept tensor -> the kept tensor untouched', (ops, guard) => {
  const out = withOwnProps(new Float32Array(3), pointAtSentinel(guard));
  const r = resultOrRefusal(() => ops.roll({ data: Float32Array.of(1, 2, 3), shape: [3] }, 1, 0, { out }));
  guard.checkIntact('(out must not be written by its lying address)');
  if (r) assert.deepEqual(Array.from(new Float32Array(out)), [3, 1, 2], 'out\'s own elements hold the result');
});

// scatterND of plain arrays runs in JavaScript (web/scatter_in_js.mjs): it writes through the engine's getters too.
add('lying buffer: scatterND\'s out (x\'s own array, in place) with own buffer/byteOffset pointing at a kept tensor -> the kept tensor untouched', (ops, guard) => {
  const data = withOwnProps(Float32Array.of(1, 2, 3, 4), pointAtSentinel(guard));
  const at = { data: Int32Array.of(1), shape: [1, 1] };
  const r = resultOrRefusal(() => ops.scatterND({ data, shape: [2, 2] }, at, { data: Float32Array.of(8, 9), shape: [1, 2] }, { out: data }));
  guard.checkIntact('(out must not be written by its lying address)');
  if (r) assert.deepEqual(Array.from(new Float32Array(data)), [1, 2, 8, 9], 'x\'s own elements updated in place');
});

// triangular of plain long rows runs in JavaScript (web/triangular_in_js.mjs): the same.
add('lying buffer: triangular\'s out (x\'s own array, in place, rows of 256 bytes) with own buffer/byteOffset pointing at a kept tensor -> the kept tensor untouched', (ops, guard) => {
  const data = withOwnProps(new Float32Array(2 * 64).fill(1), pointAtSentinel(guard));
  const r = resultOrRefusal(() => ops.triangular({ data, shape: [2, 64] }, { out: data }));
  guard.checkIntact('(out must not be written by its lying address)');
  if (r) assert.deepEqual(Array.from(new Float32Array(data)).slice(63, 66), [1, 0, 1], 'x\'s own elements zeroed below the diagonal');
});

// 2. Getters that answer differently on each read: each property is read
// once; the result is the one for the first values read, or a refusal.
add('flipping getter: x.dtype answers uint32 three times, then int8 -> read once', (ops, guard) => {
  const data = Uint32Array.from({ length: 4096 }, (_, i) => i);
  const x = { data, shape: [4096] };
  const dtype = flipping(x, 'dtype', ['uint32', 'uint32', 'uint32', 'int8']);
  const r = resultOrRefusal(() => ops.roll(x, 1, 0));
  if (r) {
    assert.equal(r.dtype, 'uint32');
    assert.deepEqual(values(r), [4095, ...Array.from({ length: 4095 }, (_, i) => i)], 'the roll of the uint32 data');
  }
  assert.ok(dtype.reads <= 1, `x.dtype was read ${dtype.reads} times`);
  guard.checkIntact();
});

add('flipping getter: x.shape answers [4], then [4096] -> read once', (ops, guard) => {
  const x = { data: Float32Array.of(1, 2, 3, 4) };
  const shape = flipping(x, 'shape', [[4], [4096]]);
  const r = resultOrRefusal(() => ops.roll(x, 1, 0));
  if (r) assert.deepEqual(values(r), [4, 1, 2, 3]);
  assert.ok(shape.reads <= 1, `x.shape was read ${shape.reads} times`);
  guard.checkIntact();
});

add('flipping getter: x.data answers 4 elements, then 65536 -> read once', (ops, guard) => {
  const x = { shape: [4] };
  const data = flipping(x, 'data', [Float32Array.of(1, 2, 3, 4), new Float32Array(1 << 16)]);
  const r = resultOrRefusal(() => ops.roll(x, 1, 0));
  if (r) assert.deepEqual(values(r), [4, 1, 2, 3]);
  assert.ok(data.reads <= 1, `x.data was read ${data.reads} times`);
  guard.checkIntact();
});

add('flipping getter: an x.shape element answers 4, then a symbol -> read once', (ops, guard) => {
  const shape = [0];
  const element = flipping(shape, 0, [4, Symbol('flipped')]);
  const r = resultOrRefusal(() => ops.roll({ data: Float32Array.of(1, 2, 3, 4), shape }, 1, 0));
  if (r) assert.deepEqual(values(r), [4, 1, 2, 3]);
  assert.ok(element.reads <= 1, `x.shape[0] was read ${element.reads} times`);
  guard.checkIntact();
});

add('flipping getter: an option of an operation JavaScript may answer itself, read once (kept, short and long rows)', (ops, guard) => {
  const f32 = (n) => Float32Array.from({ length: n }, (_, i) => i + 1);
  const kept = ops.tensor(f32(6), [2, 3]);
  const oneUpdate = () => [{ data: Int32Array.of(2), shape: [1, 1] }, { data: Float32Array.of(9), shape: [1, 1] }];
  const cases = [
    // triangular: kept (the core), plain short rows (the core), plain long rows (JavaScript).
    ['triangular of a kept x', (o) => ops.triangular(kept, o), 'diagonal', 1, -5],
    ['triangular of short rows', (o) => ops.triangular({ data: f32(6), shape: [2, 3] }, o), 'diagonal', 1, -5],
    ['triangular of long rows', (o) => ops.triangular({ data: f32(256), shape: [2, 128] }, o), 'diagonal', 1, -5],
    // gather of one index: a view of a kept x, or the core for a plain one.
    ['gather of one index of a kept x', (o) => ops.gather(kept, 1, o), 'axis', 1, 0],
    ['gather of one index of a plain x', (o) => ops.gather({ data: f32(6), shape: [2, 3] }, 1, o), 'axis', 1, 0],
    // scatterElements: a kept x (the core) and a plain one (JavaScript).
    ['scatterElements into a kept x', (o) => ops.scatterElements(kept, ...oneUpdate(), o), 'axis', 1, 0],
    ['scatterElements into a plain x', (o) => ops.scatterElements({ data: f32(6), shape: [2, 3] }, ...oneUpdate(), o), 'axis', 1, 0],
  ];
  for (const [label, run, key, first, later] of cases) {
    const options = {};
    const counter = flipping(options, key, [first, later]);
    const clean = run({ [key]: first });
    const r = run(options);
    assert.deepEqual(values(r), values(clean), `${label}: the result for ${key} ${first}`);
    assert.ok(counter.reads <= 1, `${label}: ${key} was read ${counter.reads} times`);
    for (const t of [clean, r]) if (typeof t.dispose === 'function') t.dispose();
  }
  kept.dispose();
  guard.checkIntact();
});

add('flipping getter: a field of an input of an operation JavaScript may answer itself, read once (its fallbacks)', (ops, guard) => {
  const f32 = (n) => Float32Array.from({ length: n }, (_, i) => i + 1);
  // Each shortcut reads x and then leaves the call to the core: short rows,
  // an empty x, a scatter writing more than an 8th of x, an index out of range.
  const cases = [
    ['triangular of short rows: x.shape', (x) => ops.triangular(x, { upper: true }), () => ({ data: f32(6) }), 'shape', [2, 3], [3, 2]],
    ['triangular of an empty x: x.shape', (x) => ops.triangular(x, { upper: true }), () => ({ data: new Uint8Array(0) }), 'shape', [2, 0], [2, 0, 2]],
    ['triangular of short rows: x.data', (x) => ops.triangular(x), () => ({ shape: [2, 3] }), 'data', f32(6), new Float32Array(6)],
    ['scatterElements into a plain x: x.data',
      (x) => ops.scatterElements(x, { data: Int32Array.of(0, 1, 0), shape: [1, 3] }, { data: Float32Array.of(7, 8, 9), shape: [1, 3] }),
      () => ({ shape: [2, 3] }), 'data', f32(6), new Float32Array(6)],
    ['scatterND into a plain x: x.shape',
      (x) => ops.scatterND(x, { data: Int32Array.of(1), shape: [1, 1] }, { data: Float32Array.of(7, 8, 9), shape: [1, 3] }),
      () => ({ data: f32(6) }), 'shape', [2, 3], [3, 2]],
  ];
  for (const [label, run, make, key, first, later] of cases) {
    const clean = run({ ...make(), [key]: first });
    const x = make();
    const counter = flipping(x, key, [first, later]);
    const r = run(x);
    assert.deepEqual(r.shape, clean.shape, `${label}: the result's shape for the first value`);
    assert.deepEqual(values(r), values(clean), `${label}: the result for the first value`);
    assert.ok(counter.reads <= 1, `${label}: ${key} was read ${counter.reads} times`);
  }
  // The shape's own length and elements (the boundary fuzz found both, on triangular of an empty x).
  const clean = ops.triangular({ data: new Int32Array(0), shape: [3, 0] });
  const { proxy, counter } = lengthFlippingProxy([3, 0, 0], [2, 3]);
  assert.deepEqual(ops.triangular({ data: new Int32Array(0), shape: proxy }).shape, clean.shape, 'a shape whose length answers 2, then 3');
  assert.ok(counter.reads <= 1, `shape.length was read ${counter.reads} times`);
  const shape = [3, 0];
  const element = flipping(shape, 1, [0, 4]);
  assert.deepEqual(ops.triangular({ data: new Int32Array(0), shape }).shape, clean.shape, 'a shape whose [1] answers 0, then 4');
  assert.ok(element.reads <= 1, `shape[1] was read ${element.reads} times`);
  guard.checkIntact();
});

add('flipping getter: a shift element answers 1, then a symbol -> read once', (ops, guard) => {
  const shift = [0];
  const element = flipping(shift, 0, [1, Symbol('flipped')]);
  const r = resultOrRefusal(() => ops.roll({ data: Float32Array.of(1, 2, 3, 4), shape: [4] }, shift, 0));
  if (r) assert.deepEqual(values(r), [4, 1, 2, 3]);
  assert.ok(element.reads <= 1, `shift[0] was read ${element.reads} times`);
  guard.checkIntact();
});

// A Proxy of an array whose length grows after k reads, for each k: one of
// them lands between the check and the write of the call's words. From the
// latest k down: an earlier grown call would leave a scratch area large
// enough to hide the overflow of the next.
for (const [param, call, expected] of [
  ['x.shape', (ops, proxy) => ops.roll({ data: Float32Array.of(1, 2, 3, 4), shape: proxy }, 1, 0), [4, 1, 2, 3]],
  ['shift', (ops, proxy) => ops.roll({ data: Float32Array.of(1, 2, 3, 4), shape: [4] }, proxy, 0), [4, 1, 2, 3]],
  ['transpose perm', (ops, proxy) => ops.transpose({ data: Float32Array.of(1, 2, 3, 4), shape: [4] }, proxy), [1, 2, 3, 4]],
]) {
  add(`proxy: ${param} an array Proxy whose length grows from 1 to 100000 between reads`, (ops, guard) => {
    for (let k = 6; k >= 1; k--) {
      const initial = param === 'transpose perm' ? [0] : param === 'shift' ? [1] : [4];
      const { proxy } = lengthFlippingProxy(initial, [...Array(k).fill(1), 100000]);
      const r = resultOrRefusal(() => call(ops, proxy));
      if (r) assert.deepEqual(values(r), expected, `length 1 for ${k} reads: the result for length 1`);
      guard.checkIntact(`after the length grew at read ${k + 1}`);
    }
  });
}

// 3. Views of wasm memory outside any live kept tensor.
add('stale view: out a view of a disposed kept tensor -> DISPOSED, the tensor now there untouched', (ops, guard) => {
  const a = ops.tensor(new Float32Array(12).fill(1), [12]);
  const stale = a.data;
  a.dispose();
  const b = ops.tensor(new Float32Array(12).fill(2), [12]);
  expectRefusal(() => ops.roll(x43(), 1, 0, { out: stale }), 'DISPOSED', [/^roll: /, /\bout\b/]);
  assert.deepEqual(values(b), Array(12).fill(2), 'b is untouched');
  b.dispose();
  guard.checkIntact();
});

add('stale view: x.data a view of a disposed kept tensor -> DISPOSED', (ops, guard) => {
  const a = ops.tensor(new Float32Array(12).fill(1), [12]);
  const stale = a.data;
  a.dispose();
  const b = ops.tensor(new Float32Array(12).fill(2), [12]);
  expectRefusal(() => ops.roll({ data: stale, shape: [4, 3] }, 1, 0), 'DISPOSED', [/^roll: /, /x\.data/]);
  assert.deepEqual(values(b), Array(12).fill(2), 'b is untouched');
  b.dispose();
  guard.checkIntact();
});

// `out` at addresses no kept tensor owns must not be written by address.
for (const [where, offset] of [
  ['at address 0', () => 0],
  ['just past a kept tensor\'s bytes', (b) => b.data.byteOffset + 48],
  ['straddling the end of a kept tensor', (b) => b.data.byteOffset + 24],
]) {
  add(`foreign view: out a view of the module's memory ${where} -> refused`, (ops, guard) => {
    const b = ops.tensor(new Float32Array(12).fill(2), [12]);
    const out = new Float32Array(moduleBuffer(ops), offset(b), 12);
    expectRefusal(() => ops.roll(x43(), 1, 0, { out }), [IA, 'DISPOSED'], [/^roll: /, /\bout\b/]);
    assert.deepEqual(values(b), Array(12).fill(2), 'b is untouched');
    b.dispose();
    guard.checkIntact();
  });
}

add('views inside a live kept tensor: written in place as out, read in place as x.data', (ops, guard) => {
  const k = ops.tensor(new Float32Array(24), [24]);
  const r = ops.roll(x43(), 1, 0, { out: k.data.subarray(6, 18) });
  assert.deepEqual(values(r), rolled43);
  assert.deepEqual(values(k), [...Array(6).fill(0), ...rolled43, ...Array(6).fill(0)], 'written into k in place');
  const s = ops.roll({ data: k.data.subarray(6, 18), shape: [4, 3] }, -1, 0);
  assert.deepEqual(values(s), Array.from(iota(12)), 'read from k in place');
  k.dispose();
  guard.checkIntact();
});

add('foreign view: x.data a view of the module\'s memory outside any kept tensor is read as a plain array', (ops, guard) => {
  // The first bytes of the memory: below the module's data, never allocated.
  const data = new Float32Array(moduleBuffer(ops), 0, 12);
  const before = Array.from(data);
  const r = ops.roll({ data, shape: [4, 3] }, 1, 0);
  assert.deepEqual(values(r), [...before.slice(9), ...before.slice(0, 9)]);
  guard.checkIntact();
});

// 4. Detached buffers: refused, never read as empty.
add('detached: out -> INVALID_ARGUMENT naming out, detached', (ops, guard) => {
  const out = detach(new Float32Array(12));
  expectRefusal(() => ops.roll(x43(), 1, 0, { out }), IA, [/^roll: /, /\bout\b/, /detached/]);
  guard.checkIntact();
});

const x4 = () => ({ data: Float32Array.of(1, 2, 3, 4), shape: [4] });
for (const [op, param, call] of [
  ['roll', 'shift', (ops) => ops.roll(x4(), detach(Int32Array.of(1)), detach(Int32Array.of(0)))],
  ['roll', 'axes', (ops) => ops.roll(x4(), 1, detach(Int32Array.of(0)))],
  ['reverse', 'axes', (ops) => ops.reverse(x4(), detach(Int32Array.of(0)))],
  ['tile', 'repeats', (ops) => ops.tile(x4(), detach(Int32Array.of(2)))],
  ['transpose', 'perm', (ops) => ops.transpose({ data: iota(4), shape: [2, 2] }, detach(Int32Array.of(1, 0)))],
  ['reshape', 'shape', (ops) => ops.reshape({ data: Float32Array.of(1), shape: [1] }, detach(Int32Array.of(1)))],
  ['reverse', 'x.shape', (ops) => ops.reverse({ data: Float32Array.of(1), shape: detach(Int32Array.of(1)) })],
]) {
  const title = op === 'roll' && param === 'shift' ? 'roll shift and axes' : `${op} ${param}`;
  add(`detached: ${title} (an Int32Array) -> INVALID_ARGUMENT naming ${param}, detached`, (ops, guard) => {
    const named = new RegExp(`(^|[^.\\w])${param.replace('.', '\\.')}\\b`);
    expectRefusal(() => call(ops), IA, [new RegExp(`^${op}: `), named, /detached/]);
    guard.checkIntact();
  });
}

// 5. Objects that pass `instanceof KeptTensor` without being one.
const fake = () => Object.create(KeptTensor.prototype);
add('fake kept tensor: x = Object.create(KeptTensor.prototype) -> INVALID_ARGUMENT', (ops, guard) => {
  expectRefusal(() => ops.roll(fake(), 1, 0), IA, [/^roll: /, /\bx\b/]);
  guard.checkIntact();
});

add('fake kept tensor: gather indices = Object.create(KeptTensor.prototype) -> INVALID_ARGUMENT', (ops, guard) => {
  expectRefusal(() => ops.gather(x4(), fake()), IA, [/^gather: /, /indices/]);
  guard.checkIntact();
});

add('fake kept tensor: in concat\'s list -> INVALID_ARGUMENT naming tensors[1]', (ops, guard) => {
  expectRefusal(() => ops.concat([x4(), fake()], 0), IA, [/^concat: /, /tensors\[1\]/]);
  guard.checkIntact();
});

// 6. -(2^63) is exactly representable only as a bigint.
add('-(2**63) as a number in shift -> INVALID_ARGUMENT asking for a bigint', (ops, guard) => {
  for (const shift of [-(2 ** 63), [-(2 ** 63)]]) {
    const e = expectRefusal(() => ops.roll(x4(), shift, 0), IA, [/^roll: /, /shift/, /bigint/]);
    assert.doesNotMatch(e.message, /outside the int64 range/);
  }
  guard.checkIntact();
});

// 7. load() failures: a TensorOpsError LOAD_FAILED with the cause; the module prints nothing.
for (const [title, opts, param] of [
  ['wasmBinary of 3 bytes', () => ({ wasmBinary: new Uint8Array([1, 2, 3]) }), /wasmBinary/],
  ['locateFile pointing at a missing file', () => ({ locateFile: (name) => `/nonexistent-dir/${name}` }), /locateFile|nonexistent-dir/],
]) {
  add(`load(): ${title} -> LOAD_FAILED with a cause, nothing on stderr`, async () => {
    let error;
    try {
      await load({ threads: THREADS, ...opts() });
    } catch (e) {
      error = e;
    }
    assert.ok(error instanceof TensorOpsError, `expected a TensorOpsError, got ${error?.stack ?? error}`);
    assert.equal(error.code, 'LOAD_FAILED', error.message);
    assert.ok(error.cause !== undefined, 'error.cause is set');
    assert.match(error.message, /^load: /);
    assert.match(error.message, param);
  }, { module: false, quiet: true });
}

// 8. Rank 100,000: the block operations and their shape inference return
// or refuse; a hang is caught by the test's timeout, not by a timing assertion.
const RANK = 100000;
const ones = () => new Array(RANK).fill(1);
const zeros = () => new Array(RANK).fill(0);
for (const [name, call] of [
  ['spaceToBatch', (ops) => ops.spaceToBatch({ data: new Float32Array(1), shape: ones() }, ones(), zeros(), zeros())],
  ['batchToSpace', (ops) => ops.batchToSpace({ data: new Float32Array(1), shape: ones() }, ones(), zeros(), zeros())],
  ['spaceToDepth', (ops) => ops.spaceToDepth({ data: new Float32Array(1), shape: ones() }, 1)],
  ['depthToSpace', (ops) => ops.depthToSpace({ data: new Float32Array(1), shape: ones() }, 1)],
  ['shapes.spaceToBatch', (ops) => ops.shapes.spaceToBatch(ones(), ones(), zeros(), zeros())],
  ['shapes.batchToSpace', (ops) => ops.shapes.batchToSpace(ones(), ones(), zeros(), zeros())],
  ['shapes.spaceToDepth', (ops) => ops.shapes.spaceToDepth(ones(), 1)],
  ['shapes.depthToSpace', (ops) => ops.shapes.depthToSpace(ones(), 1)],
]) {
  add(`rank 100000: ${name} of a one-element tensor returns or refuses`, (ops, guard) => {
    let r;
    try {
      r = call(ops);
    } catch (e) {
      assert.ok(e instanceof TensorOpsError, `expected a result or a TensorOpsError, got ${e?.stack ?? e}`);
      assert.equal(e.code, IA, e.message);
      return;
    }
    const shape = Array.isArray(r) ? r : r.shape;
    assert.equal(shape.reduce((p, d) => p * d, 1), 1, 'one element');
    if (!Array.isArray(r)) assert.equal(r.data.length, 1);
    guard.checkIntact();
  }, { rank: true });
}

// ---------------------------------------------------------------------------
// The child: runs one case and prints its report as the last line.

async function runCase(name) {
  const c = CASES.get(name);
  let report;
  try {
    if (c.module) {
      const ops = await loadOps();
      const guard = makeGuard(ops);
      await c.run(ops, guard);
      guard.checkIntact('at the end');
      guard.checkMemory();
    } else {
      await c.run();
    }
    report = { ok: true };
  } catch (e) {
    report = { ok: false, message: e instanceof assert.AssertionError ? e.message : String(e?.stack ?? e) };
  }
  writeSync(1, `${REPORT}${JSON.stringify(report)}\n`);
  // Let anything the module would still print reach stderr, then leave
  // (a broken module's workers must not keep the child alive).
  setTimeout(() => process.exit(0), 200);
}

// The parent: one test per case, each in a child process.
const self = fileURLToPath(import.meta.url);

async function runInChild(name, c, t) {
  const childTimeout = c.rank ? 60000 : 15000;
  const run = await runNode([self], {
    env: { MEMORY_SAFETY_CASE: name, TENSOR_OPS_TEST_THREADS: String(THREADS) },
    timeout: childTimeout,
    signal: t.signal,
  });
  const line = run.stdout.split('\n').find((l) => l.startsWith(REPORT));
  if (run.timedOut && !line) {
    assert.fail(`the case did not finish within ${childTimeout / 1000} s: the call hung the module ` +
      `(a corrupted heap loops in malloc) or ran too long\nstderr: ${run.stderr.slice(0, 2000)}`);
  }
  assert.ok(line, `the child printed no report (exit ${run.status}, signal ${run.signal})\nstderr: ${run.stderr.slice(0, 2000)}`);
  const report = JSON.parse(line.slice(REPORT.length));
  if (!report.ok) assert.fail(report.message);
  if (c.quiet) assert.equal(run.stderr, '', 'nothing printed to stderr');
}

if (process.env.MEMORY_SAFETY_CASE) {
  await runCase(process.env.MEMORY_SAFETY_CASE);
} else {
  for (const [name, c] of CASES) {
    test(name, { timeout: c.rank ? 20000 : 30000 }, (t) => runInChild(name, c, t));
  }
}
