// One operation's view: its parameters, examples, the input and output
// grids, the links between them and the transition. Every output comes from
// the wasm module; so does the map of where each output element came from,
// which is the same operation run on a tensor holding 0, 1, 2, … (every
// operation here only moves elements, so its output is that map).
import { fly, reducedMotion, stopFlight } from './animate.mjs';
import { inputColours } from './colors.mjs';
import { buildControls, el } from './controls.mjs';
import { MAX_CELLS, TensorGrid, formatValue } from './grid.mjs';
import { drawOrder, formatShape, makeView, planDraw, unravel, volume } from './layout.mjs';

/** The largest tensor the page computes (input or output), in elements. */
export const MAX_ELEMENTS = 2_000_000;

function iota(n, from, ArrayClass) {
  const a = new ArrayClass(n);
  for (let i = 0; i < n; i++) a[i] = i + from;
  return a;
}

function isShape(shape) {
  return Array.isArray(shape) && shape.every((d) => Number.isSafeInteger(d) && d >= 0);
}

function ms(t) {
  return t < 0.1 ? `${(t * 1000).toFixed(0)} µs` : `${t.toFixed(t < 10 ? 2 : 1)} ms`;
}

function count(n) {
  return n.toLocaleString('en-US');
}

/**
 * Builds the view of `op` (operations.mjs) into `panel`. `ops`: the loaded
 * module; `presets`: the op's examples; `onTiming(op, ms)`: after each run.
 */
export function createOpView(panel, op, ops, { presets, TensorOpsError, onTiming }) {
  const prefix = op.id;
  let version = 0;
  let result = null; // the last valid computation: { x, y, prov, params, time }
  let pending = 0;

  // --- the page structure
  const titleId = `${prefix}-title`;
  panel.setAttribute('aria-labelledby', `tab-${prefix}`);
  const head = el('header', { class: 'op-head' },
    el('h2', { id: titleId }, op.title, ' ', el('span', { class: 'spec' }, op.spec)),
    el('p', { class: 'intro', html: op.intro }),
    el('p', { class: 'look' }, op.look));
  const controls = buildControls(op, prefix, () => schedule());
  const presetList = el('div', { class: 'preset-list' });
  for (const [k, p] of presets.entries()) {
    const button = el('button', { type: 'button', class: `preset${p.extra ? ' extra' : ''}`, 'data-preset': String(k) },
      el('span', { class: 'preset-label' }, p.label), el('span', { class: 'preset-note' }, p.note));
    button.addEventListener('click', () => applyPreset(k, button));
    presetList.append(button);
  }
  const presetsBox = el('section', { class: 'side presets', 'aria-labelledby': `${prefix}-presets` },
    el('h3', { id: `${prefix}-presets` }, 'Examples'),
    el('p', { class: 'small' }, 'From the specification documents', el('span', { class: 'extra-key' }, ' (and a few extra, marked +)'), ':'),
    presetList);
  const code = el('code', { class: 'call' });
  const summary = el('p', { class: 'summary', role: 'status', 'aria-live': 'polite', 'data-role': 'summary' });
  const animateButton = el('button', { type: 'button', class: 'animate' }, '▶ Animate');
  const motionNote = el('span', { class: 'small motion-note' });
  animateButton.addEventListener('click', () => animate());

  const inputRoot = el('div', { 'data-tensor': 'input' });
  const outputRoot = el('div', { 'data-tensor': 'output' });
  const inCaption = el('figcaption', {});
  const outCaption = el('figcaption', {});
  const inNote = el('p', { class: 'note' });
  const outNote = el('p', { class: 'note' });
  const tensors = el('div', { class: 'tensors' },
    el('figure', { class: 'tensor tensor-input' }, inCaption, el('div', { class: 'grid-scroll' }, inputRoot), inNote),
    el('div', { class: 'arrow', 'aria-hidden': 'true' }, el('span', {}, op.title), '→'),
    el('figure', { class: 'tensor tensor-output' }, outCaption, el('div', { class: 'grid-scroll' }, outputRoot), outNote));
  const detail = el('p', { class: 'detail', 'aria-live': 'polite', 'data-role': 'detail' });
  const greyKey = el('div', { class: 'swatch-row', hidden: true }, el('span', { class: 'swatch grey', 'aria-hidden': 'true' }),
    el('span', {}, 'Grey: an element of x that is not drawn (x is too large to draw whole); hover it in y to see where it sits.'));
  const legend = el('aside', { class: 'legend', 'aria-label': 'Legend' },
    el('div', { class: 'swatch-row' }, el('span', { class: 'swatch rainbow', 'aria-hidden': 'true' }),
      el('span', {}, 'Colour: where the element sits in the input, in reading order (red → violet; alternate rows a little darker). ' +
        'Each output element keeps the colour of the input element it came from.')),
    el('div', { class: 'swatch-row' }, el('span', { class: 'swatch num', 'aria-hidden': 'true' }, '7'),
      el('span', {}, 'Number: the element’s value (the input holds 1, 2, 3, … unless you type values).')),
    el('div', { class: 'swatch-row' }, el('span', { class: 'swatch ring', 'aria-hidden': 'true' }),
      el('span', {}, 'Point at or focus a cell (Tab into a grid, then the arrow keys; PageUp/PageDown between slices): ' +
        'its source or its copies are outlined on the other side.')),
    greyKey);
  const stage = el('div', { class: 'stage' },
    el('div', { class: 'call-row' }, el('span', { class: 'small' }, 'The call:'), code),
    summary,
    el('div', { class: 'stage-actions' }, animateButton, motionNote),
    tensors, detail, legend);
  panel.append(head, el('div', { class: 'op-layout' }, el('div', { class: 'side side-controls' }, controls.form), stage, presetsBox));

  const inGrid = new TensorGrid(inputRoot, { name: 'x', label: 'Input x', onPoint: (i) => point('input', i) });
  const outGrid = new TensorGrid(outputRoot, { name: 'y', label: 'Output y', onPoint: (i) => point('output', i) });

  // --- computing

  function schedule() {
    if (pending) return;
    pending = requestAnimationFrame(() => {
      pending = 0;
      update();
    });
  }

  function fail(summaryText) {
    panel.dataset.state = 'error';
    summary.dataset.state = 'error';
    summary.textContent = summaryText + (result ? ' The grids show the last valid result.' : '');
    tensors.classList.toggle('stale', Boolean(result));
  }

  // Shows a library error beside the control it names first (and marks
  // the others it names).
  function libraryError(e, fallback) {
    const { at, named } = controls.faultOf(e.message, fallback);
    controls.showError(at, e.message, { code: e.code, also: named });
    const label = controls.fields.get(at).f.label;
    fail(`The library rejected the parameters: ${e.code} at “${label}”.`);
  }

  // The page must survive anything typed: a failure that is not the
  // library's TensorOpsError (a bug) is shown, not left to break the view.
  function update() {
    try {
      compute();
    } catch (e) {
      fail(`Unexpected error: ${e?.message ?? e}.`);
      finish();
    }
  }

  function compute() {
    stopFlight();
    version++;
    controls.clearErrors();
    const { params, errors } = controls.read();
    const mainParam = op.fields[2].name;
    if (errors.size) {
      for (const [name, message] of errors) controls.showError(name, message);
      code.textContent = '…';
      fail('Some text is not a list of numbers (see the marked field).');
      return finish();
    }
    code.textContent = op.code(params);
    const inShape = params.inputShape;
    let outShape;
    try {
      outShape = op.shapeOf(ops, inShape, params);
    } catch (e) {
      if (!(e instanceof TensorOpsError)) throw e;
      libraryError(e, mainParam);
      return finish();
    }
    // Shapes are valid: the only limits left are the page's own.
    const n = volume(inShape);
    const m = volume(outShape);
    if (n > MAX_ELEMENTS || m > MAX_ELEMENTS) {
      const which = n > MAX_ELEMENTS ? 'inputShape' : mainParam;
      controls.showError(which, `${n > MAX_ELEMENTS ? 'the input' : `the output ${formatShape(outShape)}`} would have ` +
        `${count(Math.max(n, m))} elements; this page computes at most ${count(MAX_ELEMENTS)} (the library takes far more).`,
      { tag: 'page limit' });
      fail('Too large for this page.');
      return finish();
    }
    // The provenance map first: the same call on the indices 0 … n-1 (it
    // also warms the call up, so the time below is that of a warm call).
    const x = { data: params.values ? Float64Array.from(params.values) : iota(n, 1, Float64Array), shape: inShape };
    let index;
    let y;
    let time;
    try {
      index = op.run(ops, { data: iota(n, 0, Int32Array), shape: inShape }, params);
      const t0 = performance.now();
      y = op.run(ops, x, params);
      time = performance.now() - t0;
    } catch (e) {
      if (!(e instanceof TensorOpsError)) throw e;
      libraryError(e, 'values');
      return finish();
    }
    result = { x, y, prov: index.data, params };
    onTiming?.(op.id, time);
    panel.dataset.state = 'ok';
    summary.dataset.state = 'ok';
    tensors.classList.remove('stale');
    const { variant, threads } = ops.backend;
    summary.replaceChildren(
      'Output shape ', el('strong', { 'data-role': 'out-shape' }, formatShape(y.shape)), ', computed by the ',
      el('strong', {}, variant), ` build (${threads} thread${threads > 1 ? 's' : ''}) in `,
      el('strong', { 'data-role': 'time' }, ms(time)), '.');
    draw();
    return finish();
  }

  function finish() {
    panel.dataset.version = String(version);
  }

  // --- drawing

  let colourOf = null;
  let copies = null; // input index -> how many output elements hold it

  function draw() {
    if (!result) return;
    const { x, y, prov, params } = result;
    const inView = makeView(x.shape, op.axes(x.shape, params));
    const outView = makeView(y.shape, op.axes(y.shape, params));
    const inPlan = planDraw(inView, MAX_CELLS);
    colourOf = inputColours(drawOrder(inView, inPlan.plan), inPlan.cols);
    copies = null;
    // Side by side when both fit at a readable size, else one above the other.
    const width = tensors.clientWidth || panel.clientWidth || 900;
    const need = (plan) => plan.cols * 27 + 24;
    const sideBySide = need(inPlan) + need(planDraw(outView, MAX_CELLS)) + (width < 500 ? 40 : 110) <= width;
    tensors.classList.toggle('side-by-side', sideBySide);
    const figureWidth = sideBySide ? (width - (width < 500 ? 40 : 110)) / 2 : width;
    const inInfo = inGrid.render({ tensor: x, view: inView, colourOf, width: figureWidth });
    const outInfo = outGrid.render({
      tensor: y, view: outView, colourOf: (j) => colourOf(prov[j]), srcOf: (j) => prov[j], srcShape: x.shape,
      width: figureWidth,
    });
    inCaption.replaceChildren(el('strong', {}, 'Input x'), ' ', el('code', {}, formatShape(x.shape)),
      el('span', { class: 'small' }, ` · ${count(inInfo.total)} element${inInfo.total === 1 ? '' : 's'}`));
    outCaption.replaceChildren(el('strong', {}, 'Output y'), ' ', el('code', {}, formatShape(y.shape)),
      el('span', { class: 'small' }, ` · ${count(outInfo.total)} element${outInfo.total === 1 ? '' : 's'}`));
    const capped = (info) => {
      if (info.drawn >= info.total) return '';
      const slices = info.sliceCount > 1 ? ` (${count(info.slices)} of ${count(info.sliceCount)} slices, as labelled)` : ' (as labelled)';
      return `Showing ${count(info.drawn)} of ${count(info.total)} elements${slices}: the page draws at most ` +
        `${count(MAX_CELLS)} cells per tensor. The library computed all of them.`;
    };
    inNote.textContent = capped(inInfo);
    greyKey.hidden = inInfo.drawn >= inInfo.total;
    outNote.textContent = capped(outInfo);
    detail.textContent = 'Point at or focus a cell to see where it came from or where it went.';
  }

  // --- links between input and output

  let marked = [];
  function mark(cell, cls) {
    if (!cell) return;
    cell.classList.add(cls);
    marked.push([cell, cls]);
  }

  function copiesOf(i) {
    if (!copies) {
      copies = new Int32Array(result.x.data.length);
      for (const src of result.prov) copies[src]++;
    }
    return copies[i];
  }

  function point(side, index) {
    for (const [cell, cls] of marked) cell.classList.remove(cls);
    marked = [];
    if (index === null || !result) {
      detail.textContent = 'Point at or focus a cell to see where it came from or where it went.';
      return;
    }
    const { x, y, prov } = result;
    const at = (i, shape) => formatShape(unravel(i, shape));
    if (side === 'output') {
      const src = prov[index];
      mark(outGrid.cell(index), 'pointed');
      mark(inGrid.cell(src), 'linked');
      const others = [];
      for (const [j, cell] of outGrid.cells) if (j !== index && prov[j] === src) { mark(cell, 'sibling'); others.push(j); }
      const shown = inGrid.cell(src) ? '' : ' (not in the drawn part of x)';
      const n = copiesOf(src);
      detail.textContent = `y${at(index, y.shape)} = ${formatValue(y.data[index])} came from x${at(src, x.shape)}${shown}` +
        (n > 1 ? `, which fills ${count(n)} places of y.` : '.');
    } else {
      mark(inGrid.cell(index), 'pointed');
      const targets = [];
      for (const [j, cell] of outGrid.cells) if (prov[j] === index) { mark(cell, 'linked'); targets.push(j); }
      const n = copiesOf(index);
      const value = formatValue(x.data[index]);
      if (n === 0) detail.textContent = `x${at(index, x.shape)} = ${value} is in no place of y.`;
      else if (n === 1 && targets.length === 1) detail.textContent = `x${at(index, x.shape)} = ${value} went to y${at(targets[0], y.shape)}.`;
      else {
        const list = targets.slice(0, 4).map((j) => `y${at(j, y.shape)}`).join(', ');
        const more = n - Math.min(4, targets.length);
        detail.textContent = `x${at(index, x.shape)} = ${value} went to ${count(n)} place${n > 1 ? 's' : ''}` +
          (targets.length ? `: ${list}${more > 0 ? ` and ${count(more)} more` : ''}` : ' (none in the drawn part of y)') + '.';
      }
    }
  }

  // --- the transition

  function animate() {
    if (!result) return Promise.resolve(0);
    if (reducedMotion()) {
      motionNote.textContent = 'Your system asks for reduced motion, so the elements do not fly.';
      return Promise.resolve(0);
    }
    motionNote.textContent = '';
    const pairs = [];
    for (const [j, to] of outGrid.cells) {
      const from = inGrid.cell(result.prov[j]);
      if (from) pairs.push({ from, to });
    }
    return fly(pairs, {
      onStart: () => { panel.dataset.animating = 'true'; },
      onEnd: () => { delete panel.dataset.animating; },
    });
  }

  function applyPreset(k, button) {
    const p = presets[k];
    controls.set({ ...op.defaults, ...p.set });
    controls.lastEdited = null;
    for (const b of presetList.querySelectorAll('.preset')) b.removeAttribute('aria-current');
    button?.setAttribute('aria-current', 'true');
    update();
    if (panel.dataset.state === 'ok') animate();
  }

  controls.set(op.defaults);
  let shown = false;
  let resizeTimer = 0;
  addEventListener('resize', () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => { if (!panel.hidden) draw(); }, 150);
  });
  return {
    show() {
      motionNote.textContent = reducedMotion() ? 'Reduced motion is on: the elements do not fly.' : '';
      if (!shown) {
        shown = true;
        update();
        if (panel.dataset.state === 'ok') requestAnimationFrame(() => animate());
      } else {
        draw();
      }
    },
    update,
    animate,
    applyPreset,
  };
}
