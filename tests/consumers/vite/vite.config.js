// The Vite config of a page that uses wasm-tensor-ops. The package needs no
// plugin and no optimizeDeps entry: Vite follows the glue's
// new URL('….wasm', import.meta.url) and new Worker(new URL('….worker.js', import.meta.url)).
// The headers only make the dev server and `vite preview` cross-origin
// isolated, so that the threaded build runs there; production servers need
// the same two headers.
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default {
  server: { headers: isolation },
  preview: { headers: isolation },
  build: { outDir: 'dist', emptyOutDir: true },
};
