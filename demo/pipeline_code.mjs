// A pipeline as a JavaScript program that runs as it is in Node (or a
// bundler): the input built from the page's exact bytes, one kept tensor per
// stage, the result copied out, every kept tensor disposed, and one line
// printed that the page shows too (describeResult, copied into the program
// as its own source text, so both sides print it the same way).
import { codeOf, js } from './operations.mjs';

/** One line about a result: shape, array type, an FNV-1a checksum of its bytes and its first values. */
export function describeResult(shape, data) {
  // FNV-1a over the bytes: one number that any change of any element changes.
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  let hash = 0x811c9dc5;
  for (const b of bytes) hash = Math.imul(hash ^ b, 0x01000193) >>> 0;
  const first = Array.from(data.subarray(0, 8), String).join(', ');
  return `shape [${shape.join(', ')}], ${data.constructor.name} of ${data.length}, ` +
    `FNV-1a ${hash.toString(16).padStart(8, '0')}, first: ${first}${data.length > 8 ? ', …' : ''}`;
}

function base64(bytes) {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x2000) text += String.fromCharCode(...bytes.subarray(i, i + 0x2000));
  return btoa(text);
}

function inputLines(source, x) {
  const shape = js(x.shape);
  if (source.kind !== 'shape') {
    return [
      `// The input: ${source.kind === 'user' ? `your picture (${source.label})` : `the page's "${source.label}" picture`}, RGBA bytes ${shape} (uint8), in base64.`,
      `const pixels = Uint8Array.from(atob('${base64(x.data)}'), (c) => c.charCodeAt(0));`,
      `const t0 = ops.tensor(pixels, ${shape});   // kept in WebAssembly memory`,
    ];
  }
  const data = source.values
    ? `new Float32Array(${js(source.values)})`
    : `Float32Array.from({ length: ${x.data.length} }, (_, i) => i + 1)`;
  return [
    `// The input: ${shape} (float32), ${source.values ? 'the values typed on the page' : '1, 2, 3, … in row-major order'}.`,
    `const t0 = ops.tensor(${data}, ${shape});   // kept in WebAssembly memory`,
  ];
}

/**
 * The program: `source` ({ kind, label, values }), `x` the input tensor the
 * page built, `stages` [{ op, params }] with parsed parameters, `link` the page's URL.
 */
export function programOf({ source, x, stages, link }) {
  const last = `t${stages.length}`;
  const kept = stages.map((_, k) => `t${k}`).concat(last).join(', ');
  return [
    `// A wasm-tensor-ops pipeline, as built on the demo page:`,
    `// ${link}`,
    `import { load } from 'wasm-tensor-ops';`,
    '',
    'const ops = await load();',
    ...inputLines(source, x),
    '',
    stages.length ? '// Each stage takes a kept tensor and returns one: nothing is copied in or out between them.' : '// No stages: the result is the input.',
    ...stages.map(({ op, params }, k) => `const t${k + 1} = ${codeOf(op, params, `t${k}`)};`),
    '',
    `const shape = ${last}.shape;`,
    `const y = ${last}.toArray();   // the result, copied out of WebAssembly memory`,
    `for (const t of [${kept}]) t.dispose();`,
    `console.log(describeResult(shape, y));`,
    '',
    describeResult.toString(),
    '',
  ].join('\n');
}
