// The controls that take "your picture" (user_picture.mjs): a file picker, a
// drop zone (which also says that a paste works anywhere), and the camera's
// start/stop button. Each tab that uses pictures shows one; they share the
// picture, so one given in any tab is there in all of them.
import { el } from './controls.mjs';
import { cameraOn, onUserPicture, startCamera, stopCamera, takeFile, userPicture } from './user_picture.mjs';

const buttons = new Set(); // every camera button, so that all say whether it is on

function syncButtons() {
  for (const b of buttons) {
    b.setAttribute('aria-pressed', String(cameraOn()));
    b.textContent = cameraOn() ? '■ Stop the camera' : '● Use the camera';
  }
}

/** The controls, with ids prefixed by `prefix`; `status` tells what happened (and the errors). */
export function pictureInput(prefix) {
  const file = el('input', { type: 'file', id: `${prefix}-file`, accept: 'image/*' });
  const status = el('p', { class: 'small', role: 'status', 'aria-live': 'polite', 'data-role': 'picture-status' });
  const say = (text) => { status.textContent = text; };
  const take = (blob) => takeFile(blob).catch((e) => say(`That file could not be read as a picture (${e.message}).`));
  file.addEventListener('change', () => { if (file.files[0]) take(file.files[0]); });

  const drop = el('div', { class: 'drop-zone' },
    'Drop a picture here', el('span', { class: 'small', id: `${prefix}-drop-hint` }, ' (or paste one anywhere: Ctrl+V / ⌘V)'));
  drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    const f = [...(e.dataTransfer?.files ?? [])].find((x) => x.type.startsWith('image/'));
    if (f) take(f);
    else say('That was not a picture file.');
  });

  const camera = el('button', { type: 'button', class: 'animate', id: `${prefix}-camera`, 'aria-pressed': 'false' });
  buttons.add(camera);
  camera.addEventListener('click', async () => {
    if (cameraOn()) stopCamera();
    else {
      say('Asking for the camera…');
      try {
        await startCamera();
      } catch (e) {
        say(`No camera: ${e.message}`);
      }
    }
    syncButtons();
  });
  syncButtons();

  onUserPicture((p) => {
    const size = `${p.image.width} × ${p.image.height}`;
    const scaled = p.natural.width !== p.image.width ? ` (drawn smaller from ${p.natural.width} × ${p.natural.height} by the canvas)` : '';
    say(p.live ? `Live: ${p.label}, ${size}.` : `Your picture: ${p.label}, ${size}${scaled}.`);
  });
  if (userPicture()) say(`Your picture: ${userPicture().label}.`);

  return el('div', { class: 'picture-input' },
    el('div', { class: 'field' }, el('label', { for: `${prefix}-file` }, 'your picture'), file), drop,
    el('div', { class: 'stage-actions' }, camera), status);
}
