// What the views of operations share about edits and failures.

/**
 * One recomputation per animation frame of edits, and none when the fields
 * hold the texts computed last: the 'change' that follows 'input' when a
 * field loses focus (to a grid's cell, say) would otherwise redraw the grid
 * under the focused cell. `texts()`: the fields' texts now.
 */
export function editSchedule(texts, update) {
  let pending = 0;
  let computedTexts = '';
  return {
    schedule() {
      if (pending) return;
      pending = requestAnimationFrame(() => {
        pending = 0;
        if (JSON.stringify(texts()) !== computedTexts) update();
      });
    },
    /** Called as a computation starts from the fields' texts. */
    computing() {
      computedTexts = JSON.stringify(texts());
    },
  };
}

/** The view's summary says `text` as an error; the grids of a last valid result stay, marked stale. */
export function showFailure({ panel, summary, tensors }, text, hasResult) {
  panel.dataset.state = 'error';
  summary.dataset.state = 'error';
  summary.textContent = text + (hasResult ? ' The grids show the last valid result.' : '');
  tensors.classList.toggle('stale', hasResult);
}
