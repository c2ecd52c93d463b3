// The independent JS references of the operations, one per operation
// (tests/js/ops/<op>/reference.mjs, exporting a function named as the
// operation), gathered by directory: ref[op](shape, ...parameters in the
// table's order) returns { shape, src } (see ops/_shared/reference_kit.mjs)
// or throws a RefError with the code the docs assign.
import { loadEach } from './op_files.mjs';

export { RefError } from './ops/_shared/reference_kit.mjs';

const modules = await loadEach('reference.mjs');

export const ref = Object.freeze(Object.fromEntries(Object.entries(modules).map(([op, m]) => [op, m[op]])));
