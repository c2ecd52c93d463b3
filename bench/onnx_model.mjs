// One-node ONNX models, encoded by hand (protobuf wire format), so the
// benchmark can run onnxruntime-web on exactly the operation it times.
// Only the fields onnxruntime needs: ModelProto{ir_version, opset_import,
// graph{node, initializer, input, output}}.

const utf8 = new TextEncoder();

function varint(value) {
  let v = BigInt.asUintN(64, BigInt(value));
  const bytes = [];
  do {
    let b = Number(v & 0x7fn);
    v >>= 7n;
    if (v) b |= 0x80;
    bytes.push(b);
  } while (v);
  return bytes;
}

// A message is a list of encoded fields; each helper returns one field.
const field = {
  varint: (n, v) => [...varint((n << 3) | 0), ...varint(v)],
  bytes: (n, b) => [...varint((n << 3) | 2), ...varint(b.length), ...b],
  string: (n, s) => field.bytes(n, [...utf8.encode(s)]),
  message: (n, parts) => field.bytes(n, parts.flat()),
};

/** ONNX TensorProto.DataType of each dtype the benchmark uses. */
export const ONNX_TYPES = {
  float32: 1, uint8: 2, int8: 3, uint16: 4, int16: 5, int32: 6, int64: 7, bool: 9, float16: 10,
  float64: 11, uint32: 12, uint64: 13,
};

function valueInfo(name, elemType, shape) {
  const dims = shape.map((d) => field.message(1, [field.varint(1, d)]));
  const tensorType = [field.varint(1, elemType), field.message(2, dims)];
  return [field.string(1, name), field.message(2, [field.message(1, tensorType)])];
}

function int64Initializer(name, values) {
  const raw = new Uint8Array(new BigInt64Array(values.map(BigInt)).buffer);
  return [field.varint(1, values.length), field.varint(2, ONNX_TYPES.int64), field.string(8, name), field.bytes(9, [...raw])];
}

function attribute(name, value) {
  if (typeof value === 'number') return [field.string(1, name), field.varint(3, value), field.varint(20, 2)];
  if (Array.isArray(value)) return [field.string(1, name), ...value.map((v) => field.varint(8, v)), field.varint(20, 7)]; // INTS
  return [field.string(1, name), field.bytes(4, [...utf8.encode(value)]), field.varint(20, 3)];
}

/**
 * A model with one node: op(x, ...int64 constant inputs) -> y, or with
 * several inputs x0, x1, ... (`inputShapes`, of `inputDtypes` when they
 * differ: Where's bool condition, ScatterND's int64 indices) or outputs
 * y0, y1, ... (`outputShapes`, of `outputDtypes` when they differ: ArgMax's
 * and TopK's int64 indices).
 * @param {{op: string, dtype: string, inputShape?: number[], outputShape?: number[],
 *          inputShapes?: number[][], inputDtypes?: string[], outputShapes?: number[][], outputDtypes?: string[], opset?: number,
 *          constants?: Record<string, (number|bigint)[]>, attributes?: Record<string, number|string|number[]>}} spec
 * @returns {Uint8Array} the serialized ModelProto
 */
export function oneNodeModel({
  op, dtype, inputShape, outputShape, inputShapes, inputDtypes, outputShapes, outputDtypes, opset = 17, constants = {},
  attributes = {},
}) {
  const elemType = ONNX_TYPES[dtype];
  const inputs = inputShapes ? inputShapes.map((s, i) => [`x${i}`, s, ONNX_TYPES[inputDtypes?.[i] ?? dtype]]) : [['x', inputShape, elemType]];
  const outputs = outputShapes
    ? outputShapes.map((s, i) => [`y${i}`, s, ONNX_TYPES[outputDtypes?.[i] ?? dtype]])
    : [['y', outputShape, ONNX_TYPES[outputDtypes?.[0] ?? dtype]]];
  const node = [
    ...inputs.map(([name]) => field.string(1, name)),
    ...Object.keys(constants).map((name) => field.string(1, name)),
    ...outputs.map(([name]) => field.string(2, name)),
    field.string(3, op.toLowerCase()),
    field.string(4, op),
    ...Object.entries(attributes).map(([k, v]) => field.message(5, attribute(k, v))),
  ];
  const graph = [
    field.message(1, node),
    field.string(2, `${op}_graph`),
    ...Object.entries(constants).map(([name, values]) => field.message(5, int64Initializer(name, values))),
    ...inputs.map(([name, shape, type]) => field.message(11, valueInfo(name, type, shape))),
    ...outputs.map(([name, shape, type]) => field.message(12, valueInfo(name, type, shape))),
  ];
  const model = [
    field.varint(1, 8), // ir_version
    field.message(8, [field.string(1, ''), field.varint(2, opset)]),
    field.message(7, graph),
  ];
  return new Uint8Array(model.flat());
}
