// "Your picture": the one picture the user gave the page (a file, a drop, a
// paste or the camera's latest frame), shared by every tab that uses
// pictures. It is kept as the browser decoded it (RGBA ImageData); each tab
// turns it into a tensor with ops.fromImage. Nothing leaves the page.

/** The longest side kept: a larger picture is drawn smaller by the canvas once, as it arrives, so that every tab stays quick on it. */
export const MAX_SIDE = 640;

let current = null; // { image: ImageData, label, live, natural: { width, height } }
const listeners = new Set();

export function userPicture() {
  return current;
}

/** Calls `f(picture)` whenever a new picture (or camera frame) arrives. */
export function onUserPicture(f) {
  listeners.add(f);
}

function publish(picture) {
  current = picture;
  for (const f of listeners) f(picture);
}

// Draws `source` (an ImageBitmap or a video) at its size, or scaled down to MAX_SIDE.
function imageDataOf(source, width, height) {
  const k = Math.min(1, MAX_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * k));
  const h = Math.max(1, Math.round(height * k));
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  g.drawImage(source, 0, 0, w, h);
  return g.getImageData(0, 0, w, h);
}

/** Your picture's centre square drawn at `size` x `size` by the canvas (for the Pictures tab's 48 x 48 operations). */
export function squareCopy(size) {
  const { image } = current;
  const side = Math.min(image.width, image.height);
  const full = document.createElement('canvas');
  full.width = image.width;
  full.height = image.height;
  full.getContext('2d').putImageData(image, 0, 0);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  g.drawImage(full, (image.width - side) / 2, (image.height - side) / 2, side, side, 0, 0, size, size);
  return g.getImageData(0, 0, size, size);
}

/** Decodes an image file (or pasted/dropped blob) and makes it "your picture". */
export async function takeFile(blob, label = blob.name || 'pasted picture') {
  const bitmap = await createImageBitmap(blob);
  const image = imageDataOf(bitmap, bitmap.width, bitmap.height);
  publish({ image, label, live: false, natural: { width: bitmap.width, height: bitmap.height } });
  bitmap.close();
}

// --- the camera: one stream for the page, its frames published one by one

let camera = null; // { stream, video, frame }

export function cameraOn() {
  return camera !== null;
}

/** Starts the camera (getUserMedia; 320 x 240 asked for) and publishes a frame on every animation frame. */
export async function startCamera() {
  if (camera) return;
  const stream = await navigator.mediaDevices.getUserMedia({ video: { width: 320, height: 240 }, audio: false });
  const video = document.createElement('video');
  Object.assign(video, { muted: true, playsInline: true, srcObject: stream });
  await video.play();
  camera = { stream, video, frame: 0 };
  const tick = () => {
    if (!camera || camera.video !== video) return;
    if (video.videoWidth > 0) {
      const image = imageDataOf(video, video.videoWidth, video.videoHeight);
      camera.frame++;
      publish({ image, label: `camera frame ${camera.frame}`, live: true, natural: { width: video.videoWidth, height: video.videoHeight } });
    }
    camera.raf = requestAnimationFrame(tick);
  };
  tick();
}

/** Stops the camera; the last frame stays as the picture. */
export function stopCamera() {
  if (!camera) return;
  cancelAnimationFrame(camera.raf);
  for (const track of camera.stream.getTracks()) track.stop();
  camera = null;
  if (current) publish({ ...current, live: false });
}

// A picture pasted anywhere on the page becomes "your picture".
addEventListener('paste', (e) => {
  const item = [...(e.clipboardData?.items ?? [])].find((i) => i.type.startsWith('image/'));
  if (!item) return;
  e.preventDefault();
  takeFile(item.getAsFile(), 'pasted picture');
});
