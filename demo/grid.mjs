// A tensor drawn as a grid of cells: labelled 2-D slices, each cell coloured
// by where its element sits in the input. One tab stop per tensor (roving
// tabindex); the arrow keys, Home/End and PageUp/PageDown move inside it.
import { formatShape, planDraw, unravel, volume } from './layout.mjs';

/** At most this many cells are drawn per tensor; the rest is summarised. */
export const MAX_CELLS = 2500;

export function formatValue(v) {
  if (typeof v === 'bigint') return v.toString();
  if (Number.isInteger(v)) return String(v);
  if (!Number.isFinite(v)) return String(v);
  return String(Number(v.toPrecision(4)));
}

function coords(index, shape) {
  return formatShape(unravel(index, shape));
}

const MAX_HEIGHT = 560;
const SLICE_GAP = 15;
const LABEL = 18;

// The largest cell size (38 px down to 14 px) at which the slices fit the
// width and, wrapped into lines, stay within MAX_HEIGHT where they can.
function cellSize(plan, cols, avail) {
  const rows = Math.max(...plan.map((p) => Math.ceil(p.cells / p.cols)));
  for (let size = 38; size > 14; size--) {
    const step = size + 1;
    if (cols * step > avail) continue;
    const perLine = Math.max(1, Math.floor((avail + SLICE_GAP) / (cols * step + SLICE_GAP)));
    const lines = Math.ceil(plan.length / perLine);
    if (lines * (rows * step + LABEL + SLICE_GAP) <= MAX_HEIGHT) return size;
  }
  return 14;
}

export class TensorGrid {
  /**
   * `root`: the element that becomes the grid; `name`: 'x' or 'y';
   * `onPoint(index | null)`: the element under the pointer or focus.
   */
  constructor(root, { name, label, onPoint }) {
    this.root = root;
    this.name = name;
    this.label = label;
    this.onPoint = onPoint;
    this.cells = new Map();
    this.positions = []; // drawn cells in drawing order
    this.active = 0; // position of the cell holding the tab stop
    root.classList.add('grid');
    root.setAttribute('role', 'grid');
    root.addEventListener('pointerover', (e) => {
      const cell = e.target.closest('.cell');
      if (cell) this.onPoint(Number(cell.dataset.index));
    });
    root.addEventListener('pointerleave', () => {
      if (!root.contains(document.activeElement)) this.onPoint(null);
    });
    root.addEventListener('focusin', (e) => {
      const cell = e.target.closest('.cell');
      if (!cell) return;
      this.setActive(Number(cell.dataset.pos));
      this.onPoint(Number(cell.dataset.index));
    });
    root.addEventListener('focusout', (e) => {
      if (!root.contains(e.relatedTarget)) this.onPoint(null);
    });
    root.addEventListener('keydown', (e) => this.key(e));
  }

  /**
   * Draws `tensor` ({ data, shape }) in `view` (layout.makeView).
   * `colourOf(index)`: the colour of an element; `srcOf(index)`: for an
   * output, the input element it came from (drawn into its label, as
   * `srcText(src)` names it: 'x[0, 1]', 'x1[2]' or the fill).
   */
  render({ tensor, view, colourOf, srcOf, srcText, maxCells = MAX_CELLS, width }) {
    const { data, shape } = tensor;
    const total = volume(shape);
    this.shape = shape;
    this.root.setAttribute('aria-label', `${this.label}, shape ${formatShape(shape)}`);
    this.root.dataset.shape = JSON.stringify(shape);
    this.cells.clear();
    this.positions = [];
    if (total === 0) {
      this.root.innerHTML = `<p class="empty">Empty: shape ${formatShape(shape)} has no elements.</p>`;
      this.root.dataset.drawn = '0';
      return { drawn: 0, total };
    }
    const { plan, drawn, cols } = planDraw(view, maxCells);
    const avail = Math.max(60, (width || this.root.clientWidth || 600) - 16);
    const size = cellSize(plan, cols, avail);
    let digits = 1;
    for (const { s, rows, cols: c, cells } of plan) {
      for (let i = 0; i < cells && i < rows * c; i++) {
        digits = Math.max(digits, formatValue(data[view.cellIndex(s, Math.floor(i / c), i % c)]).length);
      }
    }
    const font = Math.min(14, size * 0.5, (size * 0.85) / (0.62 * digits));
    const html = [];
    let pos = 0;
    for (const { s, rows, cols: c, cells } of plan) {
      const label = `${this.name}${view.sliceLabel(s, rows, c)}`;
      html.push(`<div class="slice" role="rowgroup" aria-label="${label}">`,
        `<div class="slice-label" aria-hidden="true">${label}</div>`);
      for (let r = 0, i = 0; r < rows && i < cells; r++) {
        html.push('<div class="row" role="row">');
        for (let cc = 0; cc < c && i < cells; cc++, i++) {
          const index = view.cellIndex(s, r, cc);
          const value = formatValue(data[index]);
          let aria = `${this.name}${coords(index, shape)} = ${value}`;
          let src = '';
          if (srcOf) {
            const from = srcOf(index);
            aria += from < 0 ? `, ${srcText(from)}` : `, from ${srcText(from)}`;
            src = ` data-src="${from}"`;
          }
          html.push(`<div class="cell" role="gridcell" tabindex="-1" data-pos="${pos}" data-index="${index}"`,
            ` data-value="${value}"${src} aria-label="${aria}" style="background:${colourOf(index)}">${value}</div>`);
          pos++;
        }
        html.push('</div>');
      }
      html.push('</div>');
    }
    this.root.innerHTML = html.join('');
    this.root.style.setProperty('--cell', `${size}px`);
    this.root.style.setProperty('--cell-font', `${font.toFixed(1)}px`);
    this.root.classList.toggle('no-text', font < 8);
    this.root.dataset.drawn = String(drawn);
    this.plan = plan;
    for (const cell of this.root.querySelectorAll('.cell')) {
      this.positions.push(cell);
      this.cells.set(Number(cell.dataset.index), cell);
    }
    this.setActive(Math.min(this.active, this.positions.length - 1));
    return { drawn, total, slices: plan.length, sliceCount: view.sliceCount, cropped: drawn < total };
  }

  cell(index) {
    return this.cells.get(index);
  }

  setActive(pos) {
    const old = this.positions[this.active];
    if (old) old.tabIndex = -1;
    this.active = Math.max(0, pos);
    const cell = this.positions[this.active];
    if (cell) cell.tabIndex = 0;
  }

  // Position of (slice number in the plan, row, column), or -1.
  at(k, r, c) {
    const entry = this.plan[k];
    if (!entry || r < 0 || c < 0 || c >= entry.cols) return -1;
    let start = 0;
    for (let i = 0; i < k; i++) start += this.plan[i].cells;
    const offset = r * entry.cols + c;
    return offset < entry.cells ? start + offset : -1;
  }

  where(pos) {
    let k = 0;
    while (pos >= this.plan[k].cells) pos -= this.plan[k++].cells;
    const { cols } = this.plan[k];
    return { k, r: Math.floor(pos / cols), c: pos % cols };
  }

  key(e) {
    const cell = e.target.closest('.cell');
    if (!cell || e.altKey || e.metaKey) return;
    const pos = Number(cell.dataset.pos);
    const last = this.positions.length - 1;
    const { k, r, c } = this.where(pos);
    const lastRow = (kk) => Math.ceil(this.plan[kk].cells / this.plan[kk].cols) - 1;
    let next = -1;
    switch (e.key) {
      case 'ArrowRight': next = Math.min(last, pos + 1); break;
      case 'ArrowLeft': next = Math.max(0, pos - 1); break;
      case 'ArrowDown':
        next = this.at(k, r + 1, c);
        if (next < 0) next = this.at(k + 1, 0, c);
        if (next < 0) next = pos;
        break;
      case 'ArrowUp':
        next = this.at(k, r - 1, c);
        if (next < 0 && k > 0) next = this.at(k - 1, lastRow(k - 1), c);
        if (next < 0) next = pos;
        break;
      case 'PageDown': next = this.at(k + 1, r, c); if (next < 0) next = pos; break;
      case 'PageUp': next = this.at(k - 1, r, c); if (next < 0) next = pos; break;
      case 'Home': next = e.ctrlKey ? 0 : this.at(k, r, 0); break;
      case 'End':
        next = e.ctrlKey ? last : -1;
        for (let cc = this.plan[k].cols - 1; next < 0 && cc >= 0; cc--) next = this.at(k, r, cc);
        break;
      default: return;
    }
    e.preventDefault();
    if (next >= 0 && this.positions[next]) this.positions[next].focus();
  }
}
