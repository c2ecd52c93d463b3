// What the target benchmarks (bench/typed.mjs, bench/selection.mjs) share:
// their command-line options, a copy of n bytes (the limit a pass writing
// them approaches), and the table of rows they print and write.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

/** --name=value options as { name: value } (a bare --name is true). */
export const args = Object.fromEntries(process.argv.slice(2).map((a) => {
  const [k, v] = a.replace(/^--/, '').split('=');
  return [k, v ?? true];
}));

/** `TypedArray.prototype.set` of `n` bytes, as a function to time. */
export function setOf(n) {
  const src = new Uint8Array(n).fill(7);
  const dst = new Uint8Array(n);
  return () => dst.set(src);
}

const fmt = (ms) => (ms < 1 ? `${(ms * 1000).toFixed(2)} µs` : `${ms.toFixed(2)} ms`);

/** Rows of { name, target, ms, against, ratio }: row() adds one, print() prints them (and writes `--out`.md). */
export function targetTable(title, command) {
  const rows = [];
  return {
    row: (name, target, ms, against, ratio) => rows.push({ name, target, ms, against, ratio }),
    print(heading, ops) {
      console.log(heading);
      const lines = ['| case | target | time | against | ratio |', '|---|---|---|---|---|'];
      for (const r of rows) lines.push(`| ${r.name} | ${r.target} | ${fmt(r.ms)} | ${r.against} | ${Number.isNaN(r.ratio) ? '' : `${r.ratio.toFixed(2)}x`} |`);
      console.log(lines.join('\n'));
      if (args.out) {
        writeFileSync(fileURLToPath(new URL(`${args.out}.md`, import.meta.url)),
          `# ${title}\n\n${ops.backend.variant}, ${ops.backend.threads} threads; \`${command}\`; measured ` +
          `${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} x ${os.cpus()[0].model}, Node ${process.version}.` +
          `\n\n${lines.join('\n')}\n`);
      }
    },
  };
}
