import { existsSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { chromium, type Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockupToSkeleton } from '../../../src/features/assistant/vision/mockup-skeleton.js';
import { OcrEngine, type OcrLine, type OcrPage } from '../../../src/features/assistant/vision/ocr.js';
import { whiteboardToStories } from '../../../src/features/assistant/vision/whiteboard-stories.js';
import { AppError } from '../../../src/lib/app-error.js';

/**
 * The image modes offline (issue 20): mockups and whiteboards rendered from HTML in Chromium, read by
 * the OCR engine (one warm worker for the file), turned into a skeleton or stories, in both languages.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) {
  console.warn(
    `\n!!! ${CHROMIUM} is missing: the OCR tests on rendered mockups and whiteboards are SKIPPED.` +
      ' Install it with `apt-get install -y chromium` (docs/toolchain.md). !!!\n',
  );
}
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const LOGIN_EN = mockupHtml({
  title: 'Acme Portal',
  nav: ['Home', 'Pricing', 'About'],
  fields: ['Email', 'Password'],
  buttons: ['Sign in'],
  paragraph: 'Use your university account to access the course boards and reports.',
  footer: '© 2026 Acme University',
});
const LOGIN_ES = mockupHtml({
  title: 'Campus Virtual',
  nav: ['Inicio', 'Cursos', 'Ayuda'],
  fields: ['Correo', 'Contraseña'],
  buttons: ['Iniciar sesión', 'Cancelar'],
  paragraph: 'Usa tu cuenta de la universidad para entrar a los tableros del curso.',
  footer: '© 2026 Universidad',
});
const WHITEBOARD_EN = whiteboardHtml([
  'Student: upload report',
  'Teacher: grade reports before the deadline',
  'Admin: archive old courses',
  'As a student I want to see my grades so that I know where I stand',
]);
const WHITEBOARD_ES = whiteboardHtml([
  'Profesor: revisar entregas',
  'Estudiante: subir informe semanal',
  'Sprint 3',
  'Como docente quiero exportar las notas para publicarlas en el campus',
]);

let engine: OcrEngine;
beforeAll(() => {
  engine = new OcrEngine();
});
afterAll(() => engine.close());

describe.skipIf(!hasChromium)('OCR of mockups and whiteboards rendered in Chromium', () => {
  let browser: Browser;
  const images = new Map<string, Buffer>();
  const pages = new Map<string, Promise<OcrPage>>();
  /** Each image is read once and shared by the tests that look at it. */
  const read = (name: string) => {
    if (!pages.has(name)) pages.set(name, engine.recognize(images.get(name)!));
    return pages.get(name)!;
  };

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    const png = (html: string) => screenshot(browser, html, 'png');
    images.set('login-en.png', await png(LOGIN_EN));
    images.set('login-es.jpeg', await screenshot(browser, LOGIN_ES, 'jpeg'));
    images.set(
      'whiteboard-en.webp',
      await sharp(await png(WHITEBOARD_EN))
        .webp({ quality: 85 })
        .toBuffer(),
    );
    images.set(
      'whiteboard-es.gif',
      await sharp(await png(WHITEBOARD_ES))
        .gif()
        .toBuffer(),
    );
    await browser.close();
  }, 60_000);

  it('reads an English login mockup (PNG) into a header, a form and a footer', async () => {
    const page = await read('login-en.png');
    expect(texts(page)).toEqual(expect.arrayContaining(['Acme Portal', 'Home', 'Pricing', 'About', 'Email']));
    expect(texts(page)).toEqual(expect.arrayContaining(['Password', 'Sign in']));
    expect(page).toMatchObject({ width: 1280, height: 800 });

    const { html, css, js, markdown } = mockupToSkeleton(page, 'en');
    expect(html).toMatch(/<header class="site-header">\s*<h1>Acme Portal<\/h1>\s*<nav aria-label="Main">/);
    expect(html).toContain('<li><a href="#">Pricing</a></li>');
    expect(html).toMatch(/<form class="form">[\s\S]*<\/form>/);
    expect(html).toMatch(/<label for="email">Email<\/label>\s*<input id="email" name="email" type="email"/);
    expect(html).toMatch(/<input id="password" name="password" type="password"/);
    expect(html).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(html).toMatch(/<p>Use your university account to access the course boards and reports\.<\/p>/);
    expect(html).toMatch(/<footer class="site-footer">\s*<p>[^<]*2026 Acme University<\/p>/);
    expect(css).toMatch(/--color-accent:/);
    expect(css).toMatch(/@media \(max-width: 600px\)/);
    expect(js).toContain('event.preventDefault()');
    expect(js).not.toMatch(/https?:|fetch\(|import /);
    expect(markdown).toMatch(/^Here is a first HTML\/CSS\/JS skeleton/);
    expect(markdown).toContain('a form with 2 fields and 1 button');
    expect(markdown).toContain('```html\n<header');
    expect(markdown).toContain('```css\n:root');
    expect(markdown).toContain('```js\n');
  });

  it('reads a Spanish login mockup (JPEG, white text on colour) and answers in Spanish', async () => {
    const page = await read('login-es.jpeg');
    expect(texts(page)).toEqual(expect.arrayContaining(['Campus Virtual', 'Correo', 'Contraseña']));
    expect(texts(page)).toEqual(expect.arrayContaining(['Iniciar sesión', 'Cancelar']));

    const { html, markdown } = mockupToSkeleton(page, 'es');
    expect(html).toContain('<nav aria-label="Principal">');
    expect(html).toMatch(
      /<label for="correo">Correo<\/label>\s*<input id="correo" name="correo" type="email"/,
    );
    expect(html).toMatch(/<label for="contrasena">Contraseña<\/label>\s*<input [^>]*type="password"/);
    expect(html).toMatch(/<button type="submit">Iniciar sesión<\/button>/);
    expect(html).toMatch(/<button type="reset" class="secondary">Cancelar<\/button>/);
    expect(markdown).toMatch(/^Este es un primer esqueleto HTML\/CSS\/JS/);
    expect(markdown).toContain('un formulario con 2 campos y 2 botones');
  });

  it('reads an English whiteboard (WebP) into stories with Given/When/Then', async () => {
    const page = await read('whiteboard-en.webp');
    expect(texts(page).join(' ')).toMatch(/Student: upload/);

    const { stories, markdown } = whiteboardToStories(page, 'en');
    expect(stories.map((story) => story.title)).toEqual([
      'Student: upload report',
      'Teacher: grade reports before the deadline',
      'Admin: archive old courses',
      'Student: see my grades',
    ]);
    const [upload, , archive, grades] = stories;
    expect(upload).toMatchObject({ asA: 'student', iWant: 'to upload report' });
    expect(upload!.criteria).toHaveLength(3);
    expect(upload!.criteria[0]).toEqual({
      given: 'I am signed in as a student',
      when: 'I upload report',
      then: 'it is saved, I see a confirmation and it appears in the list',
    });
    expect(archive!.criteria[2]!.then).toBe('I am asked to confirm before anything is removed');
    // Already a story on the board: its words are kept.
    expect(grades).toMatchObject({
      asA: 'student',
      iWant: 'to see my grades',
      soThat: 'I know where I stand',
    });
    for (const story of stories) expect(story.criteria.length).toBeGreaterThanOrEqual(2);
    expect(markdown).toMatch(/^I read 4 notes on the whiteboard and wrote 4 user stories/);
    expect(markdown).toContain('As an admin, I want to archive old courses so that');
    expect(markdown).toContain('- **Given** I am not signed in, **when** I try to upload report');
  });

  it('reads a Spanish whiteboard (GIF) into stories in Spanish, and lists what is not a story', async () => {
    const page = await read('whiteboard-es.gif');
    const { stories, markdown } = whiteboardToStories(page, 'es');
    expect(stories.map((story) => story.asA)).toEqual(['profesor', 'estudiante', 'docente']);
    const [review, , exportGrades] = stories;
    expect(review).toMatchObject({ title: 'Profesor: revisar entregas', iWant: 'revisar entregas' });
    expect(review!.criteria).toHaveLength(3);
    expect(review!.criteria[0]).toEqual({
      given: 'que inicié sesión como profesor',
      when: 'elijo revisar entregas',
      then: 'los cambios se guardan y las personas involucradas los ven',
    });
    expect(exportGrades).toMatchObject({ iWant: 'exportar las notas', soThat: 'publicarlas en el campus' });
    expect(markdown).toMatch(/^Leí 4 notas en la pizarra y escribí 3 historias de usuario/);
    expect(markdown).toContain('Como profesor, quiero revisar entregas para');
    expect(markdown).toContain('- **Dado** que no inicié sesión, **cuando** intento revisar entregas');
    expect(markdown).toMatch(/sin actor ni acción\):\n\n- Sprint 3/);
  });

  it('answers in the asker’s language whatever the board is written in', async () => {
    const { stories } = whiteboardToStories(await read('whiteboard-en.webp'), 'es');
    expect(stories[0]).toMatchObject({ asA: 'estudiante', iWant: 'upload report' });
    expect(stories[2]!.asA).toBe('administrador');
    expect(stories[0]!.criteria[1]).toEqual({
      given: 'que no inicié sesión',
      when: 'intento upload report',
      then: 'se me pide iniciar sesión y nada cambia',
    });
    const english = whiteboardToStories(await read('whiteboard-es.gif'), 'en').stories;
    expect(english.map((story) => story.asA)).toEqual(['teacher', 'student', 'teacher']);
  });

  it('serialises calls from many requests on its one worker, each getting its own page', async () => {
    const [login, board] = await Promise.all([
      engine.recognize(images.get('login-en.png')!),
      engine.recognize(images.get('whiteboard-es.gif')!),
    ]);
    expect(texts(login)).toContain('Sign in');
    expect(texts(login).join(' ')).not.toMatch(/Profesor/);
    expect(texts(board).join(' ')).toMatch(/Profesor: revisar/);
  });

  it('keeps the event loop free while it reads (the work runs in a worker thread)', async () => {
    await read('login-en.png');
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    await engine.recognize(images.get('login-en.png')!);
    const elapsed = performance.now() - started;
    delay.disable();
    // On the main thread one of the two passes alone would block it for about half of `elapsed`.
    expect(delay.max / 1e6).toBeLessThan(elapsed / 3);
  });

  it('gives up on a recognition past its time-out, then reads the next image with a fresh worker', async () => {
    await read('login-en.png');
    await expect(engine.recognize(images.get('login-en.png')!, { timeoutMs: 1 })).rejects.toMatchObject({
      code: 'ASSISTANT_ENGINE_FAILED',
    });
    const page = await engine.recognize(images.get('login-en.png')!);
    expect(texts(page)).toContain('Sign in');
  });

  it('drops a queued call whose client went away', async () => {
    const gone = new AbortController();
    const running = engine.recognize(images.get('login-en.png')!);
    const queued = engine.recognize(images.get('login-en.png')!, { signal: gone.signal });
    gone.abort();
    await expect(queued).rejects.toMatchObject({ code: 'ASSISTANT_ENGINE_FAILED' });
    expect(texts(await running)).toContain('Sign in');
  });

  it('ends its worker on close(): the call in progress fails at once, later calls are refused', async () => {
    const closing = new OcrEngine();
    const large = await sharp(images.get('login-en.png')!).resize(2000).png().toBuffer();
    await closing.recognize(images.get('login-en.png')!);
    const inProgress = closing.recognize(large);
    inProgress.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = performance.now();
    await closing.close();
    await expect(inProgress).rejects.toMatchObject({ code: 'ASSISTANT_ENGINE_FAILED' });
    expect(performance.now() - started).toBeLessThan(1000);
    await expect(closing.recognize(images.get('login-en.png')!)).rejects.toMatchObject({
      code: 'ASSISTANT_ENGINE_FAILED',
    });
  });
});

describe('OCR input the engine refuses or finds empty', () => {
  it('finds no text on a blank image, and both modes say so plainly in both languages', async () => {
    const blank = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const page = await engine.recognize(blank);
    expect(page).toEqual({ width: 1000, height: 667, lines: [] });

    expect(whiteboardToStories(page, 'en')).toEqual({
      stories: [],
      markdown: expect.stringMatching(/^No text was recognised in the image/),
    });
    expect(whiteboardToStories(page, 'es')).toEqual({
      stories: [],
      markdown: expect.stringMatching(/^No se reconoció texto en la imagen/),
    });
    const skeleton = mockupToSkeleton(page, 'es');
    expect(skeleton.html).toBe('<main>\n</main>');
    expect(skeleton.markdown).toMatch(/^No pude leer texto en esta imagen/);
    expect(mockupToSkeleton(page, 'en').markdown).toMatch(/^I could not read any text in this image/);
  });

  it('refuses bytes that are not an image', async () => {
    const error = await engine
      .recognize(Buffer.from('not an image at all'))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'IMAGE_FORMAT_NOT_ALLOWED' });
  });
});

describe('skeleton and stories from OCR lines (no OCR)', () => {
  it('escapes every OCR text it writes into the HTML', () => {
    const page = pageOf([
      line('Evil <b>Corp</b>', 40, 20, 300, 60),
      line('Email', 400, 200, 460, 220),
      line('<img src=x onerror=alert(1)>', 400, 300, 700, 320),
      line('Mind `this` & "that"', 400, 400, 800, 420),
    ]);
    const { html, markdown } = mockupToSkeleton(page, 'en');
    expect(html).toContain('<h1>Evil &#60;b&#62;Corp&#60;/b&#62;</h1>');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(html).toContain('<p>Mind &#96;this&#96; &#38; &#34;that&#34;</p>');
    expect(html).not.toMatch(/<img|<b>/);
    // A backtick in the text cannot close the Markdown fence early.
    expect(markdown.match(/```/g)).toHaveLength(6);
  });

  it('turns a placeholder under a label into the input’s placeholder, and a remember-me line into a checkbox', () => {
    const page = pageOf([
      line('Correo electrónico', 400, 200, 560, 220),
      line('tu@ejemplo.com', 410, 235, 540, 252),
      line('Recordarme', 400, 300, 500, 320),
      line('Guardar cambios', 400, 360, 540, 380),
    ]);
    const { html } = mockupToSkeleton(page, 'es');
    expect(html).toContain(
      '<input id="correo-electronico" name="correo-electronico" type="email" autocomplete="email" placeholder="tu@ejemplo.com">',
    );
    expect(html).toContain('<input id="recordarme" name="recordarme" type="checkbox">');
    expect(html).toContain('<button type="submit">Guardar cambios</button>');
  });

  it('tells a tall heading, a confirm-password label and buttons apart though all start with actions', () => {
    const page = pageOf([
      line('Create your account', 400, 150, 700, 190),
      line('Password', 400, 220, 500, 240),
      line('Confirm password', 400, 280, 580, 300),
      line('Sign up', 400, 340, 480, 360),
      line('Sign in with Google', 500, 340, 700, 360),
    ]);
    const { html } = mockupToSkeleton(page, 'en');
    expect(html).toMatch(/<main>\s*<h1>Create your account<\/h1>\s*<form/);
    expect(html).toContain(
      '<input id="confirm-password" name="confirm-password" type="password" autocomplete="new-password">',
    );
    expect(html).toMatch(
      /<button type="submit">Sign up<\/button>\s*<button type="button">Sign in with Google<\/button>/,
    );
  });

  it('splits a note holding two statements, and reads an actor named before a verb', () => {
    const page = pageOf([
      line('Teacher: approve', 100, 100, 300, 120),
      line('hours', 100, 125, 180, 145),
      line('Student - send hours', 100, 150, 330, 170),
      line('The coordinator exports the plan', 700, 100, 1000, 120),
    ]);
    const { stories } = whiteboardToStories(page, 'en');
    expect(stories.map(({ asA, iWant }) => ({ asA, iWant }))).toEqual([
      { asA: 'teacher', iWant: 'to approve hours' },
      { asA: 'student', iWant: 'to send hours' },
      { asA: 'coordinator', iWant: 'to export the plan' },
    ]);
  });

  it('says plainly when the text it read holds no story', () => {
    const page = pageOf([line('Sprint 3', 100, 100, 220, 130), line('Backlog', 500, 100, 620, 130)]);
    expect(whiteboardToStories(page, 'en')).toEqual({
      stories: [],
      markdown:
        'I read the whiteboard but found no actor or action to turn into a user story. The text I read:\n\n- Sprint 3\n- Backlog',
    });
  });
});

function texts(page: OcrPage): string[] {
  return page.lines.map((ocrLine) => ocrLine.text);
}

function pageOf(lines: OcrLine[]): OcrPage {
  return { width: 1280, height: 800, lines };
}

/** An OCR line with its words spread evenly over its box. */
function line(text: string, x0: number, y0: number, x1: number, y1: number): OcrLine {
  const parts = text.split(' ');
  const step = (x1 - x0) / parts.length;
  const words = parts.map((word, index) => ({
    text: word,
    confidence: 95,
    box: { x0: Math.round(x0 + index * step), y0, x1: Math.round(x0 + (index + 1) * step - 4), y1 },
  }));
  return { text, confidence: 95, box: { x0, y0, x1, y1 }, words };
}

async function screenshot(browser: Browser, html: string, type: 'png' | 'jpeg'): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.setContent(html);
    return await page.screenshot(type === 'jpeg' ? { type, quality: 80 } : { type });
  } finally {
    await page.close();
  }
}

interface Mockup {
  title: string;
  nav: string[];
  fields: string[];
  buttons: string[];
  paragraph: string;
  footer: string;
}

/** A login screen as a designer would draw it: a dark header bar, framed inputs, a coloured button. */
function mockupHtml(mockup: Mockup): string {
  const field = (label: string) =>
    `<div>${label}</div><div style="border:2px solid #666;height:40px;margin:8px 0 20px"></div>`;
  const button = (text: string, index: number) =>
    index === 0
      ? `<div style="border:2px solid #333;background:#2e7d32;color:#fff;padding:10px 20px">${text}</div>`
      : `<div style="border:2px solid #333;padding:10px 20px">${text}</div>`;
  return `<html><body style="margin:0;font-family:'Liberation Sans',sans-serif">
    <div style="display:flex;justify-content:space-between;align-items:center;padding:20px 40px;background:#1e3a5f;color:#fff">
      <div style="font-size:40px;font-weight:bold">${mockup.title}</div>
      <div style="display:flex;gap:40px;font-size:22px">${mockup.nav.map((link) => `<span>${link}</span>`).join('')}</div>
    </div>
    <div style="width:420px;margin:50px auto;font-size:24px">
      ${mockup.fields.map(field).join('')}
      <div style="display:flex;gap:20px">${mockup.buttons.map(button).join('')}</div>
      <p style="font-size:20px">${mockup.paragraph}</p>
    </div>
    <div style="position:absolute;bottom:0;width:100%;text-align:center;font-size:18px;padding:20px;border-top:1px solid #999">${mockup.footer}</div>
  </body></html>`;
}

/** Sticky notes in a 3-column grid on a light board. */
function whiteboardHtml(notes: string[]): string {
  const colours = ['#fff59d', '#b3e5fc', '#c8e6c9', '#ffccbc'];
  const note = (text: string, index: number) =>
    `<div style="position:absolute;left:${60 + (index % 3) * 380}px;top:${60 + Math.floor(index / 3) * 320}px;` +
    `width:260px;min-height:140px;padding:18px;font-size:26px;background:${colours[index % 4]};box-shadow:2px 3px 6px #999">${text}</div>`;
  return `<html><body style="margin:0;background:#f4f4f0;font-family:'DejaVu Sans',sans-serif">${notes.map(note).join('')}</body></html>`;
}
