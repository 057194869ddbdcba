import { chromium, type Browser, type BrowserContext, type Request } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { SESSION_STORAGE_KEY, type StoredSession } from './web-seed.js';

/** Debian's Chromium with the flags of docs/toolchain.md (never a downloaded browser). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh profile (empty HTTP cache), signed in when `session` is given, as after the login form. */
export async function freshContext(browser: Browser, session: StoredSession | null): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'en-US' });
  if (session !== null)
    await context.addInitScript(
      `localStorage.setItem(${JSON.stringify(SESSION_STORAGE_KEY)}, ${JSON.stringify(JSON.stringify(session))})`,
    );
  return context;
}

export interface LoadedScript {
  /** Path of the script (the server serves the built assets uncompressed). */
  path: string;
  bytes: number;
  /** The file gzipped at level 9: what a compressing proxy in front of the app would send. */
  gzipBytes: number;
}

/** No script request in flight nor started for this long after the screen is ready: its code is in. */
const QUIET_MS = 750;

/**
 * Every script a fresh navigation to `url` loads until `readySelector` is visible and the network
 * has been free of script requests for QUIET_MS (lazy chunks requested by the screen count too).
 */
export async function scriptsOfRoute(
  browser: Browser,
  session: StoredSession | null,
  url: string,
  readySelector: string,
): Promise<LoadedScript[]> {
  const context = await freshContext(browser, session);
  const page = await context.newPage();
  const bodies: Promise<LoadedScript>[] = [];
  let inFlight = 0;
  let lastActivityAt = performance.now();
  const isScript = (request: Request) => request.resourceType() === 'script';
  page.on('request', (request) => {
    if (!isScript(request)) return;
    inFlight++;
    lastActivityAt = performance.now();
  });
  const settle = (request: Request) => {
    if (!isScript(request)) return;
    inFlight--;
    lastActivityAt = performance.now();
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  page.on('response', (response) => {
    if (!isScript(response.request())) return;
    const script = response.body().then((body) => ({
      path: new URL(response.url()).pathname,
      bytes: body.length,
      gzipBytes: gzipSync(body, { level: 9 }).length,
    }));
    // Awaited below; a body still pending when the page closes must not crash the process.
    script.catch(() => undefined);
    bodies.push(script);
  });
  try {
    await page.goto(url);
    await page.locator(readySelector).first().waitFor({ state: 'visible', timeout: 30_000 });
    while (inFlight > 0 || performance.now() - lastActivityAt < QUIET_MS) await page.waitForTimeout(100);
    return await Promise.all(bodies);
  } finally {
    await context.close();
  }
}

/** Kilobytes of 1,000 bytes, as Vite's build report prints them. */
export function totalKb(scripts: LoadedScript[], field: 'bytes' | 'gzipBytes'): number {
  return scripts.reduce((sum, script) => sum + script[field], 0) / 1000;
}

export interface BoardRender {
  /** Navigation start to the commit that put every column with its first cards in the DOM. */
  inDomMs: number;
  /** The same, to the first task after the next frame: those cards have been painted. */
  paintedMs: number;
  /** Cards in the DOM at that moment (the board renders a first page of each column). */
  cards: number;
}

/**
 * Watches the DOM from the first byte of the page: the moment `columns` column lists (sections
 * holding a role=list) each hold a card. performance.now() counts from the navigation start. A
 * string, not a function: tsx would wrap a function's inner functions in a helper the page lacks.
 */
function boardRenderWatcher(columns: number): string {
  return `{
    const isRendered = () => {
      const lists = document.querySelectorAll('section [role=list]');
      return lists.length >= ${columns} && [...lists].every((list) => list.querySelector('[data-task-id]'));
    };
    const observer = new MutationObserver(() => {
      if (!isRendered()) return;
      observer.disconnect();
      const inDomMs = performance.now();
      const cards = document.querySelectorAll('[data-task-id]').length;
      // A task queued from a frame callback runs after that frame's paint.
      requestAnimationFrame(() =>
        setTimeout(() => (window.__benchBoardRender = { inDomMs, paintedMs: performance.now(), cards })),
      );
    });
    observer.observe(document, { childList: true, subtree: true });
  }`;
}

/** One navigation to the board; `context` decides whether the HTTP cache is cold or warm. */
export async function boardRender(
  context: BrowserContext,
  url: string,
  columns: number,
): Promise<BoardRender> {
  const page = await context.newPage();
  try {
    await page.addInitScript(boardRenderWatcher(columns));
    await page.goto(url, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      // A function, not a string: the app's Content-Security-Policy forbids eval.
      () => (globalThis as { __benchBoardRender?: BoardRender }).__benchBoardRender,
      undefined,
      { timeout: 60_000 },
    );
    return (await handle.jsonValue()) as BoardRender;
  } finally {
    await page.close();
  }
}

/**
 * Clicks the first card and watches for the task detail with its fields (the name box holding the
 * task's title), then for the next paint; milliseconds from the click. Installed before the page
 * loads, as a string for the same reason as boardRenderWatcher.
 */
const TASK_OPEN_WATCHER = `
  window.__benchOpenTask = () => new Promise((resolve) => {
    const card = document.querySelector('[data-task-id]');
    const title = card.textContent;
    const start = performance.now();
    const isOpen = () => [...document.querySelectorAll('[role=dialog] input')].some((input) => title.startsWith(input.value) && input.value !== '');
    const observer = new MutationObserver(() => {
      if (!isOpen()) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true });
    card.click();
  });
`;

/**
 * The board at `url`, then the first open of a task on it (its data not loaded yet), `afterMs` after
 * the board painted: 0 is a click on the very first frame, before the page has preloaded anything.
 */
export async function taskFirstOpen(
  context: BrowserContext,
  url: string,
  columns: number,
  afterMs: number,
): Promise<number> {
  const page = await context.newPage();
  try {
    await page.addInitScript(boardRenderWatcher(columns));
    await page.addInitScript(TASK_OPEN_WATCHER);
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => (globalThis as { __benchBoardRender?: unknown }).__benchBoardRender,
      undefined,
      {
        timeout: 60_000,
      },
    );
    await page.waitForTimeout(afterMs);
    return await page.evaluate(() =>
      (globalThis as unknown as { __benchOpenTask: () => Promise<number> }).__benchOpenTask(),
    );
  } finally {
    await page.close();
  }
}
