// A tiny ONNX model writer (protobuf by hand, no dependency), enough for
// one-node graphs that the interop tests run in onnxruntime-web:
//   oneNodeModel({ op: 'DepthToSpace', attributes: { blocksize: 2, mode: 'DCR' },
//                  inputs: [['x', 'float32', [1, 8, 2, 2]]], outputs: [['y', 'float32']] })
// Field numbers are those of onnx/onnx.proto.

const ELEM_TYPES = {
  float32: 1, uint8: 2, int8: 3, uint16: 4, int16: 5, int32: 6, int64: 7, string: 8, bool: 9, float16: 10,
  float64: 11, uint32: 12, uint64: 13,
};

class Writer {
  constructor() {
    this.bytes = [];
  }

  varint(value) {
    let v = BigInt.asUintN(64, BigInt(value));
    do {
      let byte = Number(v & 0x7fn);
      v >>= 7n;
      if (v) byte |= 0x80;
      this.bytes.push(byte);
    } while (v);
    return this;
  }

  tag(field, wire) {
    return this.varint((field << 3) | wire);
  }

  int(field, value) {
    return this.tag(field, 0).varint(value);
  }

  raw(field, bytes) {
    this.tag(field, 2).varint(bytes.length);
    for (const b of bytes) this.bytes.push(b);
    return this;
  }

  string(field, text) {
    return this.raw(field, new TextEncoder().encode(text));
  }

  message(field, writer) {
    return this.raw(field, writer.bytes);
  }

  finish() {
    return Uint8Array.from(this.bytes);
  }
}

function attribute(name, value) {
  const a = new Writer().string(1, name);
  if (typeof value === 'string') return a.string(4, value).int(20, 3); // STRING
  if (Array.isArray(value)) {
    for (const v of value) a.int(8, v);
    return a.int(20, 7); // INTS
  }
  return a.int(3, value).int(20, 2); // INT
}

// ValueInfoProto: name, and a tensor type with an element type and, if given, fixed dims.
function valueInfo([name, dtype, dims]) {
  const tensorType = new Writer().int(1, ELEM_TYPES[dtype]);
  if (dims) {
    const shape = new Writer();
    for (const d of dims) shape.message(1, new Writer().int(1, d));
    tensorType.message(2, shape);
  }
  return new Writer().string(1, name).message(2, new Writer().message(1, tensorType));
}

/** The bytes of a ModelProto (IR 8, opset 13) whose graph is one node. */
export function oneNodeModel({ op, attributes = {}, inputs, outputs, opset = 13 }) {
  const node = new Writer();
  for (const [name] of inputs) node.string(1, name);
  for (const [name] of outputs) node.string(2, name);
  node.string(3, `${op}_0`).string(4, op);
  for (const [name, value] of Object.entries(attributes)) node.message(5, attribute(name, value));
  const graph = new Writer().message(1, node).string(2, `${op}_graph`);
  for (const input of inputs) graph.message(11, valueInfo(input));
  for (const output of outputs) graph.message(12, valueInfo(output));
  return new Writer()
    .int(1, 8) // ir_version
    .string(2, 'wasm-tensor-ops tests') // producer_name
    .message(7, graph)
    .message(8, new Writer().string(1, '').int(2, opset)) // opset_import
    .finish();
}
