// The page's script of the bundler projects (vite/, webpack/; copied in as
// main.js): the package as a bundler user imports it, then every
// operation on the build load() picks (simd-mt on an isolated page, simd-st
// elsewhere) and on the single-threaded one. The result lands in
// window.__result for the test, and on the page for people.
import * as pkg from 'wasm-tensor-ops';
import { exercise } from './exercise.mjs';

const out = document.getElementById('out');

async function main() {
  try {
    const reports = [await exercise(pkg, {}, { large: true }), await exercise(pkg, { threads: 1 })];
    window.__result = { ok: true, crossOriginIsolated: globalThis.crossOriginIsolated === true, reports };
  } catch (error) {
    window.__result = { ok: false, error: String(error?.stack ?? error) };
  }
  out.textContent = JSON.stringify(window.__result, null, 2);
}

main();
