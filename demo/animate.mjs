// The transition from input to output: a copy of each output cell flies from
// the place of the input element it came from to its own place, one after
// the other in the output's reading order. Nothing moves when the user
// prefers reduced motion.

const MAX_FLYING = 1500;
const DURATION = 900;
const STAGGER = 700;

let current = null;

export function reducedMotion() {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

function onScreen(rect) {
  return rect.bottom > 0 && rect.right > 0 && rect.top < innerHeight && rect.left < innerWidth && rect.width > 0;
}

/** Stops a transition under way: every cell back in place at once. */
export function stopFlight() {
  if (current) current();
  current = null;
}

/**
 * `pairs`: [{ from: Element, to: Element }] (input cell, output cell).
 * Resolves with the number of cells that flew once they have all landed.
 */
export function fly(pairs, { onStart, onEnd } = {}) {
  stopFlight();
  if (reducedMotion() || pairs.length === 0) return Promise.resolve(0);
  const flights = [];
  for (const { from, to } of pairs) {
    if (flights.length >= MAX_FLYING) break;
    const a = from.getBoundingClientRect();
    const b = to.getBoundingClientRect();
    if (!onScreen(a) && !onScreen(b)) continue;
    flights.push({ to, a, b });
  }
  if (flights.length === 0) return Promise.resolve(0);
  const layer = document.createElement('div');
  layer.className = 'flight';
  layer.setAttribute('aria-hidden', 'true');
  const font = getComputedStyle(flights[0].to).fontSize;
  const animations = [];
  flights.forEach(({ to, a, b }, k) => {
    const ghost = document.createElement('div');
    ghost.className = 'ghost';
    ghost.textContent = to.textContent;
    ghost.style.cssText = `left:${b.left}px;top:${b.top}px;width:${b.width}px;height:${b.height}px;` +
      `background:${to.style.background};font-size:${font}`;
    layer.append(ghost);
    to.classList.add('landing');
    const dx = a.left - b.left;
    const dy = a.top - b.top;
    const from = `translate(${dx}px, ${dy}px) scale(${a.width / b.width}, ${a.height / b.height})`;
    animations.push({ ghost, to, from, delay: (STAGGER * k) / flights.length });
  });
  document.body.append(layer);
  onStart?.();
  return new Promise((resolve) => {
    let left = animations.length;
    let stopped = false;
    const finish = () => {
      if (stopped) return;
      stopped = true;
      for (const { to } of animations) to.classList.remove('landing');
      layer.remove();
      if (current === stop) current = null;
      onEnd?.();
      resolve(animations.length);
    };
    const stop = () => {
      for (const { ghost } of animations) ghost.getAnimations().forEach((an) => an.cancel());
      finish();
    };
    current = stop;
    for (const { ghost, to, from, delay } of animations) {
      const an = ghost.animate(
        [{ transform: from, boxShadow: '0 6px 14px rgba(0,0,0,0.3)' }, { transform: 'none', boxShadow: '0 0 0 rgba(0,0,0,0)' }],
        { duration: DURATION, delay, easing: 'cubic-bezier(.4,0,.2,1)', fill: 'backwards' });
      an.finished.then(() => {
        to.classList.remove('landing');
        ghost.remove();
        if (--left === 0) finish();
      }, () => {});
    }
  });
}
