// What a pipeline is (a source and a list of stages, each an operation and
// the texts of its fields), its examples, and how it is written into the
// URL's hash and read back, so that a link reproduces it.
import { OPERATIONS } from './operations.mjs';

/** The operations a stage can be: one input tensor, one output tensor (not concat, not split). */
export const STAGE_OPERATIONS = OPERATIONS.filter((op) => op.inputs === 'x' && op.outputs === 'y');

export function stageOperation(id) {
  return STAGE_OPERATIONS.find((op) => op.id === id);
}

/**
 * The operation's description as a stage's form: its parameters only (the
 * input is the previous stage's output; fields that only change the drawing
 * are left out), with the matching defaults.
 */
export function stageForm(op) {
  const fields = op.fields.filter((f) => f.role !== 'input' && !f.view);
  const defaults = Object.fromEntries(fields.map((f) => [f.name, op.defaults[f.name] ?? (f.kind === 'bool' ? false : '')]));
  return { ...op, fields, defaults };
}

export const SOURCE_DEFAULTS = { inputShape: '2, 3, 4', values: '' };

const dropAlpha = { op: 'slice', texts: { starts: '0', ends: '3', axes: '3', steps: '' } };
const toNCHW = { op: 'transpose', texts: { perm: '0, 3, 1, 2' } };

/** The examples; the first is the pipeline the page starts with (the RGBA example). */
export const PIPELINE_PRESETS = [
  {
    label: 'RGBA picture → NCHW, reflect pad, spaceToDepth',
    note: '[1, 48, 48, 4] → drop alpha → [1, 3, 48, 48] → pad 2 → [1, 12, 26, 26]',
    source: { kind: 'landscape' },
    stages: [
      dropAlpha, toNCHW,
      { op: 'pad', texts: { padsBegin: '0, 0, 2, 2', padsEnd: '0, 0, 2, 2', mode: 'reflect', value: '' } },
      { op: 'spaceToDepth', texts: { blockSize: '2', dataFormat: 'NCHW', mode: 'blocks_first' } },
    ],
  },
  {
    label: 'RGBA picture → BGR planes',
    note: 'drop alpha, reverse the channels, NHWC → NCHW',
    source: { kind: 'bars' },
    stages: [dropAlpha, { op: 'reverse', texts: { axes: '3' } }, toNCHW],
  },
  {
    label: 'Crop the middle, mirror it',
    note: 'slice rows and columns 8 to 40, reverse the width',
    source: { kind: 'landscape' },
    stages: [
      { op: 'slice', texts: { starts: '8, 8', ends: '40, 40', axes: '1, 2', steps: '' } },
      { op: 'reverse', texts: { axes: '2' } },
    ],
  },
  {
    label: 'Numbers: edge pad, roll, every other column',
    note: '[3, 4] → [5, 6] → rolled → [5, 3]',
    source: { kind: 'shape', inputShape: '3, 4', values: '' },
    stages: [
      { op: 'pad', texts: { padsBegin: '1, 1', padsEnd: '1, 1', mode: 'edge', value: '' } },
      { op: 'roll', texts: { shift: '1', axes: '1' } },
      { op: 'slice', texts: { starts: '0', ends: '6', axes: '1', steps: '2' } },
    ],
  },
];

/** A stage of `opId` with its defaults, overridden by `texts`. */
export function makeStage(opId, texts = {}) {
  return { op: opId, texts: { ...stageForm(stageOperation(opId)).defaults, ...texts } };
}

/** A fresh copy of preset `k` as a pipeline state. */
export function presetState(k) {
  const p = PIPELINE_PRESETS[k];
  return {
    source: { kind: p.source.kind, ...SOURCE_DEFAULTS, ...p.source },
    stages: p.stages.map((s) => makeStage(s.op, s.texts)),
  };
}

// Commas and spaces stay readable in the link ('+' is a space there).
const encode = (text) => encodeURIComponent(text).replace(/%2C/g, ',').replace(/%20/g, '+');

/**
 * The state as the hash's query: source=landscape (or source=shape&shape=…&values=…),
 * then s1=op and s1.name=text for each stage field that differs from the operation's default.
 */
export function queryOf(state) {
  const parts = [['source', state.source.kind]];
  if (state.source.kind === 'shape') {
    parts.push(['shape', state.source.inputShape]);
    if (state.source.values) parts.push(['values', state.source.values]);
  }
  state.stages.forEach((stage, k) => {
    parts.push([`s${k + 1}`, stage.op]);
    const defaults = stageForm(stageOperation(stage.op)).defaults;
    for (const [name, text] of Object.entries(stage.texts)) {
      if (String(text) !== String(defaults[name])) parts.push([`s${k + 1}.${name}`, String(text)]);
    }
  });
  return parts.map(([k, v]) => `${k}=${encode(v)}`).join('&');
}

/** The state a link's texts ({ 'source': …, 's1': 'pad', 's1.mode': 'edge', … }) describe; unknown operations are skipped. */
export function stateFromTexts(texts, sourceKinds) {
  const kind = sourceKinds.includes(texts.source) ? texts.source : 'shape';
  const source = { kind, inputShape: texts.shape ?? SOURCE_DEFAULTS.inputShape, values: texts.values ?? '' };
  const stages = [];
  for (let k = 1; `s${k}` in texts; k++) {
    const op = stageOperation(texts[`s${k}`]);
    if (!op) continue;
    const own = {};
    for (const f of stageForm(op).fields) {
      const text = texts[`s${k}.${f.name}`];
      if (text !== undefined) own[f.name] = f.kind === 'bool' ? text === 'true' : text;
    }
    stages.push(makeStage(op.id, own));
  }
  return { source, stages };
}
