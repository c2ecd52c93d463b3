// The package test page: loads the package as a browser app would (load()
// picks the build), then, when the driver calls window.packagePage.run(),
// fetches the cases computed in Node (cases.json) and checks every one here:
// each operation on each dtype plainly, on kept tensors (then disposed), into
// `out`; a large result copied out as the pool makes it; each error call's
// TensorOpsError; the memory back at its baseline.
// It reports { checks, failures } for the driver to assert on.
import { KeptTensor, TensorOpsError, load } from '../../../web/browser.mjs';
import { decode } from './wire.mjs';

const status = document.getElementById('status');
const ops = await load();

/**
 * ops[name](x, ...positional parameters, options), parameters keyed by name
 * as in the table; for named inputs (where) `x` is the array of them.
 */
function callOp(name, x, args, extraOptions = {}) {
  const spec = ops.operations.find((o) => o.name === name);
  const positional = spec.params.filter((p) => !p.option).map((p) => args[p.name]);
  const options = { ...extraOptions };
  for (const p of spec.params) if (p.option && args[p.name] != null) options[p.name] = args[p.name];
  return spec.input === 'named' ? ops[name](...x, ...positional, options) : ops[name](x, ...positional, options);
}

const bytes = (a) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
function sameBytes(a, b) {
  if (a.constructor !== b.constructor || a.length !== b.length) return false;
  const x = bytes(a);
  const y = bytes(b);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}
// A NaN computed by arithmetic has the engine's sign and payload
// (WebAssembly leaves them open: JavaScriptCore and V8 differ), so for a
// computed result two NaNs of a float dtype are the same element.
const NAN_BITS = { float16: [0x7c00, 0x3ff], bfloat16: [0x7f80, 0x7f] };
function isNaNAt(a, i, dtype) {
  const bits = NAN_BITS[dtype];
  if (bits) return (a[i] & bits[0]) === bits[0] && (a[i] & bits[1]) !== 0;
  return (dtype === 'float32' || dtype === 'float64') && Number.isNaN(a[i]);
}
function sameElements(a, b, dtype) {
  if (sameBytes(a, b)) return true;
  if (a.constructor !== b.constructor || a.length !== b.length) return false;
  const x = bytes(a);
  const y = bytes(b);
  const w = a.BYTES_PER_ELEMENT;
  for (let i = 0; i < a.length; i++) {
    if (isNaNAt(a, i, dtype) && isNaNAt(b, i, dtype)) continue;
    for (let k = i * w; k < (i + 1) * w; k++) if (x[k] !== y[k]) return false;
  }
  return true;
}
const describeArray = (a) => `${a?.constructor?.name}(${a?.length})`;

function checker() {
  let checks = 0;
  const failures = [];
  return {
    check(ok, what) {
      checks++;
      if (!ok && failures.length < 50) failures.push(what);
    },
    report: () => ({ checks, failures }),
  };
}

function runCall(call, { check }) {
  const { op, dtype, label, inputs, args, outputs, computed } = call;
  const spec = ops.operations.find((o) => o.name === op);
  const several = spec.input !== 'tensor';
  const untouched = inputs.map((x) => x.data.slice());
  const compare = (results, how) => {
    check(results.length === outputs.length, `${label} (${how}): ${results.length} outputs, expected ${outputs.length}`);
    outputs.forEach((want, k) => {
      const r = results[k];
      const data = r instanceof KeptTensor ? r.toArray() : r.data;
      check(r.dtype === want.dtype, `${label} (${how}): dtype ${r.dtype}, expected ${want.dtype}`);
      check(JSON.stringify(r.shape) === JSON.stringify(want.shape), `${label} (${how}): shape [${r.shape}], expected [${want.shape}]`);
      check(computed ? sameElements(data, want.data, want.dtype) : sameBytes(data, want.data), `${label} (${how}): data ${describeArray(data)} differs from Node's ${describeArray(want.data)}`);
    });
  };
  const asArray = (r) => (spec.output === 'tensors' ? r : [r]);
  // (Named inputs carry their own dtypes: where's condition is bool.)
  const plain = inputs.map((x) => ({ data: x.data, shape: x.shape, dtype: x.dtype ?? dtype }));

  // Plain tensors in, plain results out; the inputs left untouched.
  compare(asArray(callOp(op, several ? plain : plain[0], args)), 'plain');
  inputs.forEach((x, k) => check(sameBytes(x.data, untouched[k]), `${label}: input ${k} was changed`));

  // Kept tensors: kept results, the same values; disposed, they are refused.
  const kept = plain.map((x) => ops.tensor(x.data, x.shape, x.dtype));
  const keptResults = asArray(callOp(op, several ? kept : kept[0], args));
  check(keptResults.every((r) => r instanceof KeptTensor), `${label} (kept): results are kept tensors`);
  compare(keptResults, 'kept');
  for (const t of [...keptResults, ...kept]) t.dispose();
  let disposedError;
  try {
    callOp(op, several ? kept : kept[0], args);
  } catch (error) {
    disposedError = error;
  }
  check(disposedError instanceof TensorOpsError && disposedError.code === 'DISPOSED',
    `${label}: a disposed input gives ${disposedError?.code ?? 'no error'}, expected DISPOSED`);

  // `out`: the result written into the caller's arrays.
  const outs = outputs.map((want) => new want.data.constructor(want.data.length));
  const intoOut = asArray(callOp(op, several ? plain : plain[0], args, { out: spec.output === 'tensors' ? outs : outs[0] }));
  intoOut.forEach((r, k) => check(r.data === outs[k], `${label} (out): result.data is out ${k}`));
  compare(intoOut, 'out');
}

function runError({ label, op, input, args, options, error: want }, { check }) {
  let error;
  try {
    callOp(op, ops.operations.find((o) => o.name === op).input === 'tensor' ? input : [input], args, options);
  } catch (e) {
    error = e;
  }
  check(error instanceof TensorOpsError && error instanceof Error, `${label}: threw ${error}, expected a TensorOpsError`);
  check(error?.code === want.code, `${label}: code ${error?.code}, expected ${want.code}`);
  check(error?.message === want.message, `${label}: message '${error?.message}', expected '${want.message}'`);
}

// A large plain result of a threaded call is copied out band by band from
// inside the pool's job (the core calls into JavaScript on this thread):
// fromImage of a 640 x 640 frame, into a new array and into `out`, against
// the rule's values computed here.
function runStreamed({ check }) {
  const H = 640;
  const W = 640;
  const frame = Uint8Array.from({ length: H * W * 4 }, (_, i) => (i * 2654435761) % 251);
  const S = Math.fround(1 / 255);
  const want = new Float32Array(3 * H * W);
  for (let c = 0; c < 3; c++) for (let i = 0; i < H * W; i++) want[c * H * W + i] = Math.fround(frame[4 * i + c] * S);
  const out = new Float32Array(3 * H * W);
  const image = { data: frame, width: W, height: H };
  check(sameBytes(ops.fromImage(image).data, want), 'fromImage 640 x 640 (a new array): values differ from the rule\'s');
  check(ops.fromImage(image, { out }).data === out && sameBytes(out, want), 'fromImage 640 x 640 (out): values differ from the rule\'s');
}

async function run(url) {
  const cases = decode(await (await fetch(url)).json());
  const c = checker();
  const baseline = ops.memory();
  const memoryBack = (when) => {
    const now = ops.memory();
    c.check(now.keptTensors === 0 && now.keptBytes === 0, `${when}: ${now.keptTensors} kept tensors (${now.keptBytes} bytes) left`);
    c.check(now.heapBytes === baseline.heapBytes, `${when}: heapBytes ${now.heapBytes}, baseline ${baseline.heapBytes}`);
  };
  for (const call of cases.calls) {
    try {
      runCall(call, c);
    } catch (error) {
      c.check(false, `${call.label}: threw ${error?.stack ?? error}`);
    }
  }
  try {
    runStreamed(c);
  } catch (error) {
    c.check(false, `fromImage 640 x 640: threw ${error?.stack ?? error}`);
  }
  memoryBack('after every call');
  for (const e of cases.errors) runError(e, c);
  memoryBack('after every error');
  status.textContent = 'Done.';
  return {
    ...c.report(), calls: cases.calls.length, errors: cases.errors.length,
    operations: [...new Set(cases.calls.map((k) => k.op))], dtypes: [...new Set(cases.calls.map((k) => k.dtype))],
  };
}

window.packagePage = {
  backend: { ...ops.backend },
  crossOriginIsolated: globalThis.crossOriginIsolated === true,
  sharedArrayBuffer: typeof SharedArrayBuffer === 'function',
  hardwareConcurrency: navigator.hardwareConcurrency,
  run,
};
status.textContent = `Loaded: ${ops.backend.variant} with ${ops.backend.threads} threads.`;
