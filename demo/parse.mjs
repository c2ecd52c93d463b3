// What the user types, turned into the numbers the library takes. Only the
// syntax is judged here (is this a list of numbers?); whether the numbers
// are valid for an operation is left to the library, which says why not.

/** An error of the page's own (text that is not numbers), not the library's. */
export class ParseError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ParseError';
  }
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const INTEGER = /^[+-]?\d+$/;

// One token as a number; whole numbers beyond 2^53 as bigints, so that the
// library (not a rounding here) decides what to make of them.
function token(text, example) {
  if (!NUMBER.test(text)) {
    throw new ParseError(`'${text.length > 20 ? text.slice(0, 20) + '…' : text}' is not a number; ` +
      `type numbers separated by commas, e.g. ${example}`);
  }
  if (INTEGER.test(text) && !Number.isSafeInteger(Number(text))) return BigInt(text);
  return Number(text);
}

/**
 * Parses '2, -1', '[2, -1]', '2 -1' or '' (an empty list).
 * With `scalar`, a lone number without brackets stays a number ('1' -> 1,
 * '[1]' -> [1]), as the library distinguishes a scalar from a 1-D list.
 */
export function parseList(text, { scalar = false, example = '2, -1' } = {}) {
  let s = String(text).trim();
  const bracketed = /^[[(]/.test(s);
  if (bracketed) {
    if (!/^\[.*\]$|^\(.*\)$/s.test(s)) throw new ParseError(`unbalanced brackets; type e.g. [${example}]`);
    s = s.slice(1, -1).trim();
  }
  if (/[[\]()]/.test(s)) throw new ParseError(`one flat list of numbers, please, e.g. [${example}]`);
  if (s === '') return [];
  const parts = s.split(/\s*,\s*|\s+/);
  if (parts.some((p) => p === '')) throw new ParseError(`an empty item between commas; type e.g. ${example}`);
  const values = parts.map((p) => token(p, example));
  if (scalar && !bracketed && values.length === 1) return values[0];
  return values;
}

/** One number ('2' -> 2); brackets give a list, which the library judges. */
export function parseScalar(text, { example = '2' } = {}) {
  const s = String(text).trim();
  if (s === '') throw new ParseError(`type a number, e.g. ${example}`);
  return parseList(s, { scalar: true, example });
}

/** A list, or undefined when left empty (an optional parameter not given). */
export function parseOptionalList(text, options) {
  return String(text).trim() === '' ? undefined : parseList(text, options);
}

/** A list or a lone number ('1' -> 1) as roll's shift and axes take. */
export function parseListOrScalar(text, { example = '1, 2' } = {}) {
  const s = String(text).trim();
  if (s === '') return [];
  return parseList(s, { scalar: true, example });
}

/** How a list is written back into a text field: '2, -1'. */
export function formatList(value) {
  if (value === undefined) return '';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** One number, or undefined when left empty (an optional scalar such as pad's value). */
export function parseOptionalScalar(text, options) {
  return String(text).trim() === '' ? undefined : parseScalar(text, options);
}

/** Several shapes separated by semicolons: '2, 2; 2, 3' -> [[2, 2], [2, 3]] ('' and '[]' are scalars). */
export function parseShapes(text, { example = '2, 2; 2, 3' } = {}) {
  const s = String(text).trim();
  if (s === '') throw new ParseError(`type one shape per input, separated by semicolons, e.g. ${example}`);
  return s.split(';').map((part) => parseList(part, { example }));
}

/** How a list of shapes is written back into a text field. */
export function formatShapes(shapes) {
  return shapes.map((s) => s.join(', ')).join('; ');
}
