// bench/chart.svg: for each float32 case, time relative to the memory limit
// (TypedArray.set or fill) of this library and the peers, on a log scale.

const SERIES = [
  ['kept mt', 'wasm-tensor-ops, kept tensors', '#1b7837'],
  ['plain mt', 'wasm-tensor-ops, typed arrays', '#5aae61'],
  ['ort', 'onnxruntime-web', '#2166ac'],
  ['tfjs', 'tfjs-backend-wasm', '#9970ab'],
  ['js loop', 'plain JavaScript loop', '#b2182b'],
];

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function drawChart(results, meta) {
  const rows = results.filter((r) => r.dtype === 'float32' && r.times.limit);
  const sizes = [...new Set(rows.map((r) => r.size))];
  const barH = 7, gap = 10, left = 180, width = 900, plotW = width - left - 30;
  const maxRatio = 128;
  const x = (ratio) => left + (Math.log2(Math.max(ratio, 0.25)) + 2) / (Math.log2(maxRatio) + 2) * plotW;
  let y = 60;
  const parts = [];
  for (const size of sizes) {
    parts.push(`<text x="10" y="${y}" font-weight="bold">${esc(size)} (float32)</text>`);
    y += 10;
    for (const r of rows.filter((q) => q.size === size)) {
      const series = SERIES.filter(([k]) => r.times[k] !== undefined);
      parts.push(`<text x="${left - 6}" y="${y + series.length * barH / 2 + 4}" text-anchor="end">${esc(r.name)}</text>`);
      for (const [key, , color] of series) {
        const ratio = r.times[key] / r.times.limit;
        parts.push(`<rect x="${left}" y="${y}" width="${Math.max(1, x(ratio) - left).toFixed(1)}" height="${barH - 1}" fill="${color}"><title>${esc(key)}: ${ratio.toFixed(2)}x limit</title></rect>`);
        y += barH;
      }
      y += gap;
    }
    y += 10;
  }
  const ticks = [0.25, 0.5, 1, 2, 4, 8, 16, 32, 64, 128].map((v) =>
    `<line x1="${x(v)}" y1="40" x2="${x(v)}" y2="${y}" stroke="${v === 1 ? '#000' : '#ddd'}"/>` +
    `<text x="${x(v)}" y="${y + 14}" text-anchor="middle">${v}x</text>`).join('');
  const legend = SERIES.map(([, label, color], i) =>
    `<rect x="${10 + (i % 3) * 290}" y="${y + 26 + Math.floor(i / 3) * 16}" width="10" height="10" fill="${color}"/>` +
    `<text x="${24 + (i % 3) * 290}" y="${y + 35 + Math.floor(i / 3) * 16}">${esc(label)}</text>`).join('');
  const height = y + 70;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="11">
<rect width="100%" height="100%" fill="#fff"/>
<text x="10" y="20" font-size="14" font-weight="bold">Time relative to a memory copy of the same bytes (lower is better; 1x = TypedArray.set / fill)</text>
<text x="10" y="36">${esc(meta.cpu)}, Node ${esc(meta.node)}, ${esc(meta.date.slice(0, 10))}</text>
${ticks}
${parts.join('\n')}
${legend}
</svg>
`;
}
