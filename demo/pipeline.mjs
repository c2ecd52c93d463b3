// The pipeline view: a source tensor (a typed shape, or one of the page's
// pictures as RGBA) goes through a chain of operations; each stage shows its
// parameters, the library's error beside the field it names, its output
// (a grid, or a picture when it is an image) and its time. Where each
// element came from is followed through every stage: the whole chain runs a
// second time on 1, 2, 3, … (int32), so an output element's colour is that of
// the element of the pipeline's input it came from. The chain is also
// written out as a program (pipeline_code.mjs) and into the link.
import { FILLED, inputColours } from './colors.mjs';
import { buildControls, el } from './controls.mjs';
import { PICTURES } from './drawings.mjs';
import { INPUT_SHAPE, VALUES } from './ops/fields.mjs';
import { MAX_CELLS, TensorGrid, formatValue } from './grid.mjs';
import { drawOrder, formatShape, makeView, planDraw, unravel, volume } from './layout.mjs';
import { iota, ms } from './numbers.mjs';
import { MAX_ELEMENTS } from './op_view.mjs';
import { outputShapesOf, runOp } from './operations.mjs';
import { describeResult, programOf } from './pipeline_code.mjs';
import { imageCanvas, imageLayout, pictureRGBA } from './pipeline_picture.mjs';
import {
  PIPELINE_PRESETS, SOURCE_DEFAULTS, STAGE_OPERATIONS, makeStage, presetState, queryOf, stageForm, stageOperation,
  stateFromTexts,
} from './pipeline_state.mjs';
import { copyButton, stageCard } from './pipeline_stage.mjs';
import { compareRuns, comparisonText } from './pipeline_compare.mjs';
import { pictureInput } from './picture_input.mjs';
import { onUserPicture, userPicture } from './user_picture.mjs';

const SOURCES = [['shape', 'numbers: a shape and values (float32)'], ...PICTURES.map((p) => [p.id, `picture: ${p.label} (RGBA, uint8)`]),
  ['user', 'your picture (RGBA, uint8): a file, a drop, a paste or the camera']];

export function createPipelineView(panel, ops, { TensorOpsError, onTiming }) {
  let state = presetState(0);
  let cards = [];
  let version = 0;
  let pending = 0;
  let shown = false;
  let drawn = null; // what the last computation gave: { x, xi, results, pictureSource }
  const pictures = new Map();

  panel.setAttribute('aria-labelledby', 'tab-pipeline');
  const kind = el('select', { id: 'pipeline-source' }, ...SOURCES.map(([v, t]) => el('option', { value: v }, t)));
  const source = buildControls({ title: 'Source', fields: [INPUT_SHAPE, VALUES] }, 'pipeline-source', () => schedule());
  kind.addEventListener('change', () => { state.source.kind = kind.value; schedule(); });
  const sourceFigure = el('figure', { class: 'tensor pipe-figure', 'data-role': 'source' });
  const sourceDetail = el('p', { class: 'detail', 'aria-live': 'polite' });
  const yours = pictureInput('pipeline');
  const presetList = el('div', { class: 'preset-list' }, ...PIPELINE_PRESETS.map((p, k) => {
    const b = el('button', { type: 'button', class: 'preset', 'data-preset': String(k) },
      el('span', { class: 'preset-label' }, p.label), el('span', { class: 'preset-note' }, p.note));
    b.addEventListener('click', () => {
      state = presetState(k);
      for (const other of presetList.children) other.removeAttribute('aria-current');
      b.setAttribute('aria-current', 'true');
      rebuild();
    });
    return b;
  }));
  const stageList = el('ol', { class: 'pipe-stages', 'aria-label': 'Stages' });
  const addButton = el('button', { type: 'button', class: 'animate', id: 'pipeline-add' }, '+ Add a stage');
  addButton.addEventListener('click', () => {
    // reverse with every axis works on any input, so a new stage starts valid.
    state.stages.push(makeStage('reverse', { axes: '' }));
    rebuild(`#pipeline-s${state.stages.length}-op`);
  });
  const result = el('p', { class: 'summary', role: 'status', 'aria-live': 'polite', 'data-role': 'summary' });
  const code = el('code', { 'data-role': 'code' });
  const copy = copyButton(code);

  panel.append(
    el('header', { class: 'op-head' },
      el('h2', {}, 'Pipeline ', el('span', { class: 'spec' }, 'operations chained, kept in WebAssembly memory')),
      el('p', { class: 'intro' }, 'Chain operations: each stage takes the output of the one before. Every stage is computed by ' +
        'the library, shows its time, and keeps the colour of each element from the pipeline’s input, so you can follow ' +
        'an element through every stage. The whole pipeline can be copied as a program for Node, and the link holds it.'),
      el('p', { class: 'look' }, 'Look for: where the input’s colours end up after several moves.')),
    el('div', { class: 'op-layout pipe-layout' },
      el('div', { class: 'side side-controls' },
        el('h3', { class: 'pipe-h' }, 'Source'),
        el('div', { class: 'field' }, el('label', { for: 'pipeline-source' }, 'input'), kind,
          el('p', { class: 'hint' }, 'pictures are the canvas’s own bytes, so a copied program reproduces them exactly')),
        source.form, yours),
      el('section', { class: 'side presets', 'aria-labelledby': 'pipeline-presets' },
        el('h3', { id: 'pipeline-presets' }, 'Examples'), presetList),
      el('div', { class: 'stage pipe-main' },
        sourceFigure, sourceDetail, stageList, el('div', { class: 'stage-actions' }, addButton),
        el('h3', { class: 'pipe-h' }, 'Result'), result,
        el('div', { class: 'pipe-code-head' }, el('h3', { class: 'pipe-h', id: 'pipeline-code-title' }, 'The pipeline as JavaScript'), copy.button, copy.status),
        el('pre', { class: 'pipe-code', 'aria-labelledby': 'pipeline-code-title', tabindex: '0' }, code))));

  // --- the stages' cards, rebuilt whenever stages are added, removed, moved or change operation

  function rebuild(focusSelector) {
    const moves = { up: (k) => swap(k, k - 1, 'up'), down: (k) => swap(k, k + 1, 'down'), remove };
    cards = state.stages.map((stage, k) => stageCard(k, state.stages.length, stage, {
      operations: STAGE_OPERATIONS,
      onEdit: () => schedule(),
      onOperation: (id) => { state.stages[k] = makeStage(id); schedule(); },
      ...Object.fromEntries(Object.entries(moves).map(([name, f]) => [name, () => f(k)])),
    }));
    stageList.replaceChildren(...cards.map((c) => c.root));
    kind.value = state.source.kind;
    source.set({ ...SOURCE_DEFAULTS, inputShape: state.source.inputShape, values: state.source.values });
    if (focusSelector) panel.querySelector(focusSelector)?.focus();
    if (shown) update();
  }

  function swap(k, j, dir) {
    [state.stages[k], state.stages[j]] = [state.stages[j], state.stages[k]];
    // Focus follows the moved stage; at the end of the list, its other button.
    const n = state.stages.length;
    const same = dir === 'up' ? j > 0 : j < n - 1;
    rebuild(`#pipeline-s${j + 1}-${same ? dir : dir === 'up' ? 'down' : 'up'}`);
  }

  function remove(k) {
    state.stages.splice(k, 1);
    rebuild(state.stages.length ? `#pipeline-s${Math.min(k, state.stages.length - 1) + 1}-op` : '#pipeline-add');
  }

  // --- computing

  function schedule() {
    if (pending) return;
    pending = requestAnimationFrame(() => {
      pending = 0;
      update();
    });
  }

  function update() {
    try {
      compute();
    } catch (e) {
      result.dataset.state = 'error';
      result.textContent = `Unexpected error: ${e?.message ?? e}.`;
      panel.dataset.state = 'error';
    }
    panel.dataset.version = String(++version);
  }

  // The input tensor and its 1, 2, 3, … twin, or null (the error shown beside the source's fields).
  function readSource() {
    source.clearErrors();
    const texts = source.texts();
    Object.assign(state.source, { kind: kind.value, inputShape: texts.inputShape, values: texts.values });
    source.form.hidden = kind.value !== 'shape';
    yours.hidden = kind.value !== 'user';
    if (kind.value === 'user') {
      // Your picture as RGBA bytes, NHWC: fromImage with every channel and no conversion.
      const mine = userPicture();
      if (!mine) return null;
      const x = ops.fromImage(mine.image, { channels: 'rgba', dtype: 'uint8', layout: 'NHWC' });
      return { x: { data: x.data, shape: x.shape }, values: undefined, live: mine.live, label: mine.label };
    }
    if (kind.value !== 'shape') {
      if (!pictures.has(kind.value)) pictures.set(kind.value, pictureRGBA(kind.value));
      const x = pictures.get(kind.value);
      return { x, values: undefined };
    }
    const { params, errors } = source.read();
    for (const [name, message] of errors) source.showError(name, message);
    if (errors.size) return null;
    try {
      // The program's first call: the library judges the shape and the values' count.
      if (!params.inputShape.every((d) => Number.isSafeInteger(d) && d >= 0)) ops.tensor(new Float32Array(0), params.inputShape);
      const n = volume(params.inputShape);
      if (n > MAX_ELEMENTS) {
        source.showError('inputShape', `${n.toLocaleString('en-US')} elements; this page computes at most ${MAX_ELEMENTS.toLocaleString('en-US')}.`, { tag: 'page limit' });
        return null;
      }
      const data = params.values ? Float32Array.from(params.values) : iota(n, 1, Float32Array);
      ops.tensor(data, params.inputShape).dispose();
      return { x: { data, shape: params.inputShape }, values: params.values };
    } catch (e) {
      if (!(e instanceof TensorOpsError)) throw e;
      source.showError(/\bdata\b/.test(e.message) ? 'values' : 'inputShape', e.message, { code: e.code });
      return null;
    }
  }

  function compute() {
    const read = readSource();
    const texts = cards.map((c) => c.controls.texts());
    texts.forEach((t, k) => { state.stages[k].texts = t; });
    const query = queryOf(state);
    if (!panel.hidden && location.hash !== `#pipeline?${query}`) history.replaceState(null, '', `#pipeline?${query}`);
    const results = [];
    let failed = -1; // the stage that failed
    let blocked = read ? null : 'a valid source'; // what later stages wait for
    let parseFailed = !read;
    let cur = read?.x;
    let curProv = read && { data: iota(volume(cur.shape), 1), shape: cur.shape };
    const xi = curProv;
    cards.forEach((card, k) => {
      card.controls.clearErrors();
      const op = stageOperation(state.stages[k].op);
      const { params, errors } = card.controls.read();
      results.push({ op, params });
      if (errors.size) parseFailed = true;
      if (blocked) return card.wait(blocked);
      const stop = () => { failed = k; blocked = `stage ${k + 1}`; };
      if (errors.size) {
        for (const [name, message] of errors) card.controls.showError(name, message);
        stop();
        return card.fail('Some text is not a list of numbers (see the marked field).');
      }
      try {
        const outShape = outputShapesOf(ops, op, { ...params, inputShape: cur.shape })[0];
        if (volume(outShape) > MAX_ELEMENTS) {
          card.controls.showError(stageForm(op).fields[0].name, `the output ${formatShape(outShape)} would have ` +
            `${volume(outShape).toLocaleString('en-US')} elements; this page computes at most ${MAX_ELEMENTS.toLocaleString('en-US')}.`, { tag: 'page limit' });
          stop();
          return card.fail('Too large for this page.');
        }
        // The provenance run first (it also warms the call up), then the timed one.
        const prov = runOp(ops, op, [curProv], params, { provenance: true })[0];
        const t0 = performance.now();
        const y = runOp(ops, op, [cur], params)[0];
        const time = performance.now() - t0;
        Object.assign(results[k], { y, prov, time });
        card.ok(y.shape, time, ops.backend);
        cur = y;
        curProv = prov;
      } catch (e) {
        if (!(e instanceof TensorOpsError)) throw e;
        stop();
        card.libraryError(e);
      }
    });
    const sourceInfo = { kind: kind.value, label: read?.label ?? PICTURES.find((p) => p.id === kind.value)?.label, values: read?.values };
    // A live frame is not written into a program (its bytes change 30 times a second).
    if (read?.live) code.textContent = '// Live camera frames: stop the camera to get this pipeline as a program, on its last frame.';
    else code.textContent = parseFailed
      ? '// Some text is not a list of numbers: see the marked field.'
      : programOf({ source: sourceInfo, x: read.x, stages: results, link: `${location.origin}${location.pathname}#pipeline?${query}` });
    if (blocked) {
      panel.dataset.state = 'error';
      result.dataset.state = 'error';
      result.textContent = read
        ? `Stage ${failed + 1} failed, so the pipeline has no result (the program below would throw there too).`
        : kind.value === 'user' ? 'Give a picture first: a file, a drop, a paste or the camera (beside the source).'
          : 'The source is not valid: see the marked field.';
    } else {
      const total = results.reduce((sum, r) => sum + r.time, 0);
      panel.dataset.state = 'ok';
      result.dataset.state = 'ok';
      result.replaceChildren(el('code', { 'data-role': 'result' }, describeResult(cur.shape, cur.data)), el('br'),
        el('span', { class: 'small' }, `${results.length} stage${results.length === 1 ? '' : 's'} in `,
          el('strong', { 'data-role': 'total' }, ms(total)), ` (the library’s calls, timed by the page; ${ops.backend.variant} build)`,
          read.live ? el('span', { 'data-role': 'per-frame' }, ` per frame (${read.label})`) : ''));
      const compared = compareRuns(ops, read.x, results, cur);
      compared.kept.forEach((k, i) => cards[i].badge(k));
      result.append(comparisonText(compared, total));
      onTiming?.('pipeline', total);
    }
    drawn = read ? { x: read.x, xi, results, pictureSource: kind.value !== 'shape' } : null;
    if (kind.value === 'user' && !read) drawn = null;
    draw();
  }

  // --- drawing

  function draw() {
    if (!drawn) {
      sourceFigure.replaceChildren();
      return;
    }
    const { x, results, pictureSource } = drawn;
    const width = sourceFigure.clientWidth || panel.clientWidth || 600;
    const caption = (name, t, extra = '') => el('figcaption', {}, el('strong', {}, name), ' ', el('code', {}, formatShape(t.shape)),
      el('span', { class: 'small' }, ` · ${t.data.constructor.name} · ${volume(t.shape).toLocaleString('en-US')} elements${extra}`));
    // The colours: the source's elements in drawing order (or in row-major order when it is a picture).
    let sourceGrid = null;
    let colourOf;
    if (pictureSource) {
      const order = Int32Array.from({ length: x.data.length }, (_, i) => i);
      colourOf = inputColours(order, x.shape.at(-1));
      sourceFigure.replaceChildren(caption('Input x', x), imageCanvas(ops, x, imageLayout(x.shape), 'the input picture'));
    } else {
      const view = makeView(x.shape);
      const { plan, cols } = planDraw(view, MAX_CELLS);
      colourOf = inputColours(drawOrder(view, plan), cols);
      const root = el('div', { 'data-tensor': 'input' });
      sourceFigure.replaceChildren(caption('Input x', x), el('div', { class: 'grid-scroll' }, root));
      sourceGrid = new TensorGrid(root, { name: 'x', label: 'Input x', onPoint: () => {} });
      sourceGrid.render({ tensor: x, view, colourOf, width });
    }
    const srcText = (src) => (src < 0 ? 'a filled place' : `x${formatShape(unravel(src, x.shape))}`);
    results.forEach(({ y, prov }, k) => {
      if (!y) return;
      const name = `y${k + 1}`;
      const layout = pictureSource ? imageLayout(y.shape) : null;
      if (layout) {
        cards[k].show(caption(`Output ${name}`, y, ` · drawn as ${layout.layout}`), imageCanvas(ops, y, layout, `the output of stage ${k + 1}`));
        return;
      }
      const from = prov.data.map((v) => v - 1);
      const root = el('div', { 'data-tensor': 'output', 'data-stage': String(k + 1) });
      cards[k].show(caption(`Output ${name}`, y), el('div', { class: 'grid-scroll' }, root));
      const grid = new TensorGrid(root, {
        name, label: `Output of stage ${k + 1}`,
        onPoint: (j) => {
          for (const c of panel.querySelectorAll('[data-tensor="input"] .linked')) c.classList.remove('linked');
          if (j === null) return cards[k].detail('');
          sourceGrid?.cell(from[j])?.classList.add('linked');
          const what = `${name}${formatShape(unravel(j, y.shape))} = ${formatValue(y.data[j])}`;
          cards[k].detail(from[j] < 0 ? `${what} is a filled place.` : `${what} came from ${srcText(from[j])}.`);
        },
      });
      const info = grid.render({
        tensor: y, view: makeView(y.shape), colourOf: (j) => (from[j] < 0 ? FILLED : colourOf(from[j])),
        srcOf: (j) => from[j], srcText, width: cards[k].width() || width,
      });
      if (info.drawn < info.total) cards[k].note(`Showing ${info.drawn.toLocaleString('en-US')} of ${info.total.toLocaleString('en-US')} elements.`);
    });
  }

  let resizeTimer = 0;
  addEventListener('resize', () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => { if (!panel.hidden) draw(); }, 150);
  });
  // Your picture (or the camera's next frame) arrives: recompute if it is the source.
  onUserPicture(() => { if (shown && !panel.hidden && kind.value === 'user') update(); });
  rebuild();
  return {
    show() {
      if (!shown) {
        shown = true;
        update();
      } else {
        history.replaceState(null, '', `#pipeline?${queryOf(state)}`);
        draw();
      }
    },
    update,
    /** Sets the pipeline from a link's texts and recomputes. */
    restore(texts) {
      state = stateFromTexts(texts, SOURCES.map(([v]) => v));
      rebuild();
    },
  };
}
