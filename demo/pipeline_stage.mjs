// One stage of the pipeline as a card: its operation, buttons to move or
// remove it, the operation's parameters (ids pipeline-s<k>-<name>), the call,
// what it gave (shape and time, or the error, or what it waits for) and its
// output. Also the Copy button of the program.
import { buildControls, el } from './controls.mjs';
import { formatShape } from './layout.mjs';
import { ms } from './numbers.mjs';
import { codeOf } from './operations.mjs';
import { stageForm, stageOperation } from './pipeline_state.mjs';


/**
 * Stage `k` (0-based) of `n`, from `stage` ({ op, texts }). `onEdit()` after a
 * field changes, `onOperation(id)` when another operation is chosen, and
 * `up()`, `down()`, `remove()` for its buttons.
 */
export function stageCard(k, n, stage, { operations, onEdit, onOperation, up, down, remove }) {
  const prefix = `pipeline-s${k + 1}`;
  const select = el('select', { id: `${prefix}-op` }, ...operations.map((o) => el('option', { value: o.id }, o.title)));
  const button = (name, text, label, onClick, disabled) => {
    const b = el('button', { type: 'button', class: 'pipe-button', id: `${prefix}-${name}`, 'aria-label': label, disabled }, text);
    b.addEventListener('click', onClick);
    return b;
  };
  const call = el('code', { class: 'call', 'data-role': 'stage-call' });
  const summary = el('p', { class: 'summary', 'data-role': 'stage-summary', 'aria-live': 'polite' });
  const figure = el('figure', { class: 'tensor pipe-figure', 'data-role': 'stage-output' });
  const kind = el('p', { class: 'small pipe-kind' });
  const detail = el('p', { class: 'detail', 'aria-live': 'polite' });
  const body = el('div', { class: 'pipe-stage-body' }, el('form'), el('div', { class: 'pipe-stage-out' }, call, summary, kind, figure, detail));
  const root = el('li', { class: 'pipe-stage', 'data-stage': String(k + 1), 'aria-labelledby': `${prefix}-title` },
    el('div', { class: 'pipe-stage-head' },
      el('h3', { id: `${prefix}-title` }, `Stage ${k + 1}`),
      el('div', { class: 'field pipe-op' }, el('label', { for: `${prefix}-op` }, 'operation'), select),
      el('div', { class: 'pipe-buttons' },
        button('up', '↑', `Move stage ${k + 1} up`, up, k === 0),
        button('down', '↓', `Move stage ${k + 1} down`, down, k === n - 1),
        button('remove', '✕', `Remove stage ${k + 1}`, remove))),
    body);

  // Another operation swaps the form only, so the select keeps its focus
  // (and typing an operation's name into it keeps working).
  let op;
  let form;
  let controls;
  function setOperation(id, texts) {
    op = stageOperation(id);
    form = stageForm(op);
    controls = buildControls(form, prefix, onEdit);
    controls.set(texts);
    body.firstChild.replaceWith(controls.form);
    select.value = id;
    root.dataset.op = id;
  }
  setOperation(stage.op, stage.texts);
  select.addEventListener('change', () => {
    setOperation(select.value, stageForm(stageOperation(select.value)).defaults);
    onOperation(select.value);
  });

  const state = (s) => {
    root.dataset.state = s;
    summary.dataset.state = s === 'error' ? 'error' : 'ok';
  };
  return {
    root,
    get controls() {
      return controls;
    },
    /** The stage worked: its output shape and the library call's time. */
    ok(shape, time, { variant }) {
      state('ok');
      kind.replaceChildren();
      call.textContent = `const t${k + 1} = ${codeOf(op, controls.read().params, `t${k}`)};`;
      summary.replaceChildren('→ ', el('strong', { 'data-role': 'out-shape' }, formatShape(shape)), ' in ',
        el('strong', { 'data-role': 'time' }, ms(time)), ` (${variant})`);
    },
    /** On kept tensors: a view (no bytes allocated) or a pass (its output written). */
    badge({ view, bytes }) {
      kind.replaceChildren('On kept tensors: ', el('span', { class: `stage-badge ${view ? 'view' : 'pass'}`, 'data-role': 'stage-kind', 'data-kind': view ? 'view' : 'pass' },
        view ? 'view: no copy' : `pass: ${bytes.toLocaleString('en-US')} bytes allocated`));
    },
    fail(text) {
      state('error');
      kind.replaceChildren();
      call.textContent = '';
      summary.textContent = text;
      figure.replaceChildren();
      detail.textContent = '';
    },
    /** The library's error, beside the field it names first (the others it names marked). */
    libraryError(e) {
      const { at, named } = controls.faultOf(e.message, form.fields[0].name);
      controls.showError(at, e.message, { code: e.code, also: named });
      this.fail(`The library rejected the parameters: ${e.code} at “${controls.fields.get(at).f.label}”.`);
    },
    /** An earlier stage (or the source) failed: nothing to compute here. */
    wait(what) {
      this.fail(`Waits for ${what}.`);
      root.dataset.state = 'waiting';
      summary.dataset.state = 'waiting';
    },
    show(...content) {
      figure.replaceChildren(...content);
    },
    note(text) {
      figure.append(el('p', { class: 'note' }, text));
    },
    detail(text) {
      detail.textContent = text;
    },
    width() {
      return figure.clientWidth;
    },
  };
}

/** The Copy button of `code`: the clipboard when the browser allows it, else the text selected for Ctrl+C. */
export function copyButton(code) {
  const status = el('span', { class: 'small', role: 'status', 'data-role': 'copy-status' });
  const button = el('button', { type: 'button', class: 'animate', id: 'pipeline-copy' }, 'Copy');
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(code.textContent);
      status.textContent = 'Copied to the clipboard.';
    } catch {
      // No clipboard here (an insecure page, or permission refused): select it instead.
      getSelection().selectAllChildren(code);
      status.textContent = 'Selected: press Ctrl+C (⌘C on a Mac) to copy.';
    }
  });
  return { button, status };
}
