// The small pictures of the picture mode, drawn by the page itself with the
// canvas API (nothing is downloaded), as NHWC tensors [1, H, W, 3] of uint8.

export const SIZE = 48;

function landscape(g) {
  const sky = g.createLinearGradient(0, 0, 0, SIZE);
  sky.addColorStop(0, '#2f6fcf');
  sky.addColorStop(0.75, '#bfe3ff');
  g.fillStyle = sky;
  g.fillRect(0, 0, SIZE, SIZE);
  g.fillStyle = '#ffd23f';
  g.beginPath();
  g.arc(37, 10, 6, 0, 2 * Math.PI);
  g.fill();
  g.fillStyle = '#4f8f3a';
  g.beginPath();
  g.moveTo(0, 34);
  g.quadraticCurveTo(14, 18, 30, 34);
  g.quadraticCurveTo(40, 26, 48, 32);
  g.lineTo(48, 48);
  g.lineTo(0, 48);
  g.fill();
  g.fillStyle = '#2e6b23';
  g.fillRect(0, 38, SIZE, 10);
  g.fillStyle = '#d94a3a';
  g.fillRect(8, 27, 14, 11);
  g.fillStyle = '#6b3a1f';
  g.beginPath();
  g.moveTo(6, 28);
  g.lineTo(15, 19);
  g.lineTo(24, 28);
  g.fill();
  g.fillStyle = '#ffe9a8';
  g.fillRect(11, 30, 3, 3);
  g.fillStyle = '#3b2416';
  g.fillRect(16, 31, 3, 7);
  g.fillStyle = '#ffffff';
  g.fillRect(30, 42, 12, 2);
}

function colourBars(g) {
  const bars = ['#ffffff', '#ffff00', '#00ffff', '#00ff00', '#ff00ff', '#ff0000', '#0000ff', '#000000'];
  bars.forEach((c, i) => {
    g.fillStyle = c;
    g.fillRect(i * 6, 0, 6, 32);
  });
  for (let x = 0; x < SIZE; x++) {
    const v = Math.round((255 * x) / (SIZE - 1));
    g.fillStyle = `rgb(${v},${v},${v})`;
    g.fillRect(x, 32, 1, 8);
    g.fillStyle = `rgb(${v},${255 - v},128)`;
    g.fillRect(x, 40, 1, 8);
  }
}

function checker(g) {
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      g.fillStyle = (x + y) % 2 === 0 ? '#f28c28' : '#2a5db0';
      if (x % 2 === 1 && y % 2 === 1) g.fillStyle = '#3fb56b';
      g.fillRect(x, y, 1, 1);
    }
  }
  g.fillStyle = '#ffffff';
  for (let i = 4; i < SIZE - 4; i++) g.fillRect(i, i, 1, 1);
}

export const PICTURES = [
  { id: 'landscape', label: 'Landscape', draw: landscape },
  { id: 'bars', label: 'Colour bars and ramps', draw: colourBars },
  { id: 'checker', label: 'One-pixel checkerboard', draw: checker },
];

/** Draws picture `id` and returns it as { data: Uint8Array, shape: [1, H, W, 3] }. */
export function makePicture(id) {
  const canvas = document.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  (PICTURES.find((p) => p.id === id) ?? PICTURES[0]).draw(g);
  const rgba = g.getImageData(0, 0, SIZE, SIZE).data;
  const data = new Uint8Array(SIZE * SIZE * 3);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
    data[j] = rgba[i];
    data[j + 1] = rgba[i + 1];
    data[j + 2] = rgba[i + 2];
  }
  return { data, shape: [1, SIZE, SIZE, 3] };
}
