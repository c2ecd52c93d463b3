// Fields that several operations' forms share.

export const INPUT_SHAPE = {
  name: 'inputShape', label: 'input shape', kind: 'list', example: '4, 3', role: 'input',
  hint: 'x.shape: dims separated by commas (empty: a scalar)',
};
export const INPUT_SHAPES = {
  name: 'inputShapes', label: 'input shapes', kind: 'shapes', example: '2, 2; 2, 3', role: 'input',
  hint: 'the shapes of x0, x1, …, separated by semicolons; x0 holds 1, 2, 3, …, x1 goes on from there',
};
export const VALUES = {
  name: 'values', label: 'input values', kind: 'values', example: '1, 2, 3', role: 'input',
  hint: 'optional: empty means 1, 2, 3, … in row-major order',
};
export const INDICES_SHAPE = {
  name: 'indicesShape', label: 'indices shape', kind: 'list', example: '2, 2',
  hint: 'indices.shape (empty: a scalar index)',
};
export const INDICES = {
  name: 'indices', label: 'indices', kind: 'list', example: '0, 2, 1, 1',
  hint: 'the index values in row-major order (negative: from the end); sent as an int32 tensor',
};

/** An optional integer list: left empty, the parameter is not passed. */
export function optionalList(name, label, example, hint) {
  return { name, label, kind: 'optionalList', example, hint };
}

export function list(name, label, example, hint) {
  return { name, label, kind: 'list', example, hint };
}

export function scalar(name, label, example, hint) {
  return { name, label, kind: 'scalar', example, hint };
}

export function choice(name, label, choices, hint) {
  return { name, label, kind: 'choice', choices, hint };
}

/** An options object without the entries left undefined (so the call shown stays short). */
export function options(entries) {
  const o = {};
  for (const [k, v] of Object.entries(entries)) if (v !== undefined) o[k] = v;
  return o;
}

/** The indices tensor the gathers take, from the form's two fields. */
export function indicesTensor(p) {
  return { data: Int32Array.from(p.indices ?? [], Number), shape: p.indicesShape };
}
