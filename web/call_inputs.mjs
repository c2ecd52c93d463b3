// What a call is given, read in order before anything is written: its
// inputs (x, a list of tensors, or named inputs of their own dtypes, where
// plain numbers may stand for one-element tensors) and its `out` arrays.
// A kept tensor of another module (another load()) is brought into this one.
import { DTYPES } from './dtypes.mjs';
import { elementBits } from './element_value.mjs';
import { describe, invalidArgument } from './errors.mjs';
import { readOut, readTensor } from './tensor_input.mjs';

// A plain number given for a named input (where's a or b): a one-element
// tensor of the data inputs' dtype, its bits as elementBits gives them,
// read as an input. The last one made is kept: a loop of where(mask, x, 0)
// converts and reads its 0 once. (What readTensor returns for an array of
// our own depends on no module, and the call never changes it.)
const NUMBER_BITS = new BigUint64Array(1);
let lastNumber = { v: undefined, dtype: undefined, input: null };
function numberInput(rt, op, name, v, dtype) {
  if (lastNumber.dtype === dtype && Object.is(lastNumber.v, v)) return lastNumber.input;
  NUMBER_BITS[0] = BigInt.asUintN(64, elementBits(op, name, v, dtype));
  const { arrays, bytes } = DTYPES[dtype];
  const data = new arrays[0](1);
  new Uint8Array(data.buffer).set(new Uint8Array(NUMBER_BITS.buffer, 0, bytes));
  const input = readTensor(rt, op, { data, shape: [], dtype }, name);
  lastNumber = { v, dtype, input };
  return input;
}

const isNumber = (v) => typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean';

/** The readers of runtime `rt`; `toLocal(kept)` copies a kept tensor of another module into this one. */
export function createCallInputs(rt, toLocal) {
  // A kept tensor of another module, brought into this one for the call.
  function readLocal(op, kept, name, temps) {
    const local = toLocal(kept);
    temps.push(local);
    return readTensor(rt, op, local, name);
  }

  // The inputs: x, the list of tensors, or the named inputs. A kept tensor
  // of another module (another load()) is brought into this one first, as
  // ops.tensor() would.
  // `temps` gets the tensors brought in, for the caller to dispose.
  function readInputs(op, spec, input, temps) {
    if (spec.input === 'named') return readNamed(op, spec, input, temps);
    const list = spec.input === 'tensors';
    if (list && !Array.isArray(input)) {
      throw invalidArgument(op, `tensors must be an array of tensors, got ${describe(input)}`);
    }
    const n = list ? input.length : 1; // read once: a Proxy may answer differently each time
    const ts = new Array(n);
    for (let k = 0; k < n; k++) {
      const name = list ? `tensors[${k}]` : spec.inputName ?? 'x'; // (a single input may have a name of its own)
      ts[k] = readTensor(rt, op, list ? input[k] : input, name);
      if (ts[k].kept !== null && ts[k].storage.runtime !== rt) ts[k] = readLocal(op, ts[k].kept, name, temps);
      if (k > 0 && ts[k].dtype !== ts[0].dtype) {
        throw invalidArgument(op, `${name}.dtype '${ts[k].dtype}' differs from tensors[0].dtype '${ts[0].dtype}'; the tensors must have one dtype`);
      }
    }
    return ts;
  }

  // Named inputs (an array, one per name): tensors, or plain numbers where
  // the spec allows, made tensors of the data inputs' dtype (the first
  // data tensor's). Their dtypes are checked by the core.
  function readNamed(op, spec, input, temps) {
    const names = spec.inputs;
    const ts = new Array(names.length);
    let dtype;
    for (let k = 0; k < names.length; k++) {
      const x = input[k];
      if (names[k].number && isNumber(x)) continue;
      ts[k] = readTensor(rt, op, x, names[k].name);
      if (ts[k].kept !== null && ts[k].storage.runtime !== rt) ts[k] = readLocal(op, ts[k].kept, names[k].name, temps);
      if (names[k].kind === 'data') dtype ??= ts[k].dtype;
    }
    for (let k = 0; k < names.length; k++) {
      if (ts[k] !== undefined) continue;
      if (dtype === undefined) {
        const numbers = names.flatMap((n, j) => (n.number ? [`${n.name} ${describe(input[j])}`] : [])).join(' and ');
        throw invalidArgument(op, `${numbers} are plain numbers; one at least must be a tensor (the result takes its dtype)`);
      }
      ts[k] = numberInput(rt, op, names[k].name, input[k], dtype);
    }
    return ts;
  }

  // `out`: one typed array, or for several outputs an array of them.
  function readOuts(op, out, several, ArrayClass, what) {
    if (!several) return [readOut(rt, op, 'out', out, ArrayClass, what)];
    if (!Array.isArray(out)) {
      throw invalidArgument(op, `out must be an array of ${ArrayClass ? `${ArrayClass.name}s` : 'typed arrays'}, one per output, got ${describe(out)}`);
    }
    const n = out.length;
    const outs = new Array(n);
    for (let k = 0; k < n; k++) outs[k] = readOut(rt, op, `out[${k}]`, out[k], ArrayClass, what);
    return outs;
  }

  return { readInputs, readOuts };
}
