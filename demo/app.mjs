// The demo page: loads the package's wasm module (the threaded build on a
// cross-origin isolated page, else the single-threaded one), says which
// build runs, and switches between the views: one tab per operation (from
// the descriptions in operations.mjs), then the pictures. A view's state
// lives in the URL's hash (#pad?mode=wrap&padsBegin=1, 1), so a link
// reproduces it.
import { TensorOpsError, load } from '../web/browser.mjs';
import { explain } from './explain/index.mjs';
import { createImagesView } from './images_view.mjs';
import { ms } from './numbers.mjs';
import { createOpView } from './op_view.mjs';
import { OPERATIONS } from './operations.mjs';
import { createPictureView } from './picture.mjs';
import { createPipelineView } from './pipeline.mjs';
import { PRESETS } from './presets.mjs';
import { TYPED_OPERATIONS } from './typed_operations.mjs';
import { createTypedView } from './typed_view.mjs';

const statusLine = document.getElementById('backend');
const timingsLine = document.getElementById('timings');
const VIEWS = [
  ...OPERATIONS.map((op) => ({ id: op.id, title: op.title })), ...TYPED_OPERATIONS.map((op) => ({ id: op.id, title: op.title })),
  { id: 'pipeline', title: 'Pipeline' }, { id: 'images', title: 'Images' }, { id: 'pictures', title: 'Pictures' },
];
const tabList = document.querySelector('[role="tablist"]');
const mainElement = document.getElementById('main');
for (const { id, title } of VIEWS) {
  const tab = document.createElement('button');
  Object.assign(tab, { type: 'button', id: `tab-${id}`, tabIndex: -1, textContent: title });
  tab.setAttribute('role', 'tab');
  tab.setAttribute('aria-controls', `panel-${id}`);
  tab.setAttribute('aria-selected', 'false');
  tabList.append(tab);
  const panel = document.createElement('section');
  Object.assign(panel, { className: 'panel', id: `panel-${id}`, hidden: true });
  panel.setAttribute('role', 'tabpanel');
  mainElement.append(panel);
}
const tabs = [...tabList.querySelectorAll('[role="tab"]')];
const ids = VIEWS.map((v) => v.id);

/** '#pad?mode=wrap' -> { id: 'pad', texts: { mode: 'wrap' } }. */
function readHash(hash) {
  const [id, query = ''] = hash.replace(/^#/, '').split('?');
  return { id, texts: Object.fromEntries(new URLSearchParams(query)) };
}

/** The hash of view `id` whose form holds `texts`: only what differs from the defaults. */
function hashOf(id, texts, defaults) {
  const query = new URLSearchParams();
  for (const [name, text] of Object.entries(texts)) {
    if (String(text) !== String(defaults[name] ?? '')) query.set(name, String(text));
  }
  const q = query.toString();
  return `#${id}${q ? `?${q}` : ''}`;
}

function describeBackend({ variant, threads, reason }) {
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
    // The library says why (e.g. the browser hides SharedArrayBuffer).
    why = ` — the single-threaded build (SIMD) runs: ${reason ?? 'the threaded build could not start here'}.`;
  } else {
    why = ' — this page is not cross-origin isolated (it was served without the COOP/COEP headers), so the ' +
      'single-threaded build (SIMD) runs. npm start serves it with them.';
  }
  const count = document.createElement('strong');
  count.textContent = `${threads} thread${threads > 1 ? 's' : ''}`;
  statusLine.replaceChildren('Running ', badge, ' with ', count, why);
}

const lastTimes = new Map();
function onTiming(op, time) {
  lastTimes.set(op, time);
  const parts = [...lastTimes].map(([name, t]) => `${name} ${ms(t)}`);
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
      const op = OPERATIONS.find((o) => o.id === id) ?? TYPED_OPERATIONS.find((o) => o.id === id);
      const onState = (texts) => {
        const hash = hashOf(id, texts, op.defaults);
        if (!panel.hidden && location.hash !== hash) history.replaceState(null, '', hash);
      };
      const other = { pipeline: createPipelineView, images: createImagesView }[id] ?? createPictureView;
      const make = op?.typed ? createTypedView : createOpView;
      views.set(id, op
        ? make(panel, op, ops, { presets: PRESETS[id] ?? op.presets ?? [], TensorOpsError, onTiming, onState, explain })
        : other(panel, ops, { TensorOpsError, onTiming }));
    }
    return views.get(id);
  }

  function select(id, { focus = false, push = true, texts } = {}) {
    if (!ids.includes(id)) id = ids[0];
    for (const tab of tabs) {
      const on = tab.id === `tab-${id}`;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      document.getElementById(tab.getAttribute('aria-controls')).hidden = !on;
      if (on && focus) tab.focus();
    }
    if (push && readHash(location.hash).id !== id) history.replaceState(null, '', `#${id}`);
    if (texts && Object.keys(texts).length) view(id).restore?.(texts);
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
  const fromHash = () => {
    const { id, texts } = readHash(location.hash);
    select(id || ids[0], { push: false, texts });
  };
  addEventListener('hashchange', fromHash);
  fromHash();
  document.body.dataset.ready = 'true';
}

main();
