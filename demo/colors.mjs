// The colour of an input element: its place in the input as drawn. The hue
// runs from red through yellow, green and blue to violet in reading order
// over the drawn cells, and alternate rows are a little darker, so that
// neighbours stay apart. Elements of an input too large to draw whole that
// are not drawn are grey. An output element takes the colour of the input
// element it came from.

const HUE_FROM = 15;
const HUE_SPAN = 300;
export const NOT_DRAWN = 'oklch(0.86 0 0)';

/**
 * `order`: each input element's rank among the drawn cells, -1 if not drawn
 * (layout.drawOrder); `cols`: cells per drawn row. Returns index -> colour.
 */
export function inputColours(order, cols) {
  let n = 0;
  for (const rank of order) if (rank >= n) n = rank + 1;
  const cache = new Map();
  return (index) => {
    let colour = cache.get(index);
    if (colour === undefined) {
      const rank = order[index];
      if (rank < 0) colour = NOT_DRAWN;
      else {
        const hue = HUE_FROM + (n > 1 ? (HUE_SPAN * rank) / (n - 1) : 0);
        const darker = Math.floor(rank / Math.max(1, cols)) % 2 === 1;
        colour = `oklch(${darker ? 0.82 : 0.9} ${darker ? 0.12 : 0.1} ${hue.toFixed(1)})`;
      }
      cache.set(index, colour);
    }
    return colour;
  };
}

/** A place the operation filled (pad's constant, spaceToBatch's zeros) instead of copying. */
export const FILLED = 'oklch(0.99 0 0)';
