// TensorOpsError and how JavaScript values appear in error messages.
import { typedArrayFacts } from './typed_arrays.mjs';

/** The one error type of the package; `code` says which rule was broken. */
export class TensorOpsError extends Error {
  constructor(code, message, options) {
    super(message, options);
    this.name = 'TensorOpsError';
    this.code = code;
  }
}

export const INVALID_ARGUMENT = 'INVALID_ARGUMENT';
export const SHAPE_MISMATCH = 'SHAPE_MISMATCH';
export const OUT_OF_MEMORY = 'OUT_OF_MEMORY';
export const DISPOSED = 'DISPOSED';
export const LOAD_FAILED = 'LOAD_FAILED';

/**
 * LOAD_FAILED: the wasm module of `variant` could not be had or started
 * from `from` (wasmBinary, or a file or URL); `cause` is the underlying
 * error, `printed` what the glue printed meanwhile.
 */
export function loadFailed(variant, from, cause, printed = []) {
  if (cause instanceof TensorOpsError) return cause;
  const why = cause instanceof Error ? cause.message : String(cause);
  const more = printed.length > 0 ? ` (${printed.join('; ')})` : '';
  return new TensorOpsError(LOAD_FAILED, `load: the ${variant} build could not be loaded from ${from}: ${why}${more}`, { cause });
}

export function invalidArgument(op, what) {
  return new TensorOpsError(INVALID_ARGUMENT, `${op}: ${what}`);
}

// A short, unambiguous rendering of any value: [1, 2], 'NCHW', 3n, null,
// Float32Array(12), an object's constructor name. It never throws, whatever
// the value's getters or traps do: an error message must not fail.
export function describe(value, depth = 0) {
  try {
    return describeValue(value, depth);
  } catch {
    return 'a value that cannot be inspected';
  }
}

function describeValue(value, depth) {
  if (typeof value === 'string') return `'${value.length > 40 ? value.slice(0, 40) + '...' : value}'`;
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'symbol') return value.toString();
  if (typeof value === 'function') return `function ${value.name || '(anonymous)'}`;
  const facts = typedArrayFacts(value);
  if (facts !== undefined) {
    if (facts.length > 10) return `${facts.name}(${facts.length})`;
    const own = new facts.Class(facts.buffer, facts.byteOffset, facts.length); // not the caller's getters
    return `${facts.name} [${Array.from(own, (v) => describe(v, depth + 1)).join(', ')}]`;
  }
  if (Array.isArray(value)) {
    if (depth > 1) return '[...]';
    const n = value.length;
    const shown = [];
    for (let i = 0; i < Math.min(n, 10); i++) shown.push(describe(value[i], depth + 1));
    return `[${shown.join(', ')}${n > 10 ? ', ...' : ''}]`;
  }
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name}`;
  const name = value.constructor && value.constructor.name;
  return typeof name === 'string' && name && name !== 'Object' ? `a ${name}` : 'an object';
}

/** 'a Uint8Array', 'an Int32Array': a name with its article. */
export function withArticle(name) {
  return `${/^[AEIO]/.test(name) ? 'an' : 'a'} ${name}`; // (a Uint8Array: 'you-int')
}
