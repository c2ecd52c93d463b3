// One typed operation's view (its description: demo/ops/typed_*.mjs): its
// parameters, examples, a grid per input and per output with values before
// and after, and the links between them. Every value comes from the wasm
// module, and so does where each output element came from
// (typed_operations.mjs: the same call on marks; for an operation that reads
// several elements per output, every element it reads with its weight,
// outlined together). An operation may add a section of its own below the
// grids (`more`).
import { FILLED, inputColours } from './colors.mjs';
import { buildControls, el } from './controls.mjs';
import { editSchedule, showFailure } from './edit_schedule.mjs';
import { MAX_CELLS, TensorGrid, formatValue } from './grid.mjs';
import { drawOrder, formatShape, makeView, planDraw, unravel } from './layout.mjs';
import { ms } from './numbers.mjs';
import { MAX_ELEMENTS } from './op_view.mjs';
import { runTyped, typedCode, typedSources } from './typed_operations.mjs';

/** Builds the view of typed operation `op` into `panel` (the arguments as createOpView's). */
export function createTypedView(panel, op, ops, { presets, TensorOpsError, onTiming, onState }) {
  const prefix = op.id;
  // Where a message naming no field goes: the first parameter (where has none but its inputs).
  const mainField = (op.fields.find((f) => f.role !== 'input') ?? op.fields[0]).name;
  let version = 0;
  let result = null; // { xs, ys, sources, deciders, offsets, params }

  panel.setAttribute('aria-labelledby', `tab-${prefix}`);
  const controls = buildControls(op, prefix, () => edits.schedule());
  const edits = editSchedule(() => controls.texts(), update);
  const presetList = el('div', { class: 'preset-list' });
  presets.forEach((p, k) => {
    const button = el('button', { type: 'button', class: `preset${p.extra ? ' extra' : ''}`, 'data-preset': String(k) },
      el('span', { class: 'preset-label' }, p.label), el('span', { class: 'preset-note' }, p.note));
    button.addEventListener('click', () => {
      controls.set({ ...op.defaults, ...p.set });
      for (const b of presetList.children) b.removeAttribute('aria-current');
      button.setAttribute('aria-current', 'true');
      update();
    });
    presetList.append(button);
  });
  const code = el('code', { class: 'call' });
  const summary = el('p', { class: 'summary', role: 'status', 'aria-live': 'polite', 'data-role': 'summary' });
  const inputsBox = el('div', { class: 'tensor-list tensor-inputs' });
  const outputsBox = el('div', { class: 'tensor-list tensor-outputs' });
  const tensors = el('div', { class: 'tensors' },
    inputsBox, el('div', { class: 'arrow', 'aria-hidden': 'true' }, el('span', {}, op.title), '→'), outputsBox);
  const detail = el('p', { class: 'detail', 'aria-live': 'polite', 'data-role': 'detail' });
  const formula = el('div', { class: 'formula', 'data-role': 'formula', 'aria-live': 'polite', hidden: true });
  const legend = el('aside', { class: 'legend', 'aria-label': 'Legend' },
    el('div', { class: 'swatch-row' }, el('span', { class: 'swatch rainbow', 'aria-hidden': 'true' }),
      el('span', {}, 'Colour: where an element sits in the inputs, in reading order. ' + (op.colourNote ?? 'An output element has the colour of the ' +
        'input element it was computed from (the library’s own call on position marks says which).'))),
    el('div', { class: 'swatch-row' }, el('span', { class: 'swatch filled', 'aria-hidden': 'true' }),
      el('span', {}, 'White: an output element that comes from no input element (a zero, an off value).')),
    el('div', { class: 'swatch-row' }, el('span', { class: 'swatch num', 'aria-hidden': 'true' }, '7'),
      el('span', {}, 'Number: the value, before (inputs) and after (outputs), in each tensor’s own dtype.')),
    el('div', { class: 'swatch-row' }, el('span', { class: 'swatch ring', 'aria-hidden': 'true' }),
      el('span', {}, 'Point at or focus a cell (Tab into a grid, then the arrow keys): its source or its results are outlined.')));
  const more = op.more?.(ops, { TensorOpsError, onTiming });
  panel.append(
    el('header', { class: 'op-head' },
      el('h2', {}, op.title, ' ', el('span', { class: 'spec' }, op.spec)),
      el('p', { class: 'intro', html: op.intro }), el('p', { class: 'look' }, op.look)),
    el('div', { class: 'op-layout' },
      el('div', { class: 'side side-controls' }, controls.form),
      el('div', { class: 'stage' }, el('div', { class: 'call-row' }, el('span', { class: 'small' }, 'The call:'), code),
        summary, tensors, detail, formula, legend, ...(more ? [more.element] : [])),
      el('section', { class: 'side presets', 'aria-labelledby': `${prefix}-presets` },
        el('h3', { id: `${prefix}-presets` }, 'Examples'), el('p', { class: 'small' }, 'From the operation’s documentation:'), presetList)));

  const figures = { input: [], output: [] };
  function figuresFor(side, names) {
    const list = figures[side];
    if (list.length === names.length) return list;
    const box = side === 'input' ? inputsBox : outputsBox;
    list.length = 0;
    box.replaceChildren();
    names.forEach((name, k) => {
      const root = el('div', { 'data-tensor': side, 'data-part': String(k), 'data-name': name });
      const caption = el('figcaption', {});
      box.append(el('figure', { class: `tensor tensor-${side}` }, caption, el('div', { class: 'grid-scroll' }, root)));
      list.push({ name, caption, grid: new TensorGrid(root, { name, label: `${side === 'input' ? 'Input' : 'Output'} ${name}`, onPoint: (i) => point(side, k, i) }) });
    });
    return list;
  }

  function fail(text) {
    showFailure({ panel, summary, tensors }, text, Boolean(result));
  }

  function update() {
    version++;
    try {
      compute();
    } catch (e) {
      if (!(e instanceof TensorOpsError)) fail(`Unexpected error: ${e?.message ?? e}.`);
      else {
        // The library's message beside the field it names (else the op's first parameter);
        // 'a.shape' names the field aShape (x.shape and indices.shape the controls know).
        const words = e.message.replace(/\b(\w+)\.shape\b/g, (m, name) => (controls.fields.has(`${name}Shape`) ? `${name}Shape` : m));
        const { at, named } = controls.faultOf(words, mainField);
        controls.showError(at, e.message, { code: e.code, also: named });
        fail(`The library rejected the parameters: ${e.code} at “${controls.fields.get(at).f.label}”.`);
      }
    }
    panel.dataset.version = String(version);
  }

  function compute() {
    edits.computing();
    controls.clearErrors();
    const { params, errors } = controls.read();
    if (errors.size) {
      for (const [name, message] of errors) controls.showError(name, message);
      code.textContent = '…';
      return fail('Some text is not a list of numbers (see the marked field).');
    }
    code.textContent = typedCode(op, params);
    onState?.(controls.texts());
    const xs = op.inputs(params);
    const big = xs.find((x) => x.data.length > MAX_ELEMENTS);
    if (big) {
      controls.showError(op.fields[0].name, `this page computes at most ${MAX_ELEMENTS.toLocaleString('en-US')} elements.`, { tag: 'page limit' });
      return fail('Too large for this page.');
    }
    // The marks' run first (it also warms the call up), then the timed one.
    let ys = runTyped(ops, op, xs, params);
    const t0 = performance.now();
    ys = runTyped(ops, op, xs, params);
    const time = performance.now() - t0;
    if (ys.some((y) => y.data.length > MAX_ELEMENTS)) {
      controls.showError(mainField, 'the output is larger than this page draws.', { tag: 'page limit' });
      return fail('Too large for this page.');
    }
    result = { xs, ys, params, ...typedSources(ops, op, xs, ys, params) };
    onTiming?.(op.id, time);
    panel.dataset.state = 'ok';
    summary.dataset.state = 'ok';
    tensors.classList.remove('stale');
    const { variant, threads } = ops.backend;
    summary.replaceChildren(
      `Output${ys.length > 1 ? 's' : ''} `, el('strong', { 'data-role': 'out-shape' }, ys.map((y) => `${formatShape(y.shape)} ${y.dtype}`).join(', ')),
      ', computed by the ', el('strong', {}, variant), ` build (${threads} thread${threads > 1 ? 's' : ''}) in `,
      el('strong', { 'data-role': 'time' }, ms(time)), '.');
    draw();
  }

  // --- drawing: one rainbow over all inputs; an output cell takes its source's colour.

  let colourOf = null;
  const refOf = (side, k, index) => {
    const t = side === 'input' ? result.xs[k] : result.ys[k];
    return { name: figures[side][k].name, ref: `${figures[side][k].name}${formatShape(unravel(index, t.shape))}`, value: formatValue(t.data[index]) };
  };
  function inputOf(src) {
    let k = result.offsets.length - 1;
    while (k > 0 && result.offsets[k] > src) k--;
    return { k, local: src - result.offsets[k] };
  }

  function draw() {
    if (!result) return;
    const { xs, ys, sources, offsets } = result;
    const inFigures = figuresFor('input', op.inputNames);
    const outFigures = figuresFor('output', op.outputs);
    const width = tensors.clientWidth || panel.clientWidth || 900;
    const maxCells = Math.floor(MAX_CELLS / Math.max(xs.length, ys.length));
    const inViews = xs.map((x) => makeView(x.shape));
    const order = new Int32Array(result.total).fill(-1);
    let drawnBefore = 0;
    let cols = 1;
    inViews.forEach((v, k) => {
      const plan = planDraw(v, maxCells);
      cols = Math.max(cols, plan.cols);
      const part = drawOrder(v, plan.plan);
      for (let i = 0; i < part.length; i++) order[offsets[k] + i] = part[i] < 0 ? -1 : part[i] + drawnBefore;
      drawnBefore += plan.drawn;
    });
    const rainbow = inputColours(order, cols);
    colourOf = (src) => (src < 0 ? FILLED : rainbow(src));
    const figureWidth = Math.max(200, (width - 110) / 2);
    const caption = (f, t, info) => f.caption.replaceChildren(el('strong', {}, f.name), ' ', el('code', {}, formatShape(t.shape)),
      el('span', { class: 'small' }, ` · ${t.dtype} · ${info.total.toLocaleString('en-US')} element${info.total === 1 ? '' : 's'}`));
    xs.forEach((x, k) => {
      caption(inFigures[k], x, inFigures[k].grid.render({ tensor: x, view: inViews[k], colourOf: (i) => colourOf(offsets[k] + i), maxCells, width: figureWidth }));
    });
    const srcText = (src) => (src < 0 ? (op.none ?? 'computed from no input element') : (() => { const { k, local } = inputOf(src); return refOf('input', k, local).ref; })());
    ys.forEach((y, k) => {
      const info = outFigures[k].grid.render({
        tensor: y, view: makeView(y.shape), colourOf: (j) => colourOf(sources[k][j]), srcOf: (j) => sources[k][j], srcText, maxCells, width: figureWidth,
      });
      caption(outFigures[k], y, info);
    });
    detail.textContent = 'Point at or focus a cell to see where it came from or what it became.';
    formula.hidden = true;
  }

  // --- links between inputs and outputs

  let marked = [];
  // `weight`: shown in the cell's corner while it is marked (a traced tap's).
  const mark = (cell, cls, weight) => {
    if (!cell) return;
    cell.classList.add(cls);
    if (weight !== undefined) cell.dataset.weight = formatValue(weight);
    marked.push([cell, cls]);
  };

  function point(side, k, index) {
    for (const [cell, cls] of marked) { cell.classList.remove(cls); delete cell.dataset.weight; }
    marked = [];
    formula.hidden = true;
    if (index === null || !result) return;
    const { sources, deciders } = result;
    if (result.trace) return pointTaps(side, k, index);
    if (side === 'output') {
      mark(figures.output[k].grid.cell(index), 'pointed');
      const here = refOf('output', k, index);
      const src = sources[k][index];
      if (src < 0) {
        detail.textContent = `${here.ref} = ${here.value}: ${op.none ?? 'computed from no input element'}.`;
        return;
      }
      const from = inputOf(src);
      mark(figures.input[from.k].grid.cell(from.local), 'linked');
      const source = refOf('input', from.k, from.local);
      // The other output places from the same element (a value and its index).
      figures.output.forEach((f, kk) => {
        for (const [j, cell] of f.grid.cells) if ((kk !== k || j !== index) && sources[kk][j] === src) mark(cell, 'sibling');
      });
      let decider = null;
      if (deciders) {
        const d = inputOf(deciders[k][index]);
        mark(figures.input[d.k].grid.cell(d.local), 'sibling');
        decider = refOf('input', d.k, d.local);
      }
      detail.textContent = `${here.ref} = ${here.value} (${result.ys[k].dtype}) from ${source.ref} = ${source.value} (${result.xs[from.k].dtype})` +
        (decider ? `, chosen by ${decider.ref} = ${decider.value}.` : '.');
      const at = unravel(index, result.ys[k].shape);
      formula.replaceChildren(
        el('p', { class: 'formula-rule' }, el('code', {}, op.rule(result.params))),
        el('p', { class: 'formula-filled', 'data-role': 'formula-filled' },
          el('code', {}, `${here.ref} = ${op.filled({ p: result.params, at, src: source, decider, value: here.value, output: k })}`)));
      formula.hidden = false;
    } else {
      mark(figures.input[k].grid.cell(index), 'pointed');
      const src = result.offsets[k] + index;
      const targets = [];
      figures.output.forEach((f, kk) => {
        for (const [j, cell] of f.grid.cells) if (sources[kk][j] === src) { mark(cell, 'linked'); targets.push(refOf('output', kk, j)); }
      });
      const here = refOf('input', k, index);
      detail.textContent = targets.length
        ? `${here.ref} = ${here.value} became ${targets.slice(0, 4).map((t) => `${t.ref} = ${t.value}`).join(', ')}${targets.length > 4 ? ', …' : ''}.`
        : `${here.ref} = ${here.value} is in no drawn output element${deciders && k === 0 ? ' (a condition chooses; it is not copied)' : ''}.`;
    }
  }

  // A traced operation: an output reads several elements, each with a weight (result.trace, the library's);
  // the heaviest is outlined as the source, the others dashed, each with its weight.
  function pointTaps(side, k, index) {
    const { trace, xs, ys, params } = result;
    const here = refOf(side, k, index);
    mark(figures[side][k].grid.cell(index), 'pointed');
    if (side === 'input') {
      const readers = [];
      for (const [j, cell] of figures.output[0].grid.cells) {
        const tap = trace.taps(j).find((t) => t.src === index);
        if (tap) { mark(cell, 'linked', tap.w); readers.push(`${refOf('output', 0, j).ref} (weight ${formatValue(tap.w)})`); }
      }
      detail.textContent = readers.length
        ? `${here.ref} = ${here.value} is read by ${readers.slice(0, 4).join(', ')}${readers.length > 4 ? `, … (${readers.length} in all)` : ''}.`
        : `${here.ref} = ${here.value} is read by no drawn output element.`;
      return;
    }
    const taps = trace.taps(index).map((t) => ({ ...t, ...refOf('input', 0, t.src) }));
    for (const t of taps) mark(figures.input[0].grid.cell(t.src), t.src === result.sources[0][index] ? 'linked' : 'sibling', t.w);
    detail.textContent = `${here.ref} = ${here.value} (${ys[0].dtype}) reads ${taps.length} element${taps.length === 1 ? '' : 's'} of x ` +
      `(${xs[0].dtype}): ${taps.slice(0, 6).map((t) => `${t.ref} = ${t.value} · ${formatValue(t.w)}`).join(', ')}${taps.length > 6 ? ', …' : ''}.`;
    const at = unravel(index, ys[0].shape);
    formula.replaceChildren(
      el('p', { class: 'formula-rule' }, el('code', {}, op.rule(params))),
      ...op.steps({ trace, at, params }).map((text) => el('p', { class: 'formula-step', 'data-role': 'formula-step' }, el('code', {}, text))),
      el('p', { class: 'formula-filled', 'data-role': 'formula-filled' },
        el('code', {}, `${here.ref} = ${op.filled({ taps, value: here.value, dtype: ys[0].dtype })}`)));
    formula.hidden = false;
  }

  controls.set(op.defaults);
  let shown = false;
  return {
    show() {
      if (!shown) update();
      else { draw(); onState?.(controls.texts()); }
      shown = true;
      more?.show();
    },
    update,
    restore(texts) {
      controls.set({ ...op.defaults, ...texts });
      if (shown) update();
    },
  };
}
