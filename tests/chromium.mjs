// Debian's Chromium as every browser test starts it (the demo's, the three
// engines', the consumer projects'): background networking off, since this
// machine's network is closed, and no sandbox, since the tests run as root.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
];
