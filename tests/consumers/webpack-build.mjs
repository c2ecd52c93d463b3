// A production build of a consumer project with this repository's webpack
// (so no project downloads its own): node tests/consumers/webpack-build.mjs <project>.
// The project's webpack.config.js is read, as webpack-cli would. Any error
// or warning the config does not ignore fails the build. The last line of
// stdout is JSON: the emitted files, and the files of the chunk that holds
// the package's pthread worker.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import webpack from 'webpack';

const root = path.resolve(process.argv[2]);
const { default: config } = await import(pathToFileURL(path.join(root, 'webpack.config.js')).href);
const stats = await new Promise((resolve, reject) => {
  webpack({ context: root, ...config }, (error, result) => (error ? reject(error) : resolve(result)));
});
const info = stats.toJson({ all: false, errors: true, warnings: true, chunks: true, chunkModules: true });
for (const w of info.warnings) console.error(`warning: ${w.moduleName ?? ''} ${w.message}`);
for (const e of info.errors) console.error(`error: ${e.moduleName ?? ''} ${e.message}`);
if (info.errors.length > 0 || info.warnings.length > 0) process.exit(1);

const WORKER = /wasm-tensor-ops\/dist\/web\/tensor_ops-simd-mt\.worker\.js$/;
const workerFiles = info.chunks
  .filter((chunk) => chunk.modules.some((m) => WORKER.test(m.name ?? '')))
  .flatMap((chunk) => chunk.files);
const assets = stats.compilation.getAssets().map((a) => a.name);
console.log(JSON.stringify({ assets, workerFiles }));
