// The webpack 5 config of a page that uses wasm-tensor-ops. The package needs
// no loader and no plugin: webpack follows the glue's
// new URL('….wasm', import.meta.url) (an asset) and
// new Worker(new URL('….worker.js', import.meta.url)) (a worker chunk).
// Production servers must send COOP/COEP for the threaded build to run.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

// index.html beside the bundle (what html-webpack-plugin does, in ten lines).
class CopyIndexHtml {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CopyIndexHtml', (compilation) => {
      const stage = Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL;
      compilation.hooks.processAssets.tap({ name: 'CopyIndexHtml', stage }, () => {
        compilation.emitAsset('index.html', new sources.RawSource(readFileSync(here('./index.html'))));
      });
    });
  }
}

export default {
  mode: 'production',
  entry: here('./main.js'),
  output: { path: here('./dist'), clean: true },
  plugins: [new CopyIndexHtml()],
  // The two .wasm files (about 450 kB each) are loaded only when load() runs.
  performance: { assetFilter: (name) => !name.endsWith('.wasm') },
  // Two warnings about Emscripten's pthread worker, both harmless here:
  // its import(e.data.urlOrBlob) is only taken with locateFile, which starts
  // the package's own worker file instead of webpack's copy; and the worker
  // chunk imports the glue that starts it (a cycle of chunks).
  ignoreWarnings: [
    { module: /tensor_ops-simd-mt\.worker\.js$/, message: /the request of a dependency is an expression/ },
    { message: /Circular dependency between chunks with runtime/ },
  ],
};
