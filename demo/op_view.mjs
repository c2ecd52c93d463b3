// One operation's view: its parameters, examples, the input and output
// grids, the links between them and the transition. Every output comes from
// the wasm module; so does the map of where each output element came from,
// which is the same operation run on a tensor holding 0, 1, 2, … (every
// operation here only moves elements, so its output is that map).
import { fly, reducedMotion, stopFlight } from './animate.mjs';
import { FILLED, inputColours } from './colors.mjs';
import { buildControls, el } from './controls.mjs';
import { editSchedule, showFailure } from './edit_schedule.mjs';
import { MAX_CELLS, TensorGrid, formatValue } from './grid.mjs';
import { drawOrder, formatShape, makeView, planDraw, unravel, volume } from './layout.mjs';
import { iota, ms } from './numbers.mjs';
import { codeOf, inputShapesOf, outputShapesOf, runOp } from './operations.mjs';

/** The largest tensor the page computes (input or output), in elements. */
export const MAX_ELEMENTS = 2_000_000;

function count(n) {
  return n.toLocaleString('en-US');
}

/**
 * Builds the view of `op` (operations.mjs) into `panel`. `ops`: the loaded
 * module; `presets`: the op's examples; `onTiming(op, ms)`: after each run;
 * `onState(texts)`: the form's texts after each edit (for the URL);
 * `explain(call, out)`: the op's index formula (demo/explain/).
 */
export function createOpView(panel, op, ops, { presets, TensorOpsError, onTiming, onState, explain }) {
  const prefix = op.id;
  let version = 0;
  let result = null; // the last valid computation: { x, y, prov, params, time }

  // --- the page structure
  const titleId = `${prefix}-title`;
  panel.setAttribute('aria-labelledby', `tab-${prefix}`);
  const head = el('header', { class: 'op-head' },
    el('h2', { id: titleId }, op.title, ' ', el('span', { class: 'spec' }, op.spec)),
    el('p', { class: 'intro', html: op.intro }),
    el('p', { class: 'look' }, op.look));
  const controls = buildControls(op, prefix, () => edits.schedule());
  const edits = editSchedule(() => controls.texts(), update);
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

  // The figures of the input and output tensors: one each, or one per input
  // (concat) or output (split), made when the count changes.
  const inputsBox = el('div', { class: 'tensor-list tensor-inputs' });
  const outputsBox = el('div', { class: 'tensor-list tensor-outputs' });
  const tensors = el('div', { class: 'tensors' },
    inputsBox, el('div', { class: 'arrow', 'aria-hidden': 'true' }, el('span', {}, op.title), '→'), outputsBox);
  const detail = el('p', { class: 'detail', 'aria-live': 'polite', 'data-role': 'detail' });
  const formula = el('div', { class: 'formula', 'data-role': 'formula', 'aria-live': 'polite', hidden: true });
  const greyKey = el('div', { class: 'swatch-row', hidden: true }, el('span', { class: 'swatch grey', 'aria-hidden': 'true' }),
    el('span', {}, 'Grey: an element of x that is not drawn (x is too large to draw whole); hover it in y to see where it sits.'));
  const fillKey = el('div', { class: 'swatch-row', hidden: true }, el('span', { class: 'swatch filled', 'aria-hidden': 'true' }),
    el('span', {}, 'White: a place the operation filled (with the pad value, or zeros) rather than copied.'));
  const legend = el('aside', { class: 'legend', 'aria-label': 'Legend' },
    el('div', { class: 'swatch-row' }, el('span', { class: 'swatch rainbow', 'aria-hidden': 'true' }),
      el('span', {}, 'Colour: where the element sits in the input, in reading order (red → violet; alternate rows a little darker). ' +
        'Each output element keeps the colour of the input element it came from.')),
    el('div', { class: 'swatch-row' }, el('span', { class: 'swatch num', 'aria-hidden': 'true' }, '7'),
      el('span', {}, 'Number: the element’s value (the input holds 1, 2, 3, … unless you type values).')),
    el('div', { class: 'swatch-row' }, el('span', { class: 'swatch ring', 'aria-hidden': 'true' }),
      el('span', {}, 'Point at or focus a cell (Tab into a grid, then the arrow keys; PageUp/PageDown between slices): ' +
        'its source or its copies are outlined on the other side.')),
    greyKey, fillKey);
  const stage = el('div', { class: 'stage' },
    el('div', { class: 'call-row' }, el('span', { class: 'small' }, 'The call:'), code),
    summary,
    el('div', { class: 'stage-actions' }, animateButton, motionNote),
    tensors, detail, formula, legend);
  panel.append(head, el('div', { class: 'op-layout' }, el('div', { class: 'side side-controls' }, controls.form), stage, presetsBox));

  const figures = { input: [], output: [] };
  // One figure per tensor of `side`, named x / x0, x1, … and y / y0, y1, …
  function figuresFor(side, count) {
    const list = figures[side];
    const box = side === 'input' ? inputsBox : outputsBox;
    const several = side === 'input' ? op.inputs === 'xs' : op.outputs === 'ys';
    if (list.length === count) return list;
    list.length = 0;
    box.replaceChildren();
    for (let k = 0; k < count; k++) {
      const name = `${side === 'input' ? 'x' : 'y'}${several ? k : ''}`;
      const root = el('div', { 'data-tensor': side, 'data-part': String(k) });
      const caption = el('figcaption', {});
      const note = el('p', { class: 'note' });
      box.append(el('figure', { class: `tensor tensor-${side}` }, caption, el('div', { class: 'grid-scroll' }, root), note));
      const label = `${side === 'input' ? 'Input' : 'Output'} ${name}`;
      list.push({ name, label, caption, note, grid: new TensorGrid(root, { name, label, onPoint: (i) => point(side, k, i) }) });
    }
    return list;
  }

  // --- computing

  function fail(text) {
    showFailure({ panel, summary, tensors }, text, Boolean(result));
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
    edits.computing();
    stopFlight();
    version++;
    controls.clearErrors();
    const { params, errors } = controls.read();
    const mainParam = op.fields.find((f) => f.role !== 'input').name;
    if (errors.size) {
      for (const [name, message] of errors) controls.showError(name, message);
      code.textContent = '…';
      fail('Some text is not a list of numbers (see the marked field).');
      return finish();
    }
    code.textContent = codeOf(op, params);
    onState?.(controls.texts());
    const inShapes = inputShapesOf(op, params);
    let outShapes;
    try {
      outShapes = outputShapesOf(ops, op, params);
    } catch (e) {
      if (!(e instanceof TensorOpsError)) throw e;
      libraryError(e, mainParam);
      return finish();
    }
    // Shapes are valid: the only limits left are the page's own.
    const n = inShapes.reduce((sum, s) => sum + volume(s), 0);
    const m = outShapes.reduce((sum, s) => sum + volume(s), 0);
    if (n > MAX_ELEMENTS || m > MAX_ELEMENTS) {
      const which = n > MAX_ELEMENTS ? op.fields[0].name : mainParam;
      controls.showError(which, `${n > MAX_ELEMENTS ? 'the input' : `the output ${outShapes.map(formatShape).join(', ')}`} would have ` +
        `${count(Math.max(n, m))} elements; this page computes at most ${count(MAX_ELEMENTS)} (the library takes far more).`,
      { tag: 'page limit' });
      fail('Too large for this page.');
      return finish();
    }
    // The inputs hold 1, 2, 3, … one after the other (or the typed values).
    const offsets = [];
    let offset = 0;
    for (const shape of inShapes) {
      offsets.push(offset);
      offset += volume(shape);
    }
    const xs = inShapes.map((shape, k) => ({
      data: params.values ? Float64Array.from(params.values) : iota(volume(shape), offsets[k] + 1, Float64Array), shape,
    }));
    // The provenance map first: the same call on 1, 2, 3, … over all inputs
    // (int32), where a filled place holds 0 (it also warms the call up, so
    // the time below is that of a warm call).
    let provs;
    let ys;
    let time;
    try {
      const marks = inShapes.map((shape, k) => ({ data: iota(volume(shape), offsets[k] + 1, Int32Array), shape }));
      provs = runOp(ops, op, marks, params, { provenance: true }).map((t) => t.data.map((v) => v - 1));
      const t0 = performance.now();
      ys = runOp(ops, op, xs, params);
      time = performance.now() - t0;
    } catch (e) {
      if (!(e instanceof TensorOpsError)) throw e;
      libraryError(e, op.fields.some((f) => f.name === 'values') ? 'values' : mainParam);
      return finish();
    }
    result = { xs, ys, provs, offsets, params, total: n };
    onTiming?.(op.id, time);
    panel.dataset.state = 'ok';
    summary.dataset.state = 'ok';
    tensors.classList.remove('stale');
    const { variant, threads } = ops.backend;
    summary.replaceChildren(
      `Output shape${ys.length === 1 ? '' : 's'} `, el('strong', { 'data-role': 'out-shape' }, ys.map((y) => formatShape(y.shape)).join(', ')),
      ', computed by the ', el('strong', {}, variant), ` build (${threads} thread${threads > 1 ? 's' : ''}) in `,
      el('strong', { 'data-role': 'time' }, ms(time)), '.');
    draw();
    return finish();
  }

  function finish() {
    panel.dataset.version = String(version);
  }

  // --- drawing

  let colourOf = null;
  let copies = null; // input index (over all inputs) -> how many output elements hold it

  /** Which input a source index (over all inputs) is in, and where: { k, local }. */
  function inputOf(src) {
    let k = result.offsets.length - 1;
    while (k > 0 && result.offsets[k] > src) k--;
    return { k, local: src - result.offsets[k] };
  }

  function sourceText(src) {
    if (src < 0) return op.id === 'pad' ? 'a place filled with the pad value' : 'a place filled with zero';
    const { k, local } = inputOf(src);
    return `${figures.input[k].name}${formatShape(unravel(local, result.xs[k].shape))}`;
  }

  function draw() {
    if (!result) return;
    const { xs, ys, provs, offsets, params } = result;
    const inFigures = figuresFor('input', xs.length);
    const outFigures = figuresFor('output', ys.length);
    const inViews = xs.map((x) => makeView(x.shape, op.axes(x.shape, params)));
    const outViews = ys.map((y) => makeView(y.shape, op.axes(y.shape, params)));
    const inPlans = inViews.map((v) => planDraw(v, Math.floor(MAX_CELLS / xs.length)));
    // One rainbow over all inputs, in drawing order.
    const order = new Int32Array(result.total).fill(-1);
    let drawnBefore = 0;
    inViews.forEach((v, k) => {
      const part = drawOrder(v, inPlans[k].plan);
      for (let i = 0; i < part.length; i++) order[offsets[k] + i] = part[i] < 0 ? -1 : part[i] + drawnBefore;
      drawnBefore += inPlans[k].drawn;
    });
    const rainbow = inputColours(order, inPlans[0].cols);
    colourOf = (src) => (src < 0 ? FILLED : rainbow(src));
    copies = null;
    // Side by side when both fit at a readable size, else one above the other.
    const width = tensors.clientWidth || panel.clientWidth || 900;
    const need = (plans) => Math.max(...plans.map((plan) => plan.cols * 27 + 24));
    const outPlans = outViews.map((v) => planDraw(v, Math.floor(MAX_CELLS / ys.length)));
    const gap = width < 500 ? 40 : 110;
    const sideBySide = need(inPlans) + need(outPlans) + gap <= width;
    tensors.classList.toggle('side-by-side', sideBySide);
    const figureWidth = sideBySide ? (width - gap) / 2 : width;
    const capped = (info) => {
      if (info.drawn >= info.total) return '';
      const slices = info.sliceCount > 1 ? ` (${count(info.slices)} of ${count(info.sliceCount)} slices, as labelled)` : ' (as labelled)';
      return `Showing ${count(info.drawn)} of ${count(info.total)} elements${slices}: the page draws at most ` +
        `${count(MAX_CELLS)} cells in all. The library computed all of them.`;
    };
    const caption = (f, shape, info) => f.caption.replaceChildren(el('strong', {}, f.label), ' ', el('code', {}, formatShape(shape)),
      el('span', { class: 'small' }, ` · ${count(info.total)} element${info.total === 1 ? '' : 's'}`));
    let greyed = false;
    xs.forEach((x, k) => {
      const f = inFigures[k];
      const info = f.grid.render({
        tensor: x, view: inViews[k], colourOf: (i) => colourOf(offsets[k] + i), maxCells: Math.floor(MAX_CELLS / xs.length), width: figureWidth,
      });
      caption(f, x.shape, info);
      f.note.textContent = capped(info);
      greyed ||= info.drawn < info.total;
    });
    ys.forEach((y, k) => {
      const f = outFigures[k];
      const prov = provs[k];
      const info = f.grid.render({
        tensor: y, view: outViews[k], colourOf: (j) => colourOf(prov[j]), srcOf: (j) => prov[j], srcText: sourceText,
        maxCells: Math.floor(MAX_CELLS / ys.length), width: figureWidth,
      });
      caption(f, y.shape, info);
      f.note.textContent = capped(info);
    });
    greyKey.hidden = !greyed;
    fillKey.hidden = !provs.some((prov) => prov.includes(-1));
    detail.textContent = 'Point at or focus a cell to see where it came from or where it went.';
    formula.hidden = true;
  }

  // --- links between input and output

  let marked = [];
  function mark(cell, cls) {
    if (!cell) return;
    cell.classList.add(cls);
    marked.push([cell, cls]);
  }

  function copiesOf(src) {
    if (!copies) {
      copies = new Int32Array(result.total);
      for (const prov of result.provs) for (const s of prov) if (s >= 0) copies[s]++;
    }
    return copies[src];
  }

  function point(side, k, index) {
    for (const [cell, cls] of marked) cell.classList.remove(cls);
    marked = [];
    formula.hidden = true;
    if (index === null || !result) {
      detail.textContent = 'Point at or focus a cell to see where it came from or where it went.';
      return;
    }
    const { xs, ys, provs } = result;
    const outName = (kk, j) => `${figures.output[kk].name}${formatShape(unravel(j, ys[kk].shape))}`;
    if (side === 'output') {
      const src = provs[k][index];
      mark(figures.output[k].grid.cell(index), 'pointed');
      const value = formatValue(ys[k].data[index]);
      showFormula(k, index, src);
      if (src < 0) {
        detail.textContent = `${outName(k, index)} = ${value} is ${sourceText(src)}.`;
        return;
      }
      const from = inputOf(src);
      const fromGrid = figures.input[from.k].grid;
      mark(fromGrid.cell(from.local), 'linked');
      figures.output.forEach((f, kk) => {
        for (const [j, cell] of f.grid.cells) if ((kk !== k || j !== index) && provs[kk][j] === src) mark(cell, 'sibling');
      });
      const shown = fromGrid.cell(from.local) ? '' : ` (not in the drawn part of ${figures.input[from.k].name})`;
      const n = copiesOf(src);
      detail.textContent = `${outName(k, index)} = ${value} came from ${sourceText(src)}${shown}` +
        (n > 1 ? `, which fills ${count(n)} places of the output.` : '.');
    } else {
      const src = result.offsets[k] + index;
      mark(figures.input[k].grid.cell(index), 'pointed');
      const targets = [];
      figures.output.forEach((f, kk) => {
        for (const [j, cell] of f.grid.cells) if (provs[kk][j] === src) { mark(cell, 'linked'); targets.push([kk, j]); }
      });
      const n = copiesOf(src);
      const here = `${sourceText(src)} = ${formatValue(xs[k].data[index])}`;
      if (n === 0) detail.textContent = `${here} is in no place of the output.`;
      else if (n === 1 && targets.length === 1) detail.textContent = `${here} went to ${outName(...targets[0])}.`;
      else {
        const list = targets.slice(0, 4).map((t) => outName(...t)).join(', ');
        const more = n - Math.min(4, targets.length);
        detail.textContent = `${here} went to ${count(n)} place${n > 1 ? 's' : ''}` +
          (targets.length ? `: ${list}${more > 0 ? ` and ${count(more)} more` : ''}` : ' (none in the drawn part of the output)') + '.';
      }
    }
  }

  // The operation's index formula for output element `index` of output `k`,
  // with its numbers filled in; shown only where it names the source the
  // library's own result shows (`src`).
  function showFormula(k, index, src) {
    if (!explain) return;
    const call = { op: op.id, inputs: result.xs.map((x) => x.shape), args: op.args(result.params) };
    const at = unravel(index, result.ys[k].shape);
    let e;
    try {
      e = explain(call, { output: k, index: at });
    } catch {
      return;
    }
    if (!e || !agrees(e.source, src)) return;
    const where = e.where?.length ? `with ${e.where.map(([name, v]) => `${name} = ${v}`).join(', ')}` : '';
    formula.replaceChildren(
      el('p', { class: 'formula-rule' }, el('code', {}, `${e.lhs} = ${e.rhs}`)),
      el('p', { class: 'formula-filled', 'data-role': 'formula-filled' }, el('code', {}, `${e.lhs} = ${e.filled}`), where ? ` ${where}` : ''),
      ...(e.note ? [el('p', { class: 'small' }, e.note)] : []),
      ...(/[/%]/.test(e.rhs) ? [el('p', { class: 'small' }, '/ rounds down; a % d is always in 0 … d − 1.')] : []));
    formula.hidden = false;
  }

  function agrees(source, src) {
    if (!source) return false;
    if (source.fill) return src < 0;
    if (src < 0) return false;
    const { k, local } = inputOf(src);
    return source.input === k && formatShape(source.index) === formatShape(unravel(local, result.xs[k].shape));
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
    figures.output.forEach((f, k) => {
      for (const [j, to] of f.grid.cells) {
        const src = result.provs[k][j];
        if (src < 0) continue;
        const { k: kk, local } = inputOf(src);
        const from = figures.input[kk].grid.cell(local);
        if (from) pairs.push({ from, to });
      }
    });
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
        onState?.(controls.texts());
      }
    },
    update,
    animate,
    applyPreset,
    /** Sets the form from a link's texts (missing ones: the defaults) and recomputes. */
    restore(texts) {
      controls.set({ ...op.defaults, ...texts });
      if (shown) update();
    },
  };
}
