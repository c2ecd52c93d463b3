// The declarations for `import` (ES modules: web/node.mjs, web/browser.mjs).
// They are index.d.ts's, re-exported: `export *` passes on every named
// export and never a default one, which the ES modules do not have either,
// so `import pkg from 'wasm-tensor-ops'` is a type error, as it is at run time.
export * from './index.js';
