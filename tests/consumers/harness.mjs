// Helpers of the consumer-project tests: pack the package once, lay out a
// fresh project from a template, install the tarball into it, run commands
// that must exit by themselves, and open pages in Debian's Chromium.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CONSUMERS = fileURLToPath(new URL('.', import.meta.url));
export const EXERCISE = path.join(CONSUMERS, 'shared', 'exercise.mjs');
// The bundler projects' page script, the same for each (copied in as main.js).
const BUNDLED_PAGE = path.join(CONSUMERS, 'shared', 'bundled_page.js');
const BUNDLER_PROJECTS = ['vite', 'webpack'];

export function makeWorkDir() {
  return mkdtempSync(path.join(os.tmpdir(), 'wasm-tensor-ops-consumers-'));
}

/**
 * Runs a command to completion; it must exit by itself within `timeout` ms
 * (it is killed otherwise, and that fails the test). Returns { stdout, stderr }.
 */
export function run(command, args, { cwd, timeout = 60000, env } = {}) {
  const child = spawnSync(command, args, {
    cwd, encoding: 'utf8', timeout, killSignal: 'SIGKILL', env: env ?? process.env, maxBuffer: 64 << 20,
  });
  const shown = `${command} ${args.join(' ')} (in ${cwd})`;
  if (child.error && child.error.code !== 'ETIMEDOUT') throw child.error;
  assert.equal(child.signal, null, `${shown} did not exit by itself within ${timeout / 1000} s\n${child.stdout}\n${child.stderr}`);
  assert.equal(child.status, 0, `${shown} exited with ${child.status}\n${child.stdout}\n${child.stderr}`);
  return { stdout: child.stdout, stderr: child.stderr };
}

/** The same, without blocking the event loop (for children that talk to servers of this process). */
export function runAsync(command, args, { cwd, timeout = 60000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeout);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const shown = `${command} ${args.join(' ')} (in ${cwd})`;
      if (signal) reject(new Error(`${shown} did not exit by itself within ${timeout / 1000} s\n${stdout}\n${stderr}`));
      else if (code !== 0) reject(new Error(`${shown} exited with ${code}\n${stdout}\n${stderr}`));
      else resolve({ stdout, stderr });
    });
  });
}

/** The last line of a child's stdout, as JSON. */
export function lastJsonLine(stdout) {
  const lines = stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]);
}

/**
 * `npm pack` of the repository into `dir`: { tarball, size, unpackedSize, files }.
 * --ignore-scripts: prepack would rebuild the wasm, which `npm test` has just
 * done (and two builds of one build folder must never run at once).
 */
export function pack(dir) {
  const { stdout } = run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: ROOT });
  // The JSON array starts on a line of its own (scripts may print before it).
  const [info] = JSON.parse(stdout.slice(stdout.search(/^\[\s*$/m)));
  const listed = run('tar', ['-tzf', path.join(dir, info.filename)], { cwd: dir }).stdout
    .trim().split('\n').map((p) => p.replace(/^package\//, ''));
  return {
    tarball: path.join(dir, info.filename),
    size: info.size,
    unpackedSize: info.unpackedSize,
    files: info.files,
    listed,
  };
}

/**
 * A fresh project: the template `name` (or the folder `template`) copied to
 * work/name, with the shared exercise module beside its entry (and, for a
 * bundler, the page script), and the tarball installed from disk.
 * `links` are packages of this repository's node_modules linked in (peers a
 * user would have installed, e.g. onnxruntime-web), so nothing is downloaded.
 */
export function makeProject(work, name, tarball, { links = [], template = path.join(CONSUMERS, name) } = {}) {
  const dir = path.join(work, name);
  cpSync(template, dir, { recursive: true });
  cpSync(EXERCISE, path.join(dir, 'exercise.mjs'));
  if (BUNDLER_PROJECTS.includes(name)) cpSync(BUNDLED_PAGE, path.join(dir, 'main.js'));
  run('npm', ['install', tarball, '--no-audit', '--no-fund', '--offline', '--no-package-lock', '--loglevel=error'], { cwd: dir });
  for (const link of links) {
    const target = path.join(dir, 'node_modules', link);
    mkdirSync(path.dirname(target), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules', link), target, 'dir');
  }
  return dir;
}

/** Debian's Chromium, as every browser test starts it. */
export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * Opens `url` in a new page and waits for the page's window.__result;
 * returns it with the console errors and page errors seen.
 */
export async function openPage(browser, url, { timeout = 30000 } = {}) {
  const page = await browser.newPage();
  const errors = [];
  const warnings = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/^Failed to load resource: .*404/.test(m.text())) errors.push(m.text());
    if (m.type() === 'warning') warnings.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  // Chromium logs any failed load as a console error without its URL: the
  // responses tell which one (only the favicon, which no page here has, may fail).
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) errors.push(`HTTP ${r.status()} ${r.url()}`);
  });
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.__result !== undefined, null, { timeout });
    const result = await page.evaluate(() => window.__result);
    return { result, errors, warnings };
  } finally {
    await page.close();
  }
}

/** Adds a CDN's response headers (CORS, cross-origin resources) to a demo/server.mjs server. */
export function actAsCdn(server) {
  server.prependListener('request', (req, res) => {
    const writeHead = res.writeHead;
    res.writeHead = function writeHeadAsCdn(status, headers) {
      return writeHead.call(this, status, {
        ...headers,
        'Access-Control-Allow-Origin': '*',
        'Cross-Origin-Resource-Policy': 'cross-origin',
      });
    };
  });
  return server;
}

export function origin(server) {
  return `http://127.0.0.1:${server.address().port}`;
}
