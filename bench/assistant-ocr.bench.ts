/**
 * The assistant's image modes offline (issue 20): OCR of a generated 1280×800 mockup with the worker
 * kept warm. The mockup is rendered once in Chromium, the engine is warmed with one recognition, then
 * BENCH_RUNS recognitions one after the other: p50 and p95 beside the budget (≤ 5 s), the cold start
 * (worker start and first recognition) and the share of the mockup's words recognised beside them.
 *   npm run bench:assistant-ocr
 * Knobs: BENCH_RUNS (default 5), BENCH_CHROMIUM (default /usr/bin/chromium).
 */
/* eslint-disable-next-line no-restricted-imports -- the bench measures the server's own OCR module
   in-process (bench is not an app; the rule keeps apps from importing each other). */
import { mockupToSkeleton } from '../apps/server/src/features/assistant/vision/mockup-skeleton.js';
// eslint-disable-next-line no-restricted-imports -- the same seam as above.
import { OcrEngine, type OcrPage } from '../apps/server/src/features/assistant/vision/ocr.js';
import { figure, percentile, printFigures, writeResults, type Figure } from './lib/figures.js';
import { launchChromium } from './lib/web-browser.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BUDGET_MS = 5000;
const WIDTH = 1280;
const HEIGHT = 800;

/** A sign-up page as a designer would hand it over: a header bar, a filled button, prose, a footer. */
const MOCKUP = {
  title: 'Course Board',
  nav: ['Projects', 'Lessons', 'Reports', 'Help'],
  heading: 'Create your account',
  fields: ['Full name', 'Email', 'Password', 'Confirm password'],
  buttons: ['Sign up', 'Cancel'],
  paragraph:
    'Teachers and students of the course share one board per team. Your data stays in the university.',
  footer: 'Terms · Privacy · Contact',
};
/** The words a reader of the mockup must find (punctuation and the footer's dots aside). */
const EXPECTED_WORDS = [
  MOCKUP.title,
  ...MOCKUP.nav,
  MOCKUP.heading,
  ...MOCKUP.fields,
  ...MOCKUP.buttons,
  MOCKUP.paragraph,
  'Terms Privacy Contact',
]
  .join(' ')
  .toLowerCase()
  .match(/[\p{L}\p{N}]+/gu)!;

function mockupHtml(): string {
  const field = (label: string) =>
    `<label style="display:block;margin-top:16px">${label}</label>` +
    '<div style="height:40px;margin-top:6px;border:2px solid #777;border-radius:4px"></div>';
  return `<html><body style="margin:0;font-family:'Liberation Sans',sans-serif;color:#1f2933">
    <div style="display:flex;justify-content:space-between;align-items:center;padding:18px 40px;background:#1e3a5f;color:#fff">
      <div style="font-size:36px;font-weight:bold">${MOCKUP.title}</div>
      <div style="display:flex;gap:36px;font-size:22px">${MOCKUP.nav.map((link) => `<span>${link}</span>`).join('')}</div>
    </div>
    <div style="width:460px;margin:36px auto;font-size:22px">
      <div style="font-size:30px;font-weight:bold">${MOCKUP.heading}</div>
      ${MOCKUP.fields.map(field).join('')}
      <div style="display:flex;gap:16px;margin-top:24px">
        <div style="padding:10px 24px;background:#2563eb;color:#fff;border-radius:4px">${MOCKUP.buttons[0]}</div>
        <div style="padding:10px 24px;border:2px solid #2563eb;color:#2563eb;border-radius:4px">${MOCKUP.buttons[1]}</div>
      </div>
      <p style="font-size:18px">${MOCKUP.paragraph}</p>
    </div>
    <div style="position:absolute;bottom:0;width:100%;padding:16px;text-align:center;font-size:18px;border-top:1px solid #999">${MOCKUP.footer}</div>
  </body></html>`;
}

async function renderMockup(): Promise<Buffer> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
    await page.setContent(mockupHtml());
    return await page.screenshot({ type: 'png' });
  } finally {
    await browser.close();
  }
}

/** The share of the expected words found, each as often as it is expected. */
function wordRecall(page: OcrPage): number {
  const found = page.lines.flatMap((line) => line.text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  let hits = 0;
  for (const word of EXPECTED_WORDS) {
    const index = found.indexOf(word);
    if (index < 0) continue;
    hits += 1;
    found.splice(index, 1);
  }
  return hits / EXPECTED_WORDS.length;
}

async function main(): Promise<void> {
  const image = await renderMockup();
  const engine = new OcrEngine();
  try {
    let started = performance.now();
    const first = await engine.recognize(image);
    const coldMs = performance.now() - started;
    const timings: number[] = [];
    let page = first;
    for (let run = 0; run < RUNS; run += 1) {
      started = performance.now();
      page = await engine.recognize(image);
      timings.push(performance.now() - started);
    }
    const skeleton = mockupToSkeleton(page, 'en');
    const inputs = skeleton.html.match(/<input /g)?.length ?? 0;
    const p50 = percentile(timings, 50);
    const p95 = percentile(timings, 95);
    const recall = wordRecall(page) * 100;
    const figures: Figure[] = [
      figure('OCR of a 1280×800 mockup, warm worker, p50', p50, 'ms', `≤ ${BUDGET_MS} ms`, p50 <= BUDGET_MS),
      figure('OCR of a 1280×800 mockup, warm worker, p95', p95, 'ms', `≤ ${BUDGET_MS} ms`, p95 <= BUDGET_MS),
      figure('worker start and first recognition', coldMs, 'ms', '', null),
      figure('mockup words recognised', recall, '%', '100 %', recall === 100),
      figure('lines recognised', page.lines.length, '', '', null),
      figure('skeleton inputs (4 fields drawn)', inputs, '', '4', inputs === MOCKUP.fields.length),
    ];
    if (process.env.BENCH_DEBUG)
      console.log(
        page.lines.map((line) => line.text),
        skeleton.html,
      );
    printFigures(figures);
    writeResults('assistant-ocr', { width: WIDTH, height: HEIGHT, runs: RUNS }, figures);
  } finally {
    await engine.close();
  }
}

await main();
