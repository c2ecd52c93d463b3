// One small interface over the three browser engines the suite runs in:
//   const engine = await launchEngine('chromium' | 'firefox' | 'webkit', { env })
//   const page = await engine.open(url)
//   await page.evaluate(fn, ...args)   // fn runs in the page; async allowed; JSON in and out
//   await page.problems()              // console errors and warnings, page errors
//   await page.consoleMessages()       // every console message: { type, text }
//   await page.screenshot(file); await page.close(); await engine.close()
// Chromium and Firefox (WebDriver BiDi) through puppeteer-core, whose
// console and pageerror events collect the problems; WebKit (WebKitGTK's
// MiniBrowser) through WebDriver over HTTP under xvfb-run, with
// pages/recorder.js in the page collecting them (engine.needsRecorder).
// Nothing is downloaded: Debian's browsers only.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';

export const ENGINES = ['chromium', 'firefox', 'webkit'];
const VIEWPORT = { width: 1280, height: 900 };
const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** @returns {Promise<{ name, needsRecorder: boolean, open(url): Promise<Page>, close(): Promise<void> }>} */
export async function launchEngine(name, { env = {} } = {}) {
  if (name === 'webkit') return launchWebKit(env);
  if (name === 'chromium' || name === 'firefox') return launchPuppeteer(name, env);
  throw new Error(`unknown engine '${name}'; the engines are ${ENGINES.join(', ')}`);
}

async function launchPuppeteer(name, env) {
  const profile = mkdtempSync(path.join(os.tmpdir(), `wasm-tensor-ops-${name}-`));
  const options = name === 'chromium'
    ? { browser: 'chrome', executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }
    : { browser: 'firefox', executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr' };
  const browser = await puppeteer.launch({
    ...options, headless: true, userDataDir: profile, env: { ...process.env, ...env }, defaultViewport: VIEWPORT,
  });
  return {
    name,
    needsRecorder: false,
    async open(url) {
      const page = await browser.newPage();
      page.setDefaultTimeout(120_000);
      const problems = [];
      const messages = [];
      page.on('console', (m) => {
        const type = m.type() === 'warn' ? 'warning' : m.type();
        messages.push({ type, text: m.text() });
        if (type === 'error' || type === 'warning') problems.push(`console ${type}: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`page error: ${e.message ?? e}`));
      await page.goto(url);
      return {
        evaluate: (fn, ...args) => page.evaluate(fn, ...args),
        problems: async () => problems.slice(),
        consoleMessages: async () => messages.slice(),
        screenshot: (file) => page.screenshot({ path: file, fullPage: true }),
        close: () => page.close(),
      };
    },
    async close() {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

// WebKitWebDriver (W3C WebDriver over HTTP) starting MiniBrowser, which has
// no headless mode: both run on a virtual X display (xvfb-run -a). One
// session, one window: open() navigates it.
async function launchWebKit(env) {
  const port = await freePort();
  const driver = spawn('xvfb-run', ['-a', 'WebKitWebDriver', `--port=${port}`], {
    stdio: ['ignore', 'ignore', 'pipe'], detached: true, env: { ...process.env, ...env },
  });
  let stderr = '';
  driver.stderr.on('data', (d) => { stderr += d; });
  const exited = new Promise((resolve) => driver.once('exit', resolve));
  // xvfb-run leads the process group: Xvfb, the driver and MiniBrowser go with it.
  const stop = async () => {
    try {
      process.kill(-driver.pid, 'SIGTERM');
    } catch { /* already gone */ }
    await exited;
  };
  const base = `http://127.0.0.1:${port}`;
  async function command(method, route, body) {
    const response = await fetch(base + route, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    const reply = await response.json();
    if (!response.ok) throw new Error(`WebDriver ${method} ${route}: ${reply.value?.error}: ${reply.value?.message}`);
    return reply.value;
  }
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/status`)).ok) break;
      } catch (error) {
        if (i >= 200 || driver.exitCode !== null) throw new Error(`WebKitWebDriver did not start: ${stderr || error.message}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }
  let session;
  try {
    session = await command('POST', '/session', {
      capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } } },
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const at = `/session/${session.sessionId}`;
  await command('POST', `${at}/timeouts`, { script: 120_000, pageLoad: 60_000 });
  await command('POST', `${at}/window/rect`, VIEWPORT);
  // The script's value (or its error) comes back through the async callback.
  const run = (fn, args) => `const done = arguments[arguments.length - 1];
    Promise.resolve().then(() => (${fn}).apply(null, ${JSON.stringify(args)}))
      .then((value) => done({ value: value === undefined ? null : value }),
            (error) => done({ error: String(error && error.stack || error) }));`;
  return {
    name: 'webkit',
    needsRecorder: true,
    async open(url) {
      await command('POST', `${at}/url`, { url });
      const evaluate = async (fn, ...args) => {
        const reply = await command('POST', `${at}/execute/async`, { script: run(String(fn), args), args: [] });
        if (reply.error) throw new Error(`in the page: ${reply.error}`);
        return reply.value;
      };
      return {
        evaluate,
        problems: () => evaluate(() => (window.__problems ? window.__problems.slice() : ['the console recorder did not run'])),
        consoleMessages: () => evaluate(() => window.__console.slice()),
        async screenshot(file) {
          writeFileSync(file, Buffer.from(await command('GET', `${at}/screenshot`), 'base64'));
        },
        close: () => command('POST', `${at}/url`, { url: 'about:blank' }),
      };
    },
    async close() {
      try {
        await command('DELETE', at);
      } finally {
        await stop();
      }
    },
  };
}
