// The form of an operation's parameters: one labelled control per
// parameter, its hint, and the place where the error about it is shown.
// Typed text becomes numbers here (parse.mjs); the library judges them.
import {
  ParseError, formatList, formatShapes, parseList, parseListOrScalar, parseOptionalList, parseOptionalScalar, parseScalar,
  parseShapes,
} from './parse.mjs';

const PARSERS = {
  list: (text, f) => parseList(text, { example: f.example }),
  optionalList: (text, f) => parseOptionalList(text, { example: f.example }),
  listOrScalar: (text, f) => parseListOrScalar(text, { example: f.example }),
  scalar: (text, f) => parseScalar(text, { example: f.example }),
  optionalScalar: (text, f) => parseOptionalScalar(text, { example: f.example }),
  shapes: (text, f) => parseShapes(text, { example: f.example }),
  // Values are data, not parameters: plain numbers (a long integer, parsed
  // as a bigint, becomes the nearest double).
  values: (text, f) => parseOptionalList(text, { example: f.example })?.map(Number),
};

// The names the library's messages use for what the page calls its fields.
const MESSAGE_NAMES = {
  'x.shape': 'inputShape', 'x.data': 'values', tensors: 'inputShapes', 'indices.shape': 'indicesShape',
};
// A parameter's name as a word of its own; x.shape, tensors[1].shape and
// indices.shape as the fields that hold them.
const NAMED = /(?<![\w.])(x\.shape|x\.data|indices\.shape|tensors(?:\[\d+\])?(?:\.shape)?|[a-zA-Z]+)(?!\w)/g;

/** The fields a library message names, in the order it names them. */
export function fieldsNamed(message, fieldNames) {
  const body = message.slice(message.indexOf(':') + 1);
  const found = [];
  for (const [, word] of body.matchAll(NAMED)) {
    if (word === 'values') continue; // a plain word in messages; the input's values are x.data
    const name = MESSAGE_NAMES[word] ?? MESSAGE_NAMES[word.replace(/\[\d+\]|\.shape$/g, '')] ?? word;
    if (fieldNames.includes(name) && !found.includes(name)) found.push(name);
  }
  return found;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (k === 'class') node.className = v;
    else if (k === 'html') node.innerHTML = v;
    else node.setAttribute(k, v === true ? '' : v);
  }
  node.append(...children);
  return node;
}

export { el };

/**
 * Builds the form of `op` (operations.mjs) with ids prefixed by `prefix`;
 * `onChange()` runs on every edit.
 */
export function buildControls(op, prefix, onChange) {
  const form = el('form', { class: 'controls', 'aria-label': `${op.title} parameters`, novalidate: true });
  form.addEventListener('submit', (e) => e.preventDefault());
  const fields = new Map();
  for (const f of op.fields) {
    const id = `${prefix}-${f.name}`;
    const hintId = `${id}-hint`;
    const errorId = `${id}-error`;
    const described = `${hintId} ${errorId}`;
    let control;
    const wrap = el('div', { class: `field field-${f.kind}${f.view ? ' field-view' : ''}`, 'data-field': f.name });
    if (f.kind === 'bool') {
      control = el('input', { type: 'checkbox', id, 'aria-describedby': described });
      wrap.append(el('div', { class: 'check' }, control, el('label', { for: id }, f.label)));
    } else if (f.kind === 'choice') {
      control = el('select', { id, 'aria-describedby': described },
        ...f.choices.map((c) => el('option', { value: c }, c)));
      wrap.append(el('label', { for: id }, f.label), control);
    } else {
      control = el('input', {
        type: 'text', id, autocomplete: 'off', spellcheck: 'false', autocapitalize: 'off',
        inputmode: f.kind === 'values' ? 'decimal' : 'text', placeholder: f.kind === 'values' ? '1, 2, 3, …' : f.example,
        'aria-describedby': described,
      });
      wrap.append(el('label', { for: id }, f.label), control);
    }
    const error = el('p', { class: 'error', id: errorId, 'data-error-for': f.name, 'aria-live': 'polite' });
    wrap.append(error, el('p', { class: 'hint', id: hintId }, f.hint));
    form.append(wrap);
    fields.set(f.name, { f, control, error, wrap });
  }
  const api = {
    form,
    fields,
    names: [...fields.keys()],
    /** The field the user changed last (null after a preset). */
    lastEdited: null,

    /** Sets the controls from { name: text | boolean | list }. */
    set(values) {
      for (const [name, value] of Object.entries(values)) {
        const field = fields.get(name);
        if (!field) continue;
        if (field.f.kind === 'bool') field.control.checked = Boolean(value);
        else if (typeof value === 'string') field.control.value = value;
        else field.control.value = field.f.kind === 'shapes' ? formatShapes(value) : formatList(value);
      }
    },

    /** The controls as typed: { name: text | boolean } (what a link keeps). */
    texts() {
      const t = {};
      for (const [name, { f, control }] of fields) t[name] = f.kind === 'bool' ? control.checked : control.value;
      return t;
    },

    /** The parameters as the library takes them, and the page's own parse errors. */
    read() {
      const params = {};
      const errors = new Map();
      for (const [name, { f, control }] of fields) {
        if (f.kind === 'bool') params[name] = control.checked;
        else if (f.kind === 'choice') params[name] = control.value;
        else {
          try {
            params[name] = PARSERS[f.kind](control.value, f);
          } catch (error) {
            if (!(error instanceof ParseError)) throw error;
            errors.set(name, error.message);
          }
        }
      }
      return { params, errors };
    },

    /**
     * Shows one message beside `name`: `code` is the library's error code,
     * or null for a message of the page's own, tagged `tag`. `also`: other
     * fields the message names, marked too.
     */
    showError(name, message, { code = null, tag = 'not numbers', also = [] } = {}) {
      const field = fields.get(name);
      if (!field) return;
      field.error.replaceChildren(el('span', { class: code ? 'code' : 'code own' }, code ?? tag), ' ', message);
      field.error.dataset.code = code ?? 'PAGE';
      field.control.setAttribute('aria-invalid', 'true');
      field.wrap.classList.add('invalid');
      for (const other of also) {
        const o = fields.get(other);
        if (o && other !== name) {
          o.wrap.classList.add('implicated');
          o.control.setAttribute('aria-invalid', 'true');
        }
      }
    },

    clearErrors() {
      for (const { error, control, wrap } of fields.values()) {
        if (error.textContent) error.replaceChildren();
        delete error.dataset.code;
        control.removeAttribute('aria-invalid');
        wrap.classList.remove('invalid', 'implicated');
      }
    },

    /**
     * Where a library error is shown: the field the user just changed if
     * the message names it, else the first parameter it names (the input's
     * shape and values last), else `fallback`.
     */
    faultOf(message, fallback) {
      const named = fieldsNamed(message, api.names);
      if (named.includes(api.lastEdited)) return { at: api.lastEdited, named };
      const param = named.find((n) => n !== 'inputShape' && n !== 'values');
      return { at: param ?? named[0] ?? fallback, named };
    },
  };
  const edited = (e) => {
    api.lastEdited = e.target.closest('[data-field]')?.dataset.field ?? null;
    onChange();
  };
  form.addEventListener('input', edited);
  form.addEventListener('change', edited);
  return api;
}
