// A seeded garbage fuzz of the JavaScript API's boundary: every operation of
// ops.operations, ops.shapes.*, ops.tensor() and the kept tensors' methods,
// called with hostile inputs mixed into plausible calls: lying lengths (own
// properties, subclasses with lying getters), getters that answer
// differently on each read, proxies (of arrays, tensors, options; throwing
// traps), stale views of disposed kept tensors and views at other addresses
// of the module's memory, detached buffers, wrong types, NaN, infinities,
// huge, negative and out-of-range numbers and bigints, huge shapes and ranks,
// empty arrays, kept tensors of another load() and disposed ones, `out` of
// the wrong class or length, unknown option keys, symbols. A quarter of the
// calls are left plausible (many of them valid).
//
// Invariants, checked after every call:
//   - the call returns a well-formed result or throws a TensorOpsError (or
//     the HostileError of the test's own getters and traps); anything else
//     (TypeError, RangeError, RuntimeError) is a defect;
//   - an input the rules refuse (a stale view, a detached buffer, a lying
//     length, an `out` outside every live kept tensor, a disposed or fake
//     kept tensor, an unknown option) is refused; an input the rules read as
//     its clean equivalent (a lying buffer or byteOffset, a getter read once,
//     a proxy, a view inside a live kept tensor) gives the clean call's result;
//   - sentinel kept tensors made at the start keep their values and a
//     known-good call its result (heap corruption shows here);
//   - no call takes longer than 2 s;
//   - every few hundred calls and at the end, once everything the fuzz kept
//     is disposed, keptTensors and keptBytes are at their baseline and
//     heapBytes within a small tolerance of it.
//
// The fuzz runs in child processes (this file with BOUNDARY_FUZZ_CHILD set):
// a corrupted heap can make the module loop for ever inside wasm, which only
// a kill ends. The child reports each call before making it; when it falls
// silent the parent kills it, records a hang at that call and starts another
// child (seed + 1) for the rest of the time. After any violation a child
// loads a fresh module (the old one may hold a corruption not yet seen, which
// a later call would take the blame for), so that one run finds several defects.
//
// BOUNDARY_FUZZ_SECONDS: the time per build (default 20); BOUNDARY_FUZZ_SEED:
// the first child's seed (default 20261126, so npm test repeats itself;
// `random` draws one, printed with any failure).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DTYPES, KeptTensor, TensorOpsError } from '../../web/node.mjs';
import { DTYPE_CASES, makeData, makeRng } from './helpers.mjs';
import {
  HostileError, detach, flipping, intrinsic, isTypedArray, lengthFlippingProxy, liarSubclass, runNode, sameBytes,
  throwingProxy, trueBytes, withOwnProps,
} from './hostile_inputs.mjs';
import { THREADS, loadOps } from './load_ops.mjs';
import { inputDtypesOf } from './table.mjs';

const SECONDS = Number(process.env.BOUNDARY_FUZZ_SECONDS ?? 20);
// A fixed seed by default, so that npm test is repeatable; 'random' explores.
const SEED_GIVEN = process.env.BOUNDARY_FUZZ_SEED ?? '20261126';
const SEED = SEED_GIVEN === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(SEED_GIVEN);
const VARIANT = THREADS > 1 ? 'simd-mt' : 'simd-st';
// No single call may take longer than this plus 20 ns per byte of its
// output (about 100 times a copy of it): large outputs are allowed their copy.
const CALL_BOUND_MS = 2000;
const CALL_BOUND_NS_PER_BYTE = 20;
// A child silent this long is hung: during a call (which may take 2 s, a
// slow one 3 s), in the checks after it (milliseconds, unless a corrupted
// heap loops; but after a call of gigabytes the garbage collector may take
// seconds there on a machine busy with other suites), or loading a module.
const WATCHDOG_MS = { call: 6000, checks: 6000, loading: 10000 };
const LEAK_CHECK_EVERY = 250; // calls
const HEAP_TOLERANCE = 4096; // bytes of heapBytes drift allowed at a leak check
const POOL_SIZE = 24; // live kept tensors the fuzz holds at most
const MAX_RELOADS = 20; // module reloads per child, then a fresh child
const MAX_CHILDREN = 50;
const CANARY_BYTES = 1 << 16; // kept tensors up to this size are checked after every call

// ===========================================================================
// Values and their descriptions.

// A value given to the API: v, how to describe it (d: never by reading v,
// whose getters may count reads), and its clean equivalent (twin).
const slot = (v, d, twin = v) => ({ v, d, twin });

/**
 * A short description of a value (numbers, arrays, typed arrays, plain
 * objects); one whose traps or getters throw is described as such.
 */
function show(v, depth = 0) {
  try {
    return showValue(v, depth);
  } catch {
    return '(a value whose traps throw)';
  }
}

function showValue(v, depth) {
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'string') return `'${v.slice(0, 20)}'`;
  if (typeof v === 'symbol' || typeof v === 'function') return String(v).slice(0, 30);
  if (typeof v !== 'object' || v === null) return String(v);
  if (isTypedArray(v)) return `${intrinsic.className(v)}(${intrinsic.length(v)})`;
  if (v instanceof KeptTensor) return `KeptTensor ${v.disposed ? 'disposed' : `${v.dtype} [${v.shape.slice(0, 6)}]`}`;
  if (Array.isArray(v)) {
    if (depth > 1) return '[...]';
    const items = v.slice(0, 6).map((e) => show(e, depth + 1));
    return `[${items.join(', ')}${v.length > 6 ? `, ... (${v.length})` : ''}]`;
  }
  if (depth > 1) return '{...}';
  const keys = Object.keys(v).slice(0, 6);
  return `{${keys.map((k) => `${k}: ${show(v[k], depth + 1)}`).join(', ')}}`;
}

const volume = (shape) => shape.reduce((p, d) => p * Number(d), 1);
const bpe = (C) => C.BYTES_PER_ELEMENT;

/** A copy of `data` in a new array of `length` elements (extra ones zero, missing ones dropped). */
function resized(data, length) {
  const copy = new data.constructor(length);
  copy.set(length >= data.length ? data : data.subarray(0, length));
  return copy;
}

// Numbers and other values that no integer parameter should take whole.
const HOSTILE_INTS = [
  NaN, Infinity, -Infinity, -1, 1.5, -0, 2 ** 31, 2 ** 32, 2 ** 53, 2 ** 53 + 2, 2 ** 63, -(2 ** 63), 2 ** 64, 65536, 1e6,
  2n ** 63n - 1n, -(2n ** 63n), 2n ** 64n, -(2n ** 63n) - 1n, '1', null, undefined, true, Symbol('int'), {}, [1],
];
const HOSTILE_NAMES = ['nhwc', 'NHWC ', '', 'constant\0', null, 0, Symbol('name'), new String('NHWC'), ['NHWC']];
const HOSTILE_BOOLS = [0, 1, 'true', null, Symbol('bool'), new Boolean(false), [true]];
const HOSTILE_VALUES = [NaN, Infinity, -Infinity, -0, 2 ** 70, -1, 1.5, 2n ** 64n, -(2n ** 63n) - 1n, true, '0', Symbol('v'), null, {}];
const WRONG_DATA = () => [[1, 2], new DataView(new ArrayBuffer(8)), new ArrayBuffer(8), null, 'data', { length: 4 }, 7];
const NOT_TENSORS = () => [null, undefined, 3, 'x', Symbol('x'), [1, 2], () => 1, true, 5n];
const ALL_CLASSES = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array,
  Float32Array, Float64Array, BigInt64Array, BigUint64Array];

// ===========================================================================
// The world of one module: sentinels, the kept tensors the fuzz holds, and
// the checks that tell a corrupted heap.

const SENTINELS = [
  () => ({ data: Float32Array.from({ length: 1000 }, (_, i) => i * 0.25 - 100), shape: [10, 100] }),
  () => ({ data: Int8Array.from({ length: 77 }, (_, i) => (i * 37) % 256 - 128), shape: [7, 11] }),
  () => ({ data: BigInt64Array.from({ length: 300 }, (_, i) => BigInt(i) * 0x0101010101n - 7n), shape: [300] }),
];

function knownGood(ops) {
  const r = ops.roll({ data: Float32Array.of(1, 2, 3, 4, 5, 6), shape: [2, 3] }, 1, 1);
  const t = ops.tensor(Int16Array.of(7, -8, 9), [3]);
  const back = Array.from(t.toArray());
  t.dispose();
  return `${Array.from(r.data)} / ${back}`;
}
const KNOWN_GOOD = '3,1,2,6,4,5 / 7,-8,9';

class World {
  static async create(other) {
    return new World(await loadOps(), other);
  }

  constructor(ops, other) {
    this.ops = ops;
    this.other = other; // { ops, pool }: another load() of the same build
    this.pool = []; // kept tensors made by the fuzz (some disposed by calls)
    // Canaries: pool tensors whose bytes no call may change (all but those
    // given as a view to write in place), spread through the heap.
    this.canaries = new Map(); // kept tensor -> hash of its bytes
    this.disposed = [];
    this.stale = []; // views taken from kept tensors before their disposal
    knownGood(ops);
    knownGood(ops);
    this.sentinels = SENTINELS.map((make) => {
      const { data, shape } = make();
      return { kept: ops.tensor(data, shape), bytes: trueBytes(data) };
    });
    this.baseline = ops.memory();
  }

  buffer() {
    return this.sentinels[0].kept.data.buffer;
  }

  live() {
    return this.pool.filter((t) => !t.disposed);
  }

  /** [start, end) byte ranges: of the sentinels, and of the live kept tensors. */
  sentinelRanges() {
    return this.sentinels.map(({ kept }) => [kept.data.byteOffset, kept.data.byteOffset + kept.data.byteLength]);
  }

  liveRanges() {
    return this.live().map((t) => [t.data.byteOffset, t.data.byteOffset + t.data.byteLength]);
  }

  keep(t) {
    this.pool.push(t);
    if (t.size * bpe(t.data.constructor) <= CANARY_BYTES) this.canaries.set(t, hash(trueBytes(t.toArray())));
    while (this.pool.length > POOL_SIZE) this.drop(this.pool.shift());
  }

  /** A view into kept tensors' bytes that a call may write: their bytes may change. */
  mayWrite(view) {
    const [s, e] = [view.byteOffset, view.byteOffset + view.byteLength];
    for (const t of this.canaries.keys()) {
      const d = t.disposed ? undefined : t.data;
      if (!d || (d.byteOffset < e && d.byteOffset + d.byteLength > s) || (s === e && d.byteOffset <= s && s <= d.byteOffset + d.byteLength)) {
        this.canaries.delete(t);
      }
    }
  }

  drop(t) {
    this.canaries.delete(t);
    if (!t.disposed) {
      this.stale.push(t.data);
      t.dispose();
    }
    this.disposed.push(t);
    if (this.stale.length > 16) this.stale.shift();
    if (this.disposed.length > 16) this.disposed.shift();
  }

  /** Keeps the kept tensors of a result (a kept tensor, or an array of them). */
  track(value) {
    if (value instanceof KeptTensor) this.keep(value);
    else if (Array.isArray(value)) for (const v of value) if (v instanceof KeptTensor) this.keep(v);
  }

  /** The sentinels' bytes and a known-good call's result: problems when changed. */
  integrity() {
    try {
      for (const { kept, bytes } of this.sentinels) {
        if (!sameBytes(trueBytes(kept.toArray()), bytes)) {
          return [{ kind: 'heap corruption', detail: `the sentinel ${kept.dtype} [${kept.shape}] changed` }];
        }
      }
      for (const [t, h] of this.canaries) {
        if (t.disposed) this.canaries.delete(t);
        else if (hash(trueBytes(t.toArray())) !== h) {
          return [{ kind: 'heap corruption', detail: `a kept tensor ${t.dtype} [${t.shape.slice(0, 8)}] that no call could write changed` }];
        }
      }
      const got = knownGood(this.ops);
      if (got !== KNOWN_GOOD) return [{ kind: 'heap corruption', detail: `a known-good call gave ${got}` }];
    } catch (e) {
      return [{ kind: 'heap corruption', detail: `a known-good call threw ${firstLine(e)}` }];
    }
    return [];
  }

  /** Disposes the fuzz's kept tensors; memory must be back at the baseline. */
  leaks() {
    try {
      for (const t of this.pool) this.drop(t);
      this.pool = [];
      knownGood(this.ops); // shrinks a scratch area a long call grew
      return memoryProblems(this.ops.memory(), this.baseline);
    } catch (e) {
      return [{ kind: 'heap corruption', detail: `disposing the kept tensors threw ${firstLine(e)}` }];
    }
  }

  /** The end: everything disposed, the garbage collected, memory at the baseline. */
  async finish() {
    for (const t of this.other.pool) if (!t.disposed) t.dispose();
    this.other.pool = [];
    const problems = this.leaks();
    if (globalThis.gc) {
      for (let i = 0; i < 3; i++) {
        globalThis.gc();
        await new Promise((resolve) => setImmediate(resolve));
      }
      problems.push(...memoryProblems(this.ops.memory(), this.baseline, 'after gc'));
    }
    return { problems, memory: this.ops.memory(), baseline: this.baseline };
  }
}

function memoryProblems(now, base, when = '') {
  const where = when ? ` ${when}` : '';
  const problems = [];
  if (now.keptTensors !== base.keptTensors || now.keptBytes !== base.keptBytes) {
    problems.push({ kind: 'leak',
      detail: `keptTensors ${now.keptTensors}, keptBytes ${now.keptBytes}${where}; baseline ${base.keptTensors}, ${base.keptBytes}` });
  }
  if (Math.abs(now.heapBytes - base.heapBytes) > HEAP_TOLERANCE) {
    problems.push({ kind: 'leak', detail: `heapBytes ${now.heapBytes}${where}; baseline ${base.heapBytes}` });
  }
  return problems;
}

function firstLine(e) {
  return `${e?.name ?? typeof e}: ${String(e?.message ?? e).split('\n')[0].slice(0, 300)}`;
}

// ===========================================================================
// Views of the module's memory.

/** An address for `bytes` bytes that no live kept tensor owns whole, off the sentinels. */
function foreignOffset(rng, w, bytes, align) {
  const size = w.buffer().byteLength;
  const live = w.liveRanges();
  const sentinels = w.sentinelRanges();
  for (let tries = 0; tries < 20; tries++) {
    let at;
    const r = rng();
    if (r < 0.15) at = 0;
    else if (r < 0.7 && live.length) {
      const [s, e] = rng.pick(live);
      at = rng() < 0.5 ? e + rng.int(0, 64) : s + rng.int(1, Math.max(1, e - s)); // past its end, or straddling it
    } else at = rng.int(0, size - bytes);
    at -= at % align;
    if (at < 0 || at + bytes > size) continue;
    if (sentinels.some(([s, e]) => at < e && at + bytes > s)) continue;
    if (live.some(([s, e]) => at >= s && at + bytes <= e)) continue; // inside a live tensor: not foreign
    return at;
  }
  return undefined;
}

/** Whether the values of an integer view, taken as sizes, multiply to at most 2^24. */
function smallValues(view) {
  let product = 1;
  for (const x of view) product *= Math.max(1, Math.abs(Number(x)));
  return product <= 2 ** 24;
}

function foreignView(rng, w, C, n) {
  const at = foreignOffset(rng, w, n * bpe(C), bpe(C));
  return at === undefined ? undefined : new C(w.buffer(), at, n);
}

/** A view of n elements inside a live kept tensor of class C (made when none is large enough). */
function insideView(rng, w, C, n) {
  let t = w.live().find((k) => k.data.constructor === C && k.size >= n);
  if (!t) {
    const size = n + rng.int(0, 8);
    t = w.ops.tensor(new C(size), [size]);
    w.keep(t);
  }
  const start = rng.int(0, t.size - n);
  const data = t.data;
  const view = new C(data.buffer, data.byteOffset + start * bpe(C), n);
  w.mayWrite(view);
  return view;
}

/**
 * For `out`: an older stale view of class C (or n of its first elements,
 * when that part is inside no live kept tensor), whose bytes a later kept
 * tensor may now own; else a fresh one.
 */
function oldStaleView(rng, w, C, n) {
  const live = w.liveRanges();
  const old = w.stale.filter((v) => v.constructor === C && intrinsic.length(v) >= n && intrinsic.buffer(v) === w.buffer());
  if (old.length && rng() < 0.7) {
    const v = rng.pick(old);
    if (intrinsic.length(v) === n) return v;
    const part = v.subarray(0, n);
    const [s, e] = [part.byteOffset, part.byteOffset + part.byteLength];
    if (!live.some(([a, b]) => s >= a && e <= b)) return part;
  }
  return staleView(w, new C(n));
}

/** A view of a kept tensor that was then disposed, holding `data`. */
function staleView(w, data) {
  const kept = w.ops.tensor(data, [data.length]);
  const view = kept.data;
  kept.dispose();
  w.stale.push(view);
  return view;
}

// ===========================================================================
// Plausible values: tensors and parameters that often make a valid call.

const DIM = (rng) => (rng() < 0.08 ? 0 : rng.int(1, 4));

/**
 * A plain tensor { info, x }: a random dtype (of `dtypes`, when given: the
 * operation's input dtypes) and shape, sometimes of a high rank.
 */
function plainTensor(rng, dtypes) {
  const c = rng.pick(dtypes ? DTYPE_CASES.filter((d) => dtypes.includes(d.dtype)) : DTYPE_CASES);
  let shape;
  const r = rng();
  if (r < 0.03) shape = new Array(Math.round(2 ** (9 + rng() * 4))).fill(1); // rank 512 to 8192
  else if (r < 0.08) shape = [];
  else shape = Array.from({ length: rng.int(1, r < 0.13 ? 6 : 4) }, () => DIM(rng));
  const n = volume(shape);
  const data = makeData(c, n, rng, rng() < 0.2 ? rng.int(1, 3) : 0);
  const needsDtype = c.dtype === 'bool' || c.dtype === 'float16' || c.dtype === 'bfloat16';
  const dtype = needsDtype || rng() < 0.3 ? c.dtype : undefined;
  const x = dtype ? { data, shape, dtype } : { data, shape };
  return { info: { C: c.Array, dtype: c.dtype, shape, rank: shape.length, volume: n, data, plain: true }, x };
}

/** The input of a call: plain (often), kept in this module, or a kept tensor the fuzz holds. */
function inputTensor(rng, w, dtypes) {
  const live = dtypes ? w.live().filter((t) => dtypes.includes(t.dtype)) : w.live();
  if (live.length && rng() < 0.12) {
    const t = rng.pick(live);
    const info = { C: t.data.constructor, dtype: t.dtype, shape: [...t.shape], rank: t.shape.length, volume: t.size, plain: false };
    return slotOfKept(t, info);
  }
  const { info, x } = plainTensor(rng, dtypes);
  if (rng() < 0.2 && info.rank < 64) {
    const t = w.ops.tensor(x.data, x.shape, x.dtype);
    w.keep(t);
    return slotOfKept(t, { ...info, plain: false });
  }
  const s = slot(x, `{${show(x.data)}, shape ${show(x.shape)}${x.dtype ? `, '${x.dtype}'` : ''}}`);
  s.info = info;
  return s;
}

function slotOfKept(t, info) {
  const s = slot(t, show(t));
  s.info = info;
  return s;
}

/** 0 .. rank-1 in a random order (Fisher-Yates). */
function permutation(rng, rank) {
  const p = Array.from({ length: rank }, (_, i) => i);
  for (let i = rank - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [p[i], p[j]] = [p[j], p[i]];
  }
  return p;
}

function distinctAxes(rng, rank, k) {
  return permutation(rng, rank).slice(0, k).map((a) => (rng() < 0.3 ? a - rank : a));
}

/** A plausible value of parameter p for an input of `info`; `k`: the call's number of axes. */
function plausible(rng, p, info, k, spec) {
  const r = info.rank;
  const dims = (f) => Array.from({ length: r }, (_, i) => f(i));
  switch (p.kind) {
    case 'bool': return rng() < 0.5;
    case 'name': return rng.pick(p.names);
    // [off, on] values: a pair for the output dtype, 0 or 1 (exact in every dtype).
    case 'value': return p.count > 1 ? Array.from({ length: p.count }, () => rng.int(0, 1)) : plausibleValue(rng, info.dtype);
    case 'indices': return plausibleIndices(rng, spec.name, info);
    case 'int':
      if (p.name === 'blockSize') return rng.int(1, 2);
      if (p.name === 'batchDims') return rng.int(0, 1);
      // (16 and more: 64 bytes per index of float32, oneHot's JavaScript path.)
      if (p.name === 'depth') return rng() < 0.3 ? rng.int(16, 20) : rng.int(1, 4);
      return r ? rng.int(-r, r - 1) : 0;
    case 'intOrInts': // split's splits
      return rng() < 0.6 ? rng.int(1, 2) : [rng.int(0, 2), -1];
    case 'floats': // a scale and a bias: one number, or one per index of some axis (at most 4096); scales:
      // one per axis of the call; cubicCoeffA: one number
      if (p.name === 'scales') return Array.from({ length: k }, () => rng.pick([0.5, 1, 1.5, 2]));
      if (p.name === 'cubicCoeffA') return rng.pick([-0.5, -0.75]);
      return rng() < 0.6 ? rng.pick([0.5, -2, 1 / 255, 0])
        : Array.from({ length: r ? Math.min(info.shape[rng.int(0, r - 1)], 4096) : 1 }, () => rng.pick([1, -0.5, 3]));
    default: break;
  }
  switch (p.name) {
    case 'shape': return rng.pick([[-1], info.shape.slice(), [info.volume], [...info.shape].reverse()]);
    case 'targetShape': return [...(rng() < 0.3 ? [2] : []), ...info.shape.map((d) => (d === 1 ? rng.int(1, 3) : d))];
    case 'axesMapping': return dims((i) => i);
    case 'perm': return permutation(rng, r);
    case 'shift': return Array.from({ length: k }, () => rng.int(-5, 5));
    case 'axes': return distinctAxes(rng, r, k);
    case 'starts': case 'ends': return Array.from({ length: k }, () => rng.int(-4, 4));
    case 'steps': return Array.from({ length: k }, () => rng.pick([1, -1, 2, -2]));
    case 'repeats': return Array.from({ length: r + (rng() < 0.2 ? 1 : 0) }, () => rng.int(0, 2));
    case 'blockShape': return dims((i) => (i === 0 ? 1 : rng.int(1, 2)));
    case 'padsBegin': case 'padsEnd':
      return dims((i) => (spec.name === 'pad' ? rng.int(-1, 2) : i === 0 ? 0 : rng.int(0, 1)));
    case 'cropsBegin': case 'cropsEnd': return dims(() => 0);
    default: return dims(() => rng.int(0, 2));
  }
}

function plausibleValue(rng, dtype) {
  if (dtype === 'int64' || dtype === 'uint64') return BigInt(rng.int(0, 5));
  if (dtype === 'bool') return rng.pick([true, false, 0, 1]);
  return rng.int(0, 5);
}

function plausibleIndices(rng, op, info) {
  const r = info.rank;
  const i = () => (rng() < 0.8 ? 0 : rng.pick([1, -1]));
  if (op === 'gatherElements') {
    const shape = info.shape.map(() => 1);
    return { data: Int32Array.from({ length: volume(shape) }, i), shape };
  }
  if (op === 'gatherND') {
    const k = rng.int(1, Math.max(1, r));
    return { data: Int32Array.from({ length: k }, i), shape: [1, k] };
  }
  return rng.pick([() => 0, () => [i(), i()], () => ({ data: BigInt64Array.of(BigInt(i())), shape: [1] }), () => Int32Array.of(i())])();
}

// ===========================================================================
// Mutations: each turns one slot hostile and says what the rules make of
// the call: 'throw' (must be refused), 'same' (must give the clean call's
// result, or be refused), 'any' (a result or a refusal, nothing else).

// ---- x (or a tensor of a list): on a plain tensor's parts, or the whole.
// Each returns { x: the hostile value, d, rule } or undefined (not applicable).
const part = (info, parts) => {
  const x = { data: info.data, shape: info.shape, ...(info.dtype !== undefined ? { dtype: info.dtype } : {}) };
  return { ...x, ...parts };
};
const otherLength = (rng, n) => (n > 0 && rng() < 0.4 ? n - rng.int(1, n) : n + rng.pick([1, 7, 1024, 65536]));
const otherWidthDtype = (rng, dtype) => rng.pick(['int8', 'int16', 'float32', 'float64'].filter((d) => d !== dtype));
const hostileAddress = (rng, w) => {
  const [s] = rng.pick([...w.sentinelRanges(), ...w.liveRanges()]);
  return s;
};

const X_PART_MUTATIONS = {
  'x.data own length'(rng, w, info) {
    const n = otherLength(rng, info.volume);
    const data = withOwnProps(resized(info.data, n), {
      length: info.volume, ...(rng() < 0.4 ? { byteLength: info.volume * bpe(info.C) } : {}) });
    return { parts: { data }, d: `${info.C.name}(${n}) whose own length says ${info.volume}`, rule: 'throw' };
  },
  'x.data own length, real length right'(rng, w, info) {
    const data = withOwnProps(resized(info.data, info.volume), { length: rng.pick([0, info.volume + 3, 2 ** 31]) });
    return { parts: { data }, d: `${info.C.name}(${info.volume}) with a lying own length`, rule: 'same' };
  },
  'x.data own byteLength/byteOffset'(rng, w, info) {
    const lies = rng() < 0.5 ? { byteLength: rng.pick([0, 2 ** 31, info.volume * bpe(info.C) + 64]) } : { byteOffset: rng.int(0, 1 << 20) };
    return { parts: { data: withOwnProps(resized(info.data, info.volume), lies) }, d: `${info.C.name}(${info.volume}) with own ${Object.keys(lies)}`, rule: 'same' };
  },
  'x.data own buffer: the module memory'(rng, w, info) {
    const at = hostileAddress(rng, w);
    const data = withOwnProps(resized(info.data, info.volume), { buffer: w.buffer(), byteOffset: at });
    return { parts: { data }, d: `${info.C.name}(${info.volume}) whose own buffer/byteOffset say module memory @${at}`, rule: 'same' };
  },
  'x.data subclass lying length'(rng, w, info) {
    const n = otherLength(rng, info.volume);
    const data = liarSubclass(info.C, n, { length: info.volume });
    data.set(resized(info.data, n));
    return { parts: { data }, d: `${info.C.name} subclass of ${n} elements whose length getter says ${info.volume}`, rule: 'throw' };
  },
  'x.data subclass lying buffer'(rng, w, info) {
    const at = hostileAddress(rng, w);
    const data = liarSubclass(info.C, info.volume, { buffer: w.buffer(), byteOffset: at });
    data.set(info.data);
    return { parts: { data }, d: `${info.C.name} subclass whose buffer/byteOffset getters say module memory @${at}`, rule: 'same' };
  },
  'x.data stale view'(rng, w, info) {
    if (info.volume === 0 || info.rank > 64) return undefined;
    return { parts: { data: staleView(w, resized(info.data, info.volume)) }, d: `a stale ${info.C.name}(${info.volume}) view of a disposed kept tensor`, rule: 'throw' };
  },
  'x.data foreign view'(rng, w, info) {
    const data = foreignView(rng, w, info.C, info.volume);
    if (!data) return undefined;
    return { parts: { data }, d: `${info.C.name}(${info.volume}) view of module memory @${data.byteOffset}, no kept tensor's`, rule: 'any' };
  },
  'x.data view inside a live kept tensor'(rng, w, info) {
    if (info.rank > 64) return undefined;
    const data = insideView(rng, w, info.C, info.volume);
    data.set(info.data);
    return { parts: { data }, d: `${info.C.name}(${info.volume}) view inside a live kept tensor @${data.byteOffset}`, rule: 'same' };
  },
  'x.data detached'(rng, w, info) {
    return { parts: { data: detach(resized(info.data, info.volume)) }, d: `a detached ${info.C.name}`, rule: 'throw' };
  },
  'x.data on a SharedArrayBuffer'(rng, w, info) {
    const data = new info.C(new SharedArrayBuffer(info.volume * bpe(info.C)));
    data.set(info.data);
    return { parts: { data }, d: `${info.C.name}(${info.volume}) on a SharedArrayBuffer`, rule: 'same' };
  },
  'x.data not a typed array'(rng, w, info) {
    const data = rng.pick(WRONG_DATA());
    return { parts: { data }, d: show(data), rule: 'throw' };
  },
  'x.shape element flipping'(rng, w, info) {
    if (info.rank === 0 || info.rank > 64) return undefined;
    const shape = info.shape.slice();
    const i = rng.int(0, shape.length - 1);
    const later = rng.pick([Symbol('dim'), 2 ** 40, -1, 'x', 1e6, 0]);
    flipping(shape, i, [...Array(rng.int(1, 3)).fill(info.shape[i]), later]);
    return { parts: { shape }, d: `shape whose [${i}] answers ${info.shape[i]}, then ${show(later)}`, rule: 'same' };
  },
  'x.shape length proxy'(rng, w, info) {
    if (info.rank > 64) return undefined;
    const later = rng.pick([0, info.rank + 1, info.rank + 300, 100000]);
    const { proxy } = lengthFlippingProxy(info.shape.slice(), [...Array(rng.int(1, 6)).fill(info.rank), later]);
    return { parts: { shape: proxy }, d: `shape Proxy whose length answers ${info.rank}, then ${later}`, rule: 'same' };
  },
  'x.shape a plain Proxy'(rng, w, info) {
    return { parts: { shape: new Proxy(info.shape.slice(), {}) }, d: `Proxy(${show(info.shape)})`, rule: 'same' };
  },
  'x.shape an Int32Array'(rng, w, info) {
    return { parts: { shape: Int32Array.from(info.shape) }, d: `Int32Array ${show(info.shape)}`, rule: 'same' };
  },
  'x.shape detached'(rng, w, info) {
    return { parts: { shape: detach(Int32Array.from(info.shape)) }, d: 'a detached Int32Array', rule: 'throw' };
  },
  'x.shape hostile value'(rng, w, info) {
    const shape = info.rank ? info.shape.slice() : [1];
    const bad = rng.pick(HOSTILE_INTS);
    shape[rng.int(0, shape.length - 1)] = bad;
    return { parts: { shape }, d: `shape with ${show(bad)}`, rule: 'any' };
  },
  'x.shape huge'(rng, w, info) {
    const shape = rng.pick([[2 ** 40, 2 ** 40], [65536, 65536], [2 ** 31], [2 ** 53], [1, 2 ** 32, 2 ** 32]]);
    return { parts: { shape }, d: `shape ${show(shape)}`, rule: 'any' };
  },
};

// Mutations that need x as an object: getters, proxies, whole replacements.
const X_OBJECT_MUTATIONS = {
  'x.dtype flipping'(rng, w, info) {
    const x = part(info, {});
    delete x.dtype;
    const later = otherWidthDtype(rng, info.dtype);
    flipping(x, 'dtype', [...Array(rng.int(1, 4)).fill(info.dtype), later]);
    return { x, d: `x whose dtype getter answers '${info.dtype}', then '${later}'`, rule: 'same' };
  },
  'x.shape flipping'(rng, w, info) {
    const x = part(info, {});
    delete x.shape;
    const later = rng.pick([[info.volume * 4096], [], [...info.shape, 2]]);
    flipping(x, 'shape', [...Array(rng.int(1, 3)).fill(info.shape), later]);
    return { x, d: `x whose shape getter answers ${show(info.shape)}, then ${show(later)}`, rule: 'same' };
  },
  'x.data flipping'(rng, w, info) {
    const x = part(info, {});
    delete x.data;
    flipping(x, 'data', [...Array(rng.int(1, 3)).fill(info.data), resized(info.data, info.volume + 4096)]);
    return { x, d: 'x whose data getter answers its data, then a longer array', rule: 'same' };
  },
  'x a Proxy of the tensor'(rng, w, info) {
    return { x: new Proxy(part(info, {}), {}), d: 'a Proxy of the plain tensor', rule: 'same' };
  },
  'x an onnxruntime tensor'(rng, w, info) {
    return { x: { type: info.dtype, data: info.data, dims: info.shape }, d: `{ type '${info.dtype}', data, dims }`, rule: 'same' };
  },
  'x a kept tensor of another load()'(rng, w, info) {
    if (info.rank > 64) return undefined;
    const t = w.other.ops.tensor(info.data, info.shape, info.dtype);
    w.other.pool.push(t);
    if (w.other.pool.length > 8) w.other.pool.shift().dispose();
    return { x: t, d: 'a kept tensor of another load()', rule: 'same' };
  },
};

// Whole replacements that apply to any x, plain or kept.
const X_ANY_MUTATIONS = {
  'x a fake kept tensor': () => ({ x: Object.create(KeptTensor.prototype), d: 'Object.create(KeptTensor.prototype)', rule: 'throw' }),
  'x a disposed kept tensor'(rng, w) {
    const t = w.disposed.length ? rng.pick(w.disposed) : undefined;
    return t && { x: t, d: 'a disposed kept tensor', rule: 'throw' };
  },
  'x a disposed kept tensor of another load()'(rng, w) {
    const t = w.other.ops.tensor(new Float32Array(4), [4]);
    t.dispose();
    return { x: t, d: 'a disposed kept tensor of another load()', rule: 'throw' };
  },
  'x a Proxy of a kept tensor'(rng, w) {
    const live = w.live();
    return live.length ? { x: new Proxy(rng.pick(live), {}), d: 'a Proxy of a live kept tensor', rule: 'any' } : undefined;
  },
  'x a throwing Proxy': () => ({ x: throwingProxy({}), d: 'a Proxy whose traps throw', rule: 'throw' }),
  'x not a tensor'(rng) {
    const x = rng.pick(NOT_TENSORS());
    return { x, d: show(x), rule: 'throw' };
  },
};

/**
 * Turns the input slot s hostile; returns { tag, rule } or undefined.
 * `numberOk`: a plain number stands for a tensor there (where's a and b).
 */
function mutateTensor(rng, w, s, name, numberOk = false) {
  const { info } = s;
  const table = info.plain
    ? { ...X_PART_MUTATIONS, ...X_OBJECT_MUTATIONS, ...X_ANY_MUTATIONS }
    : X_ANY_MUTATIONS;
  const tag = rng.pick(Object.keys(table));
  const m = table[tag](rng, w, info);
  if (!m) return undefined;
  if (m.parts) {
    s.v = part(info, m.parts);
    s.d = `{${m.parts.data ? m.d : show(info.data)}, ${m.parts.shape ? m.d : `shape ${show(info.shape)}`}}`;
  } else {
    s.v = m.x;
    s.d = m.d;
  }
  const accepted = numberOk && tag === 'x not a tensor' && ['number', 'bigint', 'boolean'].includes(typeof m.x);
  return { tag: tag.replace(/^x/, name), rule: accepted ? 'any' : m.rule };
}

// ---- Integer parameters ('ints', 'int', 'intOrInts').
const INT_MUTATIONS = {
  'a detached Int32Array'(rng, v) {
    return Array.isArray(v) ? { v: detach(Int32Array.from(v, Number)), d: 'a detached Int32Array', rule: 'throw' } : undefined;
  },
  'an Int32Array with a lying own length'(rng, v) {
    if (!Array.isArray(v)) return undefined;
    const real = [...v, ...Array(rng.int(1, 3)).fill(0)];
    const a = withOwnProps(Int32Array.from(real, Number), { length: v.length });
    return { v: a, d: `Int32Array ${show(real)} whose own length says ${v.length}`, rule: 'same', twin: real };
  },
  'an array Proxy whose length changes'(rng, v) {
    if (!Array.isArray(v)) return undefined;
    const later = rng.pick([0, v.length + 1, v.length + 300, 100000]);
    const { proxy } = lengthFlippingProxy(v.length ? v.slice() : [0], [...Array(rng.int(1, 6)).fill(v.length), later]);
    return { v: proxy, d: `Proxy(${show(v)}) whose length answers ${v.length}, then ${later}`, rule: 'same' };
  },
  'an element getter that changes'(rng, v) {
    if (!Array.isArray(v) || v.length === 0) return undefined;
    const a = v.slice();
    const i = rng.int(0, a.length - 1);
    const later = rng.pick([Symbol('flip'), 2 ** 60, -(2 ** 40), 'x', 1e6]);
    flipping(a, i, [...Array(rng.int(1, 3)).fill(v[i]), later]);
    return { v: a, d: `${show(v)} whose [${i}] answers ${show(v[i])}, then ${show(later)}`, rule: 'same' };
  },
  'a plain Proxy'(rng, v) {
    return Array.isArray(v) ? { v: new Proxy(v.slice(), {}), d: `Proxy(${show(v)})`, rule: 'same' } : undefined;
  },
  'bigints'(rng, v) {
    if (typeof v !== 'number' && !Array.isArray(v)) return undefined;
    const big = Array.isArray(v) ? v.map((e) => BigInt(e)) : BigInt(v);
    return { v: big, d: show(big), rule: 'same' };
  },
  'a BigInt64Array'(rng, v) {
    return Array.isArray(v) ? { v: BigInt64Array.from(v, BigInt), d: `BigInt64Array ${show(v)}`, rule: 'same' } : undefined;
  },
  '-(2**63) as a number'(rng, v) {
    const bad = Array.isArray(v) && v.length ? v.map((e, i) => (i === 0 ? -(2 ** 63) : e)) : -(2 ** 63);
    return { v: bad, d: show(bad), rule: 'throw' };
  },
  'a stale Int32Array view'(rng, v, w) {
    if (!Array.isArray(v) || v.length === 0) return undefined;
    return { v: staleView(w, Int32Array.from(v, Number)), d: 'a stale Int32Array view of a disposed kept tensor', rule: 'any' };
  },
  'a foreign Int32Array view'(rng, v, w) {
    const view = foreignView(rng, w, Int32Array, Array.isArray(v) ? v.length : 1);
    // Whatever the memory holds are its values: sizes that would make outputs
    // of gigabytes only measure the machine, so such a view is not used.
    return view && smallValues(view) && { v: view, d: `Int32Array view of module memory @${view.byteOffset}`, rule: 'any' };
  },
  'a hostile value'(rng, v) {
    const bad = rng.pick(HOSTILE_INTS);
    const value = Array.isArray(v) && v.length ? v.map((e, i) => (i === 0 ? bad : e)) : bad;
    return { v: value, d: Array.isArray(value) ? `[${show(bad)}, ...]` : show(bad), rule: 'any' };
  },
  'a huge list'(rng) {
    const list = Array.from({ length: rng.pick([300, 5000, 70000]) }, () => rng.int(-2, 2));
    return { v: list, d: `a list of ${list.length} small integers`, rule: 'any' };
  },
  'an empty list': () => ({ v: [], d: '[]', rule: 'any' }),
  // 'any': an implementation may leave a parameter unread that the call does not use.
  'a throwing Proxy': () => ({ v: throwingProxy([]), d: 'a Proxy whose traps throw', rule: 'any' }),
};

// ---- Other parameter kinds.
const pickBad = (list) => (rng) => {
  const v = rng.pick(list);
  return { v, d: show(v), rule: 'any' };
};
const OTHER_MUTATIONS = {
  bool: { 'a non-boolean': pickBad(HOSTILE_BOOLS) },
  name: { 'a wrong name': pickBad(HOSTILE_NAMES) },
  value: { 'a hostile value': pickBad(HOSTILE_VALUES) },
  floats: { 'a hostile value': pickBad(['1', null, {}, [1, 'a'], 2n, true, Symbol('f'), [[1]], new Int32Array(1), [undefined]]) },
  indices: {
    'a fake kept tensor': () => ({ v: Object.create(KeptTensor.prototype), d: 'Object.create(KeptTensor.prototype)', rule: 'throw' }),
    'a disposed kept tensor'(rng, v, w) {
      const t = w.ops.tensor(Int32Array.of(0), [1]);
      t.dispose();
      return { v: t, d: 'a disposed kept int32 tensor', rule: 'throw' };
    },
    'a detached Int32Array': () => ({ v: detach(Int32Array.of(0)), d: 'a detached Int32Array', rule: 'throw' }),
    'a stale Int32Array view'(rng, v, w) {
      return { v: staleView(w, Int32Array.of(0)), d: 'a stale Int32Array view of a disposed kept tensor', rule: 'throw' };
    },
    'a foreign Int32Array view'(rng, v, w) {
      const view = foreignView(rng, w, Int32Array, rng.int(1, 4));
      return view && { v: view, d: `Int32Array view of module memory @${view.byteOffset}`, rule: 'any' };
    },
    'an Int32Array with a lying own length'(rng) {
      const n = rng.int(2, 64);
      const a = withOwnProps(new Int32Array(n), { length: 1 });
      return { v: a, d: `Int32Array(${n}) whose own length says 1`, rule: 'same', twin: new Int32Array(n) };
    },
    'an index tensor with a lying data length'(rng) {
      const a = withOwnProps(new Int32Array(rng.pick([2, 4096])), { length: 1 });
      return { v: { data: a, shape: [1] }, d: '{ data: Int32Array whose own length says 1, shape [1] }', rule: 'throw' };
    },
    'an index tensor with a flipping dtype'(rng) {
      const t = { data: Int32Array.of(0), shape: [1] };
      flipping(t, 'dtype', [...Array(rng.int(1, 4)).fill('int32'), 'int64']);
      return { v: t, d: "{ data: Int32Array [0], shape [1], dtype getter 'int32', then 'int64' }", rule: 'same', twin: { data: Int32Array.of(0), shape: [1] } };
    },
    'a kept index tensor of another load()'(rng, v, w) {
      const t = w.other.ops.tensor(Int32Array.of(0), [1]);
      w.other.pool.push(t);
      return { v: t, d: 'a kept int32 tensor of another load()', rule: 'same', twin: { data: Int32Array.of(0), shape: [1] } };
    },
    'a hostile value': pickBad([1.5, NaN, Symbol('i'), null, '0', [0.5], [2n ** 64n], new Float32Array(1), {}, 2 ** 53 + 2]),
  },
};

/** Turns parameter slot s (of parameter p) hostile; returns { tag, rule } or undefined. */
function mutateParam(rng, w, p, s) {
  const table = OTHER_MUTATIONS[p.kind] ?? INT_MUTATIONS;
  const tag = rng.pick(Object.keys(table));
  const m = table[tag](rng, s.v, w);
  if (!m) return undefined;
  s.v = m.v;
  s.d = m.d;
  if (m.twin !== undefined) s.twin = m.twin;
  return { tag: `${p.name} ${tag}`, rule: m.rule };
}

// ---- out: one array (or, for several outputs, one of them) turned hostile.
// A class other than C and than any of `accepted` (the classes out may have).
function otherClass(rng, C, accepted = [C]) {
  return rng.pick(ALL_CLASSES.filter((K) => K !== C && !accepted.includes(K) && !(K.prototype instanceof C) && !(C.prototype instanceof K)));
}

const OUT_MUTATIONS = {
  'a view inside a live kept tensor': (rng, w, C, n) => ({ v: insideView(rng, w, C, n), d: `${C.name}(${n}) view inside a live kept tensor`, rule: 'same' }),
  'a stale view'(rng, w, C, n) {
    return n > 0 ? { v: oldStaleView(rng, w, C, n), d: `a stale ${C.name}(${n}) view of a disposed kept tensor`, rule: 'throw' } : undefined;
  },
  'a view of module memory outside every kept tensor'(rng, w, C, n) {
    const v = n > 0 ? foreignView(rng, w, C, n) : undefined;
    return v && { v, d: `${C.name}(${n}) view of module memory @${v.byteOffset}, no kept tensor's`, rule: 'throw' };
  },
  'detached': (rng, w, C, n) => ({ v: detach(new C(n)), d: `a detached ${C.name}`, rule: 'throw' }),
  'of another class'(rng, w, C, n, accepted) {
    const K = otherClass(rng, C, accepted);
    return { v: new K(n), d: `${K.name}(${n})`, rule: 'throw' };
  },
  'of the wrong length'(rng, w, C, n) {
    const m = n === 0 || rng() < 0.5 ? n + 1 : n - 1;
    return { v: new C(m), d: `${C.name}(${m}) for ${n}`, rule: 'throw' };
  },
  'with a lying own length'(rng, w, C, n) {
    const m = otherLength(rng, n);
    return { v: withOwnProps(new C(m), { length: n }), d: `${C.name}(${m}) whose own length says ${n}`, rule: 'throw' };
  },
  'with own buffer/byteOffset: a sentinel'(rng, w, C, n) {
    const [at] = rng.pick(w.sentinelRanges());
    return { v: withOwnProps(new C(n), { buffer: w.buffer(), byteOffset: at }), d: `${C.name}(${n}) whose own buffer/byteOffset say a sentinel @${at}`, rule: 'same' };
  },
  'a subclass whose buffer/byteOffset getters say a sentinel'(rng, w, C, n) {
    const [at] = rng.pick(w.sentinelRanges());
    return { v: liarSubclass(C, n, { buffer: w.buffer(), byteOffset: at }), d: `${C.name} subclass whose buffer/byteOffset getters say a sentinel @${at}`, rule: 'same' };
  },
  'on a SharedArrayBuffer': (rng, w, C, n) => ({ v: new C(new SharedArrayBuffer(n * bpe(C))), d: `${C.name}(${n}) on a SharedArrayBuffer`, rule: 'same' }),
  'not a typed array'(rng) {
    const v = rng.pick([null, [], {}, 'out', 3, [1, 2]]);
    return { v, d: show(v), rule: 'throw' };
  },
};

/**
 * The out slot for outputs of `lengths` (one, or one per output of split),
 * each of its class in `classes`, maybe hostile.
 */
function outSlot(rng, w, classes, lengths, several, mutate) {
  const arrays = lengths.map((n, k) => new classes[k](n));
  const s = slot(several ? arrays : arrays[0], several ? `[${lengths.map((n, k) => `${classes[k].name}(${n})`)}]` : `${classes[0].name}(${lengths[0]})`,
    several ? lengths.map((n, k) => new classes[k](n)) : new classes[0](lengths[0]));
  if (!mutate) return { s };
  const tag = rng.pick(Object.keys(OUT_MUTATIONS));
  const k = rng.int(0, lengths.length - 1);
  const m = OUT_MUTATIONS[tag](rng, w, classes[k], lengths[k], classes.accepted?.[k]);
  if (!m) return { s };
  if (several) {
    s.v = arrays.map((a, i) => (i === k ? m.v : a));
    s.d = `out[${k}] ${m.d}`;
  } else {
    s.v = m.v;
    s.d = m.d;
  }
  return { s, tag: `out ${tag}`, rule: m.rule };
}

// ---- The options object.
const OPTION_MUTATIONS = {
  'an unknown key'(rng, o, known) {
    const key = rng.pick(['foo', 'Axis', 'outt', 'dtype', 'out', '__proto__x'].filter((k) => !known.includes(k)));
    return { v: { ...o, [key]: 1 }, d: `with unknown key '${key}'`, rule: 'throw' };
  },
  'a symbol key': (rng, o) => ({ v: { ...o, [Symbol('opt')]: 1 }, d: 'with a symbol key', rule: 'any' }),
  'a plain Proxy': (rng, o) => ({ v: new Proxy({ ...o }, {}), d: 'a Proxy of the options', rule: 'same' }),
  'a throwing Proxy': () => ({ v: throwingProxy({}), d: 'a Proxy whose traps throw', rule: 'throw' }),
  'inherited values': (rng, o) => ({ v: Object.create({ ...o }), d: 'whose values are inherited', rule: 'any' }),
  'a flipping getter'(rng, o) {
    const keys = Object.keys(o).filter((k) => k !== 'out');
    if (!keys.length) return undefined;
    const key = rng.pick(keys);
    const v = { ...o };
    const later = rng.pick([Symbol('o'), 2 ** 60, 'x', -5]);
    flipping(v, key, [o[key], later]);
    return { v, d: `whose ${key} getter answers ${show(o[key])}, then ${show(later)}`, rule: 'same' };
  },
  'not an object'(rng) {
    const v = rng.pick([3, 'options', [], true]);
    return { v, d: show(v), rule: 'throw' };
  },
};

// ===========================================================================
// Calls: an operation, its shape inference, ops.tensor(), a kept tensor's method.

/**
 * Applies `count` mutations chosen among `sites` (functions returning
 * { tag, rule } or undefined); returns the applied ones.
 */
function mutate(rng, sites, count) {
  const applied = [];
  for (let tries = 0; applied.length < count && tries < 8 && sites.length; tries++) {
    const i = rng.int(0, sites.length - 1);
    const m = sites[i]();
    if (m) {
      applied.push(m);
      sites.splice(i, 1);
    }
  }
  return applied;
}

const mutationCount = (rng) => (rng() < 0.25 ? 0 : rng() < 0.75 ? 1 : 2);

/** The call's oracle from its mutations: mustThrow (a tag) or a twin, or neither. */
function oracle(applied) {
  const refused = applied.find((m) => m.rule === 'throw');
  if (refused) return { mustThrow: refused.tag };
  if (applied.length && applied.every((m) => m.rule === 'same')) return { twin: true };
  return {};
}

/** The output shapes of the clean call, from ops.shapes (undefined when refused or too costly). */
function cleanOutShapes(w, spec, input, params, info) {
  if (info.rank > 64) return undefined;
  const shapeOf = (x) => (x instanceof KeptTensor ? [...x.shape] : x.shape);
  const indexShape = (v) => {
    if (typeof v === 'number' || typeof v === 'bigint') return [];
    if (Array.isArray(v)) return [v.length];
    if (isTypedArray(v)) return [intrinsic.length(v)];
    return shapeOf(v);
  };
  try {
    const first = spec.input !== 'tensor' ? input.twin.map(shapeOf) : shapeOf(input.twin);
    const positional = [];
    const options = { dtype: info.dtype };
    spec.params.forEach((p, i) => {
      const v = p.kind === 'indices' ? indexShape(params[i].twin) : params[i].twin;
      if (p.option) {
        if (v !== undefined) options[p.name] = v;
      } else positional.push(v);
    });
    const r = spec.input === 'named' ? w.ops.shapes[spec.name](...first, ...positional, options)
      : w.ops.shapes[spec.name](first, ...positional, options);
    return spec.output === 'tensors' ? r : [r];
  } catch {
    return undefined;
  }
}

/**
 * The class of each output's data: x's, or for an operation whose outputs
 * have dtypes of their own those of the clean call's result
 * (undefined when it is refused).
 */
function outClasses(w, spec, input, params, info, count) {
  if (!spec.typed) return new Array(count).fill(info.C);
  try {
    const positional = spec.params.flatMap((p, i) => (p.option ? [] : [params[i].twin]));
    const options = {};
    spec.params.forEach((p, i) => { if (p.option && params[i].twin !== undefined) options[p.name] = params[i].twin; });
    const r = spec.input === 'named' ? w.ops[spec.name](...input.twin, ...positional, options)
      : w.ops[spec.name](input.twin, ...positional, options);
    const results = Array.isArray(r) ? r : [r];
    const classes = results.map((t) => DTYPES[t.dtype].arrays[0]);
    classes.accepted = results.map((t) => DTYPES[t.dtype].arrays);
    for (const t of results) if (t instanceof KeptTensor) t.dispose();
    return classes;
  } catch {
    return undefined;
  }
}

function opCall(rng, w) {
  const spec = rng.pick(w.ops.operations);
  const named = spec.input === 'named';
  const list = spec.input !== 'tensor';
  // The input: x, a list of one to three tensors of one shape and dtype, or
  // the named inputs (of x's dtype: where's condition then ends most calls
  // unless x is bool or uint8).
  let input = inputTensor(rng, w, inputDtypesOf(spec.name));
  const { info } = input;
  const elements = [input];
  if (list) {
    for (let k = named ? spec.inputs.length - 1 : rng.int(0, 2); k > 0; k--) {
      const e = info.plain || rng() < 0.5 ? slot(part(info, {}), input.d) : slot(input.v, input.d);
      e.info = info;
      elements.push(e);
    }
    input = slot(elements.map((e) => e.v), '', elements.map((e) => e.twin));
  }
  const k = rng.int(1, Math.max(1, Math.min(info.rank, 3)));
  const params = spec.params.map((p) => {
    const optionLeftOut = p.option && (p.optional || p.kind !== 'indices') && rng() < 0.4;
    const v = optionLeftOut ? undefined : plausible(rng, p, info, k, spec);
    return slot(v, show(v));
  });

  // Mutation sites: the tensor(s), each parameter, and out and the options below.
  const sites = elements.map((e, i) => () => mutateTensor(rng, w, e, named ? spec.inputs[i].name : list ? `tensors[${i}]` : 'x',
    named && spec.inputs[i].number));
  spec.params.forEach((p, i) => sites.push(() => mutateParam(rng, w, p, params[i])));
  const count = mutationCount(rng);
  const outShapes = count > 0 || rng() < 0.3 ? cleanOutShapes(w, spec, input, params, info) : undefined;
  const outMutations = outShapes && count > 0 && rng() < 0.35 ? 1 : 0;
  const optionMutations = count > outMutations && rng() < 0.15 ? 1 : 0;
  const applied = mutate(rng, sites, count - outMutations - optionMutations);
  if (list) {
    input.v = elements.map((e) => e.v);
    input.twin = elements.map((e) => e.twin);
    input.d = `[${elements.map((e) => e.d).join(', ')}]`;
  }
  let out;
  const classes = outShapes && (outMutations || rng() < 0.3) ? outClasses(w, spec, input, params, info, outShapes.length) : undefined;
  if (classes) {
    const made = outSlot(rng, w, classes, outShapes.map(volume), spec.output === 'tensors', outMutations > 0);
    out = made.s;
    // Its length was sized for the clean call: once another mutation may
    // change the output's shape, an out of the "wrong" length may be right.
    if (made.tag) applied.push({ tag: made.tag, rule: made.rule === 'throw' && applied.length > 0 ? 'any' : made.rule });
  }
  const options = optionsSlot(rng, spec, params, out, ['out', ...spec.params.filter((p) => p.option).map((p) => p.name)],
    applied, optionMutations > 0);

  const positional = (which) => spec.params.flatMap((p, i) => (p.option ? [] : [params[i][which]]));
  const invoke = (which) => () => (named ? w.ops[spec.name](...input[which], ...positional(which), options[which])
    : w.ops[spec.name](input[which], ...positional(which), options[which]));
  const args = [input.d, ...positional('d')];
  return finishCall({ kind: 'op', spec }, `${spec.name}(${args.join(', ')}, ${options.d})`, applied, invoke);
}

/** The options slot from the option parameters and out; maybe hostile itself. */
function optionsSlot(rng, spec, params, out, known, applied, mutateIt) {
  const build = (which) => {
    const o = {};
    spec.params.forEach((p, i) => {
      if (p.option && params[i][which] !== undefined) o[p.name] = params[i][which];
    });
    if (out) o.out = out[which];
    return o;
  };
  const clean = build('twin');
  const s = slot(build('v'), `{${Object.keys(clean).map((k) => `${k}: ${k === 'out' ? out.d : params[spec.params.findIndex((p) => p.name === k)].d}`).join(', ')}}`, clean);
  if (mutateIt) {
    const tag = rng.pick(Object.keys(OPTION_MUTATIONS));
    const m = OPTION_MUTATIONS[tag](rng, s.v, known);
    if (m) {
      s.v = m.v;
      s.d = `options ${m.d}`;
      applied.push({ tag: `options ${tag}`, rule: m.rule });
    }
  }
  return s;
}

function shapesCall(rng, w) {
  const spec = rng.pick(w.ops.operations);
  const named = spec.input === 'named';
  const list = spec.input !== 'tensor';
  const { info } = plainTensor(rng);
  const first = slot(info.shape, show(info.shape));
  const k = rng.int(1, Math.max(1, Math.min(info.rank, 3)));
  const params = spec.params.map((p) => {
    let v = p.option && rng() < 0.4 ? undefined : plausible(rng, p, info, k, spec);
    if (p.kind === 'indices') v = v === undefined ? [1] : typeof v === 'object' && !Array.isArray(v) && !isTypedArray(v) ? v.shape : [];
    return slot(v, show(v));
  });
  // The input shape takes the shape mutations of x.shape.
  const sites = [() => {
    const tags = Object.keys(X_PART_MUTATIONS).filter((t) => t.startsWith('x.shape'));
    const tag = rng.pick(tags);
    const m = X_PART_MUTATIONS[tag](rng, w, info);
    if (!m) return undefined;
    first.v = m.parts.shape;
    first.d = m.d;
    return { tag: tag.replace('x.shape', 'shape'), rule: m.rule };
  }];
  spec.params.forEach((p, i) => {
    if (p.kind !== 'indices') sites.push(() => mutateParam(rng, w, p, params[i]));
  });
  const count = mutationCount(rng);
  const optionMutations = count > 0 && rng() < 0.15 ? 1 : 0;
  const applied = mutate(rng, sites, count - optionMutations);
  const dtype = rng() < 0.5 ? info.dtype : undefined;
  const options = optionsSlot(rng, spec, params, undefined, ['dtype', ...spec.params.filter((p) => p.option).map((p) => p.name)],
    applied, optionMutations > 0);
  if (dtype) {
    // The dtype option sizes the memory check; set on the options as built
    // (a throwing Proxy refuses it, rightly left as it is).
    for (const o of [options.v, options.twin]) {
      try {
        if (o && typeof o === 'object') o.dtype = dtype;
      } catch { /* HostileError */ }
    }
    options.d = `${options.d} + dtype '${dtype}'`;
  }
  // A list of shapes: the (maybe hostile) one, then a clean one (one object
  // twice would have its getters read twice, rightly).
  // Named inputs: the first, then clean ones.
  const rest = named ? spec.inputs.slice(1).map(() => info.shape) : [info.shape];
  const shapeArg = (which) => (list ? [first[which], ...rest] : first[which]);
  const positional = (which) => spec.params.flatMap((p, i) => (p.option ? [] : [params[i][which]]));
  const invoke = (which) => () => (named ? w.ops.shapes[spec.name](...shapeArg(which), ...positional(which), options[which])
    : w.ops.shapes[spec.name](shapeArg(which), ...positional(which), options[which]));
  const args = [list ? `[${first.d}, ${rest.map(show).join(', ')}]` : first.d, ...positional('d')];
  return finishCall({ kind: 'shapes', spec }, `shapes.${spec.name}(${args.join(', ')}, ${options.d})`, applied, invoke);
}

function tensorCall(rng, w) {
  const { info, x } = plainTensor(rng);
  const s = slot(x, '');
  s.info = info;
  const applied = [];
  if (mutationCount(rng) > 0) {
    const tags = Object.keys(X_PART_MUTATIONS);
    const tag = rng.pick(tags);
    const m = X_PART_MUTATIONS[tag](rng, w, info);
    if (m) {
      s.v = part(info, m.parts);
      applied.push({ tag: tag.replace(/^x\./, ''), rule: m.rule, d: m.d });
    }
  }
  const d = applied.length ? applied[0].d : `${show(x.data)}, ${show(x.shape)}`;
  const invoke = (which) => () => w.ops.tensor(s[which].data, s[which].shape, s[which].dtype);
  return finishCall({ kind: 'tensor' }, `tensor(${d}${x.dtype ? `, '${x.dtype}'` : ''})`, applied, invoke);
}

const METHODS = ['data', 'toArray', 'dispose', 'shape', 'dtype', 'size', 'disposed', ...(typeof Symbol.dispose === 'symbol' ? ['Symbol.dispose'] : [])];

function methodCall(rng, w) {
  const live = w.live();
  const r = rng();
  let t;
  let which;
  if (r < 0.6 && live.length) [t, which] = [rng.pick(live), 'a live kept tensor'];
  else if (r < 0.8 && w.disposed.length) [t, which] = [rng.pick(w.disposed), 'a disposed kept tensor'];
  else if (w.other.pool.length) [t, which] = [rng.pick(w.other.pool), 'a kept tensor of another load()'];
  else return opCall(rng, w);
  const method = rng.pick(METHODS);
  if (method === 'dispose' || method === 'Symbol.dispose') {
    if (!t.disposed && w.pool.includes(t)) w.stale.push(t.data); // its view goes stale
  }
  const run = () => {
    if (method === 'Symbol.dispose') return t[Symbol.dispose]();
    const v = t[method];
    return typeof v === 'function' ? t[method]() : v;
  };
  const applied = t.disposed && (method === 'data' || method === 'toArray') ? [{ tag: `${method} of a disposed kept tensor`, rule: 'throw' }] : [];
  return finishCall({ kind: 'method' }, `(${which}).${method}`, applied, () => run);
}

function finishCall(what, desc, applied, invoke) {
  const { mustThrow, twin } = oracle(applied);
  const tags = applied.map((m) => m.tag);
  return {
    ...what,
    desc: `${desc.slice(0, 400)}${tags.length ? ` [${tags.join('; ')}]` : ''}`,
    tags,
    mustThrow,
    run: invoke('v'),
    twin: twin ? invoke('twin') : undefined,
  };
}

// Length-keeping operations of a 1-D tensor of n elements, with options o.
const KEEP_LENGTH = [
  ['roll', (ops, x, n, o) => ops.roll(x, 1, 0, o)],
  ['reverse', (ops, x, n, o) => ops.reverse(x, undefined, o)],
  ['tile', (ops, x, n, o) => ops.tile(x, [1], o)],
  ['pad', (ops, x, n, o) => ops.pad(x, [0], [0], o)],
  ['slice', (ops, x, n, o) => ops.slice(x, [0], [n], o)],
  ['reshape', (ops, x, n, o) => ops.reshape(x, [-1], o)],
  ['broadcast', (ops, x, n, o) => ops.broadcast(x, [n], o)],
];

/**
 * Reproducer 3 as a call: a stale view kept from an earlier disposal (whose
 * bytes a kept tensor made since may own) as `out` or as x.data, in an
 * operation whose output has its length.
 */
function staleCall(rng, w) {
  const views = w.stale.filter((v) => intrinsic.buffer(v) === w.buffer() && intrinsic.length(v) > 0);
  if (!views.length) return opCall(rng, w);
  const view = rng.pick(views);
  const C = view.constructor;
  const n = intrinsic.length(view);
  const [name, op] = rng.pick(KEEP_LENGTH);
  const data = new C(n);
  const asOut = rng() < 0.7;
  const run = asOut
    ? () => op(w.ops, { data, shape: [n] }, n, { out: view })
    : () => op(w.ops, { data: view, shape: [n] }, n, undefined);
  const tag = asOut ? 'out a stale view of an earlier kept tensor' : 'x.data a stale view of an earlier kept tensor';
  const desc = asOut ? `${name}({${C.name}(${n}), shape [${n}]}, {out: stale ${C.name}(${n}) @${view.byteOffset}})`
    : `${name}({stale ${C.name}(${n}) @${view.byteOffset}, shape [${n}]})`;
  return finishCall({ kind: 'op', spec: { output: 'tensor' } }, desc, [{ tag, rule: 'throw' }], () => run);
}

// The block operations at ranks 8192 to 32768 (one-element tensors): a
// cost that grows with the square of the rank shows as a slow call.
const HIGH_RANK = [
  ['spaceToBatch', (ops, r) => ops.spaceToBatch({ data: new Int8Array(1), shape: ones(r) }, ones(r), zeros(r), zeros(r))],
  ['shapes.spaceToBatch', (ops, r) => ops.shapes.spaceToBatch(ones(r), ones(r), zeros(r), zeros(r))],
  ['batchToSpace', (ops, r) => ops.batchToSpace({ data: new Int8Array(1), shape: ones(r) }, ones(r), zeros(r), zeros(r))],
  ['shapes.batchToSpace', (ops, r) => ops.shapes.batchToSpace(ones(r), ones(r), zeros(r), zeros(r))],
  ['spaceToDepth', (ops, r) => ops.spaceToDepth({ data: new Int8Array(1), shape: ones(r) }, 1)],
  ['depthToSpace', (ops, r) => ops.depthToSpace({ data: new Int8Array(1), shape: ones(r) }, 1)],
];
const ones = (r) => new Array(r).fill(1);
const zeros = (r) => new Array(r).fill(0);

function highRankCall(rng, w) {
  const [name, call] = rng.pick(HIGH_RANK);
  const rank = rng.int(8192, 32768);
  const kind = name.startsWith('shapes.') ? { kind: 'shapes', spec: { output: 'tensor' } } : { kind: 'op', spec: { output: 'tensor' } };
  return finishCall(kind, `${name} of a one-element tensor of rank ${rank}`, [], () => () => call(w.ops, rank));
}

function makeCall(rng, w) {
  const r = rng();
  if (r < 0.61) return opCall(rng, w);
  if (r < 0.76) return shapesCall(rng, w);
  if (r < 0.86) return tensorCall(rng, w);
  if (r < 0.955) return methodCall(rng, w);
  if (r < 0.995) return staleCall(rng, w);
  return highRankCall(rng, w);
}

// ===========================================================================
// Outcomes and the rules.

function outcomeOf(fn) {
  const start = performance.now();
  try {
    const value = fn();
    return { key: 'result', value, ms: performance.now() - start };
  } catch (error) {
    return { key: errorKey(error), error, ms: performance.now() - start };
  }
}

function errorKey(e) {
  if (e instanceof TensorOpsError) return `TensorOpsError ${e.code}`;
  if (e instanceof HostileError) return 'HostileError';
  return `other ${e?.name ?? typeof e}`;
}

const isShape = (s) => Array.isArray(s) && s.every((d) => Number.isInteger(d) && d >= 0);

/** What is wrong with a result's form, or undefined. */
function malformed(call, value) {
  const tensorOk = (t) => {
    if (t instanceof KeptTensor) return isShape([...t.shape]) && t.size === volume(t.shape);
    return t !== null && typeof t === 'object' && isTypedArray(t.data) && isShape(t.shape) &&
      intrinsic.length(t.data) === volume(t.shape);
  };
  if (call.kind === 'op') {
    const ok = call.spec.output === 'tensors' ? Array.isArray(value) && value.every(tensorOk) : tensorOk(value);
    return ok ? undefined : 'a result whose data does not hold its shape\'s elements';
  }
  if (call.kind === 'shapes') {
    const ok = call.spec.output === 'tensors' ? Array.isArray(value) && value.every(isShape) : isShape(value);
    return ok ? undefined : `a shape that is not a list of dims: ${show(value)}`;
  }
  if (call.kind === 'tensor') return tensorOk(value) && value instanceof KeptTensor ? undefined : 'not a kept tensor of its shape';
  return undefined;
}

/** A digest of a result: shapes, dtypes and an FNV-1a hash of the bytes. */
function digest(value) {
  if (Array.isArray(value)) return value.every((v) => typeof v === 'number') ? `[${value}]` : `[${value.map(digest).join(' | ')}]`;
  if (value instanceof KeptTensor) return `${value.dtype} [${value.shape}] ${hash(trueBytes(value.toArray()))}`;
  if (value && isTypedArray(value.data)) return `${value.dtype} [${value.shape}] ${hash(trueBytes(value.data))}`;
  return show(value);
}

function hash(bytes) {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return (h >>> 0).toString(16);
}

/** The clean twin's outcome, digested at once (it may share `out` with nothing, but is disposed). */
function runTwin(call) {
  const o = outcomeOf(call.twin);
  const summary = o.key === 'result' ? digest(o.value) : o.key;
  disposeKept(o.value);
  return { key: o.key, summary, message: o.error?.message };
}

/** The bytes of a result: a tensor, a kept tensor or an array of them (split). */
function resultBytes(value) {
  if (Array.isArray(value)) return value.reduce((n, v) => n + resultBytes(v), 0);
  if (value instanceof KeptTensor) return value.disposed ? 0 : value.size * DTYPES[value.dtype].bytes;
  const data = value?.data;
  return isTypedArray(data) ? intrinsic.length(data) * data.BYTES_PER_ELEMENT : 0;
}

function disposeKept(value) {
  if (value instanceof KeptTensor) value.dispose();
  else if (Array.isArray(value)) value.forEach(disposeKept);
}

/** The problems of one call's outcome under the rules. */
function judge(call, outcome, twin) {
  const problems = [];
  if (outcome.key.startsWith('other')) {
    problems.push({ kind: `non-TensorOpsError ${outcome.error?.name ?? typeof outcome.error}`, detail: firstLine(outcome.error) });
  }
  const bound = CALL_BOUND_MS + (outcome.key === 'result' ? resultBytes(outcome.value) * CALL_BOUND_NS_PER_BYTE * 1e-6 : 0);
  if (outcome.ms > bound) problems.push({ kind: 'slow call', detail: `${Math.round(outcome.ms)} ms (bound ${Math.round(bound)} ms)` });
  if (outcome.key !== 'result') return problems;
  const bad = malformed(call, outcome.value);
  if (bad) problems.push({ kind: 'malformed result', detail: bad });
  if (call.mustThrow) {
    problems.push({ kind: 'accepted what must be refused', detail: `returned a result for: ${call.mustThrow}` });
  } else if (twin) {
    if (twin.key !== 'result') {
      problems.push({ kind: 'differs from the clean call', detail: `returned a result where the clean call throws ${twin.key}: ${twin.message}` });
    } else {
      const got = digest(outcome.value);
      if (got !== twin.summary) problems.push({ kind: 'differs from the clean call', detail: `${got.slice(0, 200)} vs clean ${twin.summary.slice(0, 200)}` });
    }
  }
  return problems;
}

// ===========================================================================
// The child: fuzzes until its time is up, printing one JSON line per event:
// { c: n, d } before call n, { r: n, o, ms } after it, { v } a violation,
// { reload } before loading a fresh module, { finishing }, then { end }.

const emit = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);

async function fuzzChild(seed, seconds) {
  const rng = makeRng(seed);
  const other = { ops: await loadOps(), pool: [] };
  let w = await World.create(other);
  emit({ ready: true });
  const deadline = performance.now() + seconds * 1000;
  let reloads = 0;
  for (let n = 1; performance.now() < deadline; n++) {
    const call = makeCall(rng, w);
    emit({ c: n, d: call.desc });
    const twin = call.twin ? runTwin(call) : undefined;
    const outcome = outcomeOf(call.run);
    emit({ r: n, o: outcome.key, ms: Math.round(outcome.ms * 100) / 100 });
    const problems = judge(call, outcome, twin);
    if (outcome.key === 'result') w.track(outcome.value);
    problems.push(...w.integrity());
    if (problems.length || n % LEAK_CHECK_EVERY === 0) problems.push(...w.leaks());
    for (const p of problems) emit({ v: { n, kind: p.kind, detail: p.detail, desc: call.desc, tags: call.tags } });
    // Any violation may have written where nothing should (an accepted
    // stale view, a misread length): a fresh module, so that a later call
    // does not take the blame.
    if (problems.length) {
      if (++reloads > MAX_RELOADS) {
        emit({ end: { reason: `${MAX_RELOADS} reloads` } });
        process.exit(0);
      }
      emit({ reload: true });
      w = await World.create(other);
    }
  }
  emit({ finishing: true });
  const { problems, memory, baseline } = await w.finish();
  for (const p of problems) emit({ v: { n: 'end', kind: p.kind, detail: p.detail, desc: 'the end-of-run memory check', tags: [] } });
  emit({ end: { reason: 'time', memory, baseline } });
  process.exit(0);
}

// ===========================================================================
// The parent: children until the time is up; statistics and violations.

const self = fileURLToPath(import.meta.url);

function newStats() {
  return { calls: 0, outcomes: {}, slowest: { ms: 0, desc: '' }, children: [], violations: [] };
}

/** Runs one child for `seconds`; folds its lines into stats. */
async function runChild(t, stats, seed, seconds) {
  const child = { seed, calls: 0, last: null, phase: 'loading', end: null, noise: [] };
  stats.children.push(child);
  const before = stats.calls;
  const run = await runNode(['--expose-gc', self], {
    env: { BOUNDARY_FUZZ_CHILD: '1', BOUNDARY_FUZZ_SEED: String(seed), BOUNDARY_FUZZ_SECONDS: String(seconds),
      TENSOR_OPS_TEST_THREADS: String(THREADS) },
    timeout: seconds * 1000 + 60000,
    signal: t.signal,
    onLine(line) {
      let e;
      try {
        e = JSON.parse(line);
      } catch {
        if (child.noise.length < 5) child.noise.push(line.slice(0, 200));
        return WATCHDOG_MS[child.phase];
      }
      if (e.ready) child.phase = 'checks';
      if (e.reload || e.finishing) child.phase = 'loading'; // the longer watchdog
      if (e.c !== undefined) [child.last, child.phase] = [{ n: e.c, desc: e.d }, 'call'];
      if (e.r !== undefined) {
        child.phase = 'checks';
        child.calls = e.r;
        stats.calls = before + e.r;
        stats.outcomes[e.o] = (stats.outcomes[e.o] ?? 0) + 1;
        if (e.ms > stats.slowest.ms) stats.slowest = { ms: e.ms, desc: child.last.desc };
      }
      if (e.v) stats.violations.push({ ...e.v, seed, call: typeof e.v.n === 'number' ? before + e.v.n : 'end' });
      if (e.end) child.end = e.end;
      return WATCHDOG_MS[child.phase];
    },
  });
  if (child.end || t.signal.aborted) return;
  const n = child.last?.n;
  const where = { call: `during call ${n}`, checks: `in the checks after call ${n}`, loading: n === undefined ? 'while loading' : `loading a module or finishing after call ${n}` }[child.phase];
  const kind = !run.timedOut ? 'crash' : child.phase === 'checks' ? 'hang in the checks after the call (heap corrupted)' : 'hang';
  const how = run.timedOut ? `no progress for ${WATCHDOG_MS[child.phase] / 1000} s; killed` : `exit ${run.status ?? run.signal}`;
  stats.violations.push({ seed, call: n === undefined ? '-' : before + n, n, kind, desc: child.last?.desc ?? '',
    detail: `${how} ${where}${run.stderr ? `; stderr: ${run.stderr.trim().split('\n').slice(-3).join(' / ').slice(0, 300)}` : ''}` +
      `${child.noise.length ? `; stdout: ${child.noise.join(' / ')}` : ''}`,
    tags: [] });
}

async function fuzz(t) {
  const stats = newStats();
  const deadline = Date.now() + SECONDS * 1000;
  for (let i = 0; i < MAX_CHILDREN && !t.signal.aborted; i++) {
    const seconds = Math.max(0, (deadline - Date.now()) / 1000);
    if (i > 0 && seconds < 1) break;
    await runChild(t, stats, (SEED + i) >>> 0, Math.round(seconds * 10) / 10);
  }
  return stats;
}

/** Violations grouped by kind and mutation, each with a count and its first call. */
function groups(violations) {
  const by = new Map();
  for (const v of violations) {
    const key = `${v.kind} <- ${v.tags.length ? v.tags.join('; ') : v.desc.slice(0, 120)}`;
    const g = by.get(key) ?? { key, count: 0, first: v };
    g.count++;
    by.set(key, g);
  }
  return [...by.values()];
}

function summary(stats) {
  const errors = {};
  let results = 0;
  let hostile = 0;
  let other = 0;
  for (const [key, n] of Object.entries(stats.outcomes)) {
    if (key === 'result') results += n;
    else if (key === 'HostileError') hostile += n;
    else if (key.startsWith('TensorOpsError')) errors[key.slice(15)] = n;
    else other += n;
  }
  const refusals = Object.values(errors).reduce((a, b) => a + b, 0);
  const codes = Object.entries(errors).sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`).join(', ');
  const byKind = {};
  for (const v of stats.violations) byKind[v.kind] = (byKind[v.kind] ?? 0) + 1;
  return `boundary fuzz (${VARIANT}, seed ${SEED}, ${SECONDS} s, ${stats.children.length} child process(es)): ` +
    `${stats.calls} calls: ${results} results, ${refusals} TensorOpsErrors (${codes}), ${hostile} hostile-getter throws, ` +
    `${other} other errors; slowest call ${stats.slowest.ms} ms: ${stats.slowest.desc.slice(0, 160)}; ` +
    `violations: ${stats.violations.length}${stats.violations.length ? ` (${Object.entries(byKind).map(([k, n]) => `${k} ${n}`).join(', ')})` : ''}`;
}

function failureReport(stats) {
  const lines = groups(stats.violations).slice(0, 40).map((g) => {
    const v = g.first;
    return `  ${g.count}x ${g.key}\n     first at call ${v.call} (child seed ${v.seed}, call ${v.n}): ${v.detail}\n     ${v.desc.slice(0, 300)}`;
  });
  return `${summary(stats)}\nrerun: BOUNDARY_FUZZ_SEED=${SEED} TENSOR_OPS_TEST_THREADS=${THREADS} node --test tests/js/boundary_fuzz.test.mjs\n` +
    `violations by kind and input (first occurrence):\n${lines.join('\n')}`;
}

if (process.env.BOUNDARY_FUZZ_CHILD) {
  await fuzzChild(Number(process.env.BOUNDARY_FUZZ_SEED), Number(process.env.BOUNDARY_FUZZ_SECONDS));
} else {
  test(`boundary fuzz: ${SECONDS} s of hostile calls on ${VARIANT} (seed ${SEED})`, { timeout: SECONDS * 1000 + 180000 }, async (t) => {
    const stats = await fuzz(t);
    t.diagnostic(summary(stats));
    if (stats.violations.length) assert.fail(failureReport(stats));
    assert.ok(stats.calls > 0, 'the fuzz made calls');
  });
}
