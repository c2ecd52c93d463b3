// The demo page: loads the package's wasm module (the threaded build on a
// cross-origin isolated page, else the single-threaded one), says which
// build runs, and switches between the views of the operations.
import { TensorOpsError, load } from '../web/browser.mjs';
import { createOpView } from './op_view.mjs';
import { OPERATIONS } from './operations.mjs';
import { createPictureView } from './picture.mjs';
import { PRESETS } from './presets.mjs';

const statusLine = document.getElementById('backend');
const timingsLine = document.getElementById('timings');
const tabs = [...document.querySelectorAll('[role="tab"]')];
const ids = tabs.map((t) => t.id.slice('tab-'.length));

function describeBackend({ variant, threads }) {
  statusLine.dataset.state = 'ready';
  statusLine.dataset.variant = variant;
  statusLine.dataset.threads = String(threads);
  const badge = document.createElement('span');
  badge.className = `badge ${variant}`;
  badge.textContent = variant;
  let why;
  if (variant === 'simd-mt') {
    why = ' — this page is cross-origin isolated, so the threaded WebAssembly build (SIMD + threads) runs.';
  } else if (globalThis.crossOriginIsolated) {
    why = ' — the threaded build could not start here, so the single-threaded build (SIMD) runs.';
  } else {
    why = ' — this page is not cross-origin isolated (it was served without the COOP/COEP headers), so the ' +
      'single-threaded build (SIMD) runs. npm start serves it with them.';
  }
  const count = document.createElement('strong');
  count.textContent = `${threads} thread${threads > 1 ? 's' : ''}`;
  statusLine.replaceChildren('Running ', badge, ' with ', count, why);
}

const lastTimes = new Map();
function onTiming(op, ms) {
  lastTimes.set(op, ms);
  const parts = [...lastTimes].map(([name, t]) => `${name} ${t < 0.1 ? `${(t * 1000).toFixed(0)} µs` : `${t.toFixed(2)} ms`}`);
  timingsLine.textContent = `Last run of each operation: ${parts.join(' · ')}`;
}

async function main() {
  let ops;
  try {
    ops = await load();
  } catch (error) {
    statusLine.dataset.state = 'failed';
    statusLine.textContent = `The WebAssembly module could not be loaded: ${error.message ?? error}`;
    return;
  }
  describeBackend(ops.backend);

  const views = new Map();
  function view(id) {
    if (!views.has(id)) {
      const panel = document.getElementById(`panel-${id}`);
      const op = OPERATIONS.find((o) => o.id === id);
      views.set(id, op
        ? createOpView(panel, op, ops, { presets: PRESETS[id], TensorOpsError, onTiming })
        : createPictureView(panel, ops, { TensorOpsError, onTiming }));
    }
    return views.get(id);
  }

  function select(id, { focus = false, push = true } = {}) {
    if (!ids.includes(id)) id = ids[0];
    for (const tab of tabs) {
      const on = tab.id === `tab-${id}`;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      document.getElementById(tab.getAttribute('aria-controls')).hidden = !on;
      if (on && focus) tab.focus();
    }
    if (push && location.hash !== `#${id}`) history.replaceState(null, '', `#${id}`);
    view(id).show();
  }

  for (const [k, tab] of tabs.entries()) {
    tab.addEventListener('click', () => select(ids[k]));
    tab.addEventListener('keydown', (e) => {
      let next = -1;
      if (e.key === 'ArrowRight') next = (k + 1) % tabs.length;
      else if (e.key === 'ArrowLeft') next = (k - 1 + tabs.length) % tabs.length;
      else if (e.key === 'Home') next = 0;
      else if (e.key === 'End') next = tabs.length - 1;
      if (next < 0) return;
      e.preventDefault();
      select(ids[next], { focus: true });
    });
  }
  addEventListener('hashchange', () => select(location.hash.slice(1), { push: false }));
  select(location.hash.slice(1) || ids[0], { push: false });
  document.body.dataset.ready = 'true';
}

main();
