// TensorOpsError and how JavaScript values appear in error messages.

/** The one error type of the package; `code` says which rule was broken. */
export class TensorOpsError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'TensorOpsError';
    this.code = code;
  }
}

export const INVALID_ARGUMENT = 'INVALID_ARGUMENT';
export const SHAPE_MISMATCH = 'SHAPE_MISMATCH';
export const OUT_OF_MEMORY = 'OUT_OF_MEMORY';
export const DISPOSED = 'DISPOSED';

export function invalidArgument(op, what) {
  return new TensorOpsError(INVALID_ARGUMENT, `${op}: ${what}`);
}

// A short, unambiguous rendering of any value: [1, 2], 'NCHW', 3n, null,
// Float32Array(12), an object's constructor name.
export function describe(value, depth = 0) {
  if (typeof value === 'string') return `'${value.length > 40 ? value.slice(0, 40) + '...' : value}'`;
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'symbol') return value.toString();
  if (typeof value === 'function') return `function ${value.name || '(anonymous)'}`;
  if (Array.isArray(value)) {
    if (depth > 1) return '[...]';
    const shown = value.slice(0, 10).map((v) => describe(v, depth + 1));
    return `[${shown.join(', ')}${value.length > 10 ? ', ...' : ''}]`;
  }
  if (ArrayBuffer.isView(value)) {
    const name = value.constructor.name;
    if (value.length !== undefined && value.length <= 10) {
      return `${name} [${Array.from(value, (v) => describe(v, depth + 1)).join(', ')}]`;
    }
    return `${name}(${value.length ?? value.byteLength})`;
  }
  const name = value.constructor && value.constructor.name;
  return name && name !== 'Object' ? `a ${name}` : 'an object';
}
