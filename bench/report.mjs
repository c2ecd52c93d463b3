// Markdown summary of bench/results.json (or --in=<name>.json), for the README:
// node bench/report.mjs > bench/results.md
import { readFileSync } from 'node:fs';

const input = process.argv.find((a) => a.startsWith('--in='))?.slice(5) ?? 'results.json';
const { meta, results, targets, memory } = JSON.parse(readFileSync(new URL(`./${input}`, import.meta.url)));

const fmt = (ms) => (ms === undefined ? '–' : ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);
const x = (a, b) => (a === undefined || b === undefined ? '–' : `${(a / b).toFixed(2)}×`);

const lines = [];
lines.push(`Measured ${meta.date.slice(0, 10)} on ${meta.cpu}, Node ${meta.node}; onnxruntime-web ${meta.peers['onnxruntime-web']}, ` +
  `tfjs-backend-wasm ${meta.peers['tfjs-backend-wasm']}. Best of interleaved rounds; every ratio compares numbers from the same run.`);
lines.push('');
for (const size of [...new Set(results.map((r) => r.size))]) {
  lines.push(`**${size}, float32** (limit: \`TypedArray.prototype.set\` of the output's bytes, \`fill\` for broadcasts; ` +
    'fresh: a new array of the output\'s size and that copy into it)');
  lines.push('');
  lines.push('| case | kept, mt | kept, st | kept / limit | plain, mt | plain / fresh | onnxruntime-web | ort / plain | out, mt | ort / out | tfjs | JS loop |');
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results.filter((q) => q.size === size && q.dtype === 'float32')) {
    const t = r.times;
    lines.push(`| ${r.name} | ${fmt(t['kept mt'])} | ${fmt(t['kept st'])} | ${x(t['kept mt'], t.limit)} | ${fmt(t['plain mt'])} | ${x(t['plain mt'], t.fresh)} | ` +
      `${fmt(t.ort)} | ${x(t.ort, t['plain mt'])} | ${fmt(t['out mt'])} | ${x(t.ort, t['out mt'])} | ${fmt(t.tfjs)} | ${fmt(t['js loop'])} |`);
  }
  lines.push('');
}
const widths = results.filter((r) => r.size === '64MiB' && r.name !== 'reshape');
if (new Set(widths.map((r) => r.dtype)).size > 1) {
  lines.push('**Element widths, 64 MiB, kept tensors, simd-mt** (time relative to float32 for the same bytes)');
  lines.push('');
  lines.push('| case | uint8 | uint16 | float32 | float64 |');
  lines.push('|---|---|---|---|---|');
  for (const name of [...new Set(widths.map((r) => r.name))]) {
    const of = (dtype) => widths.find((r) => r.name === name && r.dtype === dtype)?.times['kept mt'];
    const f32 = of('float32');
    lines.push(`| ${name} | ${['uint8', 'uint16', 'float32', 'float64'].map((d) => x(of(d), f32)).join(' | ')} |`);
  }
  lines.push('');
}
if (memory?.length) {
  lines.push('**Peak memory** of a 64 MiB spaceToDepth beyond its input and output (allocator peak footprint): ' +
    memory.map((m) => `${m.variant}: ${m.plainExtraBytes} bytes (plain), ${m.keptExtraBytes} bytes (kept)`).join('; ') + '.');
  lines.push('');
}
lines.push('**Targets**');
lines.push('');
for (const v of targets) lines.push(`- ${v.met === null ? 'not measured' : v.met ? 'met' : '**missed**'}: ${v.target} — ${v.detail}`);
console.log(lines.join('\n'));
