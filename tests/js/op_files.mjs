// Each operation's test material lives in a folder of its own,
// tests/js/ops/<op>/ (the op's JS name): its reference, samples, bad inputs
// and the demo explainer's random calls. Suites find it by reading that
// directory, so adding an operation adds a folder and edits no shared list.
// Folders whose name starts with '_' hold helpers that families share.
import { existsSync, readdirSync } from 'node:fs';

const root = new URL('./ops/', import.meta.url);

/** The operations that have a folder, sorted by name. */
export const OP_FOLDERS = readdirSync(root, { withFileTypes: true })
  .filter((e) => e.isDirectory() && !e.name.startsWith('_'))
  .map((e) => e.name)
  .sort();

/** { op: module } of tests/js/ops/<op>/<file>, for every folder that has that file. */
export async function loadEach(file) {
  const modules = {};
  for (const op of OP_FOLDERS) {
    const url = new URL(`${op}/${file}`, root);
    if (existsSync(url)) modules[op] = await import(url);
  }
  return modules;
}
