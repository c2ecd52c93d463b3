// `vite build` of a consumer project with this repository's Vite (so no
// project downloads its own): node tests/consumers/vite-build.mjs <project>.
// The project's own vite.config.js is read, as the CLI would.
import { build } from 'vite';

const [root] = process.argv.slice(2);
await build({ root, logLevel: 'warn', mode: 'production' });
