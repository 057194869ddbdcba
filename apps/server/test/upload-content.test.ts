import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UNPACKED_BYTES } from '../src/lib/upload-check/office-document.js';
import { setUpOwnBoard, pngBytes, upload, type BoardFixture } from './helpers/boards.js';
import { isDatabaseAvailable } from './helpers/database.js';
import type { TokenHeaders } from './helpers/factories.js';
import { snapshot } from './helpers/projects.js';
import { buildTestApp, type TestApp } from './helpers/test-app.js';
import {
  DOCX,
  docxSources,
  minimalDocx,
  minimalOpenDocument,
  textWith,
  zipArchive,
  zipSource,
} from './helpers/upload-corpus.js';

/**
 * docs/security.md, uploads: text is refused for markup anywhere in it, a dangerous name is refused
 * whatever the bytes, and an office document must prove to be a sound ZIP of its kind, within the
 * unpacking caps. Every refusal is FILE_TYPE_NOT_ALLOWED (415, localized) and stores nothing.
 */
const ODT = 'application/vnd.oasis.opendocument.text';
const ODS = 'application/vnd.oasis.opendocument.spreadsheet';
const MB = 1024 * 1024;
const HARMLESS = Buffer.from('hello, nothing to see here\n');

describe.skipIf(!isDatabaseAvailable)('upload content: markup, names and office documents', () => {
  let t: TestApp;
  let headers: TokenHeaders;
  let f: BoardFixture;
  const tally = { refused: 0, accepted: 0 };
  const send = (name: string, data: Buffer, h: TokenHeaders = headers) =>
    upload(t.app, h, f.taskId, name, data);
  const stored = () => {
    const dir = path.join(t.dataDir, 'files', 'attachments');
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };

  /** Each file is refused with the localized 415, and nothing (row or file) is left behind. */
  const expectAllRefused = async (files: [string, string, Buffer][]) => {
    const before = await snapshot(t.db);
    const filesBefore = stored();
    const es = { ...headers, 'accept-language': 'es' } as TokenHeaders;
    for (const [label, name, data] of files) {
      const response = await send(name, data, es);
      expect(response.statusCode, label).toBe(415);
      expect(response.json(), label).toEqual({
        errors: ['Este tipo de archivo no está permitido.'],
        code: 'FILE_TYPE_NOT_ALLOWED',
      });
      tally.refused += 1;
    }
    expect(await snapshot(t.db)).toEqual(before);
    expect(stored()).toEqual(filesBefore);
  };

  const expectAccepted = async (name: string, data: Buffer, contentType: string) => {
    const response = await send(name, data);
    expect(response.statusCode, `${name}: ${response.body.slice(0, 200)}`).toBe(201);
    const attachment = response.json().data;
    expect(attachment.content_type, name).toBe(contentType);
    const download = await t.app.inject({ method: 'GET', url: attachment.url });
    expect(download.headers['content-type'], name).toBe(contentType);
    expect(download.rawPayload.equals(data), name).toBe(true);
    tally.accepted += 1;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    ({ headers, f } = await setUpOwnBoard(t));
  });
  afterAll(async () => {
    console.log(`upload content: ${tally.refused} refused (415, nothing stored), ${tally.accepted} accepted`);
    await t?.close();
  });

  it('refuses text carrying markup or a script link anywhere, far past the first 4 KB', async () => {
    await expectAllRefused([
      ['<script> at byte 100,000', 'notes.txt', textWith(100_000, '<script>alert(1)</script>')],
      ['<svg onload> deep in a .txt', 'notes.txt', textWith(200_000, '<svg onload="alert(1)"/>')],
      ['closing tag only, near the end', 'notes.txt', textWith(90_000, '</SCRIPT >', 90_100)],
      ['event handler on a harmless tag', 'notes.md', textWith(50_000, '<img src=x onerror=alert(1)>')],
      [
        'entity-encoded javascript: link',
        'notes.txt',
        textWith(20_000, '<a href="&#106;ava&#x0A;script:x">'),
      ],
      ['Markdown javascript: link', 'notes.md', textWith(30_000, '[click](JavaScript:alert(1))')],
      ['XML stylesheet declaration in a .csv', 'data.csv', textWith(9_000, '<?xml-stylesheet href="x"?>')],
      [
        'namespaced script',
        'notes.txt',
        textWith(70_000, '<x:script xmlns:x="http://www.w3.org/1999/xhtml">'),
      ],
      ['UTF-7 tag opener', 'notes.txt', textWith(5_000, '+ADw-script+AD4-alert(1)')],
    ]);
  });

  it('accepts plain text, CSV and Markdown without markup, however long, as their text type', async () => {
    const markdown =
      '# Informe\n\nSi a < b y c > d, escribe a <ana@uni.example> o visita <https://uni.example>.\n' +
      'Pulsa <kbd>Ctrl</kbd>+<kbd>S</kbd>.<br>\n\n```js\nif (a<b && c>d) run();\n```\n[guía](https://uni.example/guía)\n';
    await expectAccepted('long.txt', textWith(100_000, ''), 'text/plain; charset=utf-8');
    await expectAccepted(
      'datos.csv',
      Buffer.from('nombre,nota\nAna,9.5\n"Bea, M.",8\n'),
      'text/csv; charset=utf-8',
    );
    await expectAccepted('informe.md', Buffer.from(markdown), 'text/markdown; charset=utf-8');
  });

  it('answers in linear time on text built to make a pattern backtrack', async () => {
    const hostile = Buffer.from(
      ['<a '.repeat(MB), '<'.padEnd(MB, ' '), '](  '.repeat(MB / 4), '[x](javascript:1)'].join(''),
    );
    const started = performance.now();
    await expectAllRefused([['5 MB of unclosed tags and links, then a script link', 'slow.txt', hostile]]);
    // Not a speed budget (those live in bench/): a backtracking pattern takes hours on this input, a
    // linear one about a second; 30 s tells the two apart even on a machine busy with other suites.
    expect(performance.now() - started).toBeLessThan(30_000);
  });

  it('refuses a name with a dangerous extension anywhere in it, whatever the bytes', async () => {
    const png = await pngBytes();
    const names = (
      'a.html. a.HTML a.xht a.mhtml a.hta a.js a.htm a.xhtml a.mht a.mjs a.svgz a.xml a.xsl a.swf ' +
      'a.jar a.exe report.html.txt a.ｈｔｍｌ'
    ).split(' ');
    const disguised = ['a.html::$DATA', 'a.html\u200b.txt', 'a.HTML .txt', 'a.Svg.txt'];
    await expectAllRefused([
      ['a.svg.png holding a real PNG', 'a.svg.png', png],
      ...[...names, ...disguised].map((name): [string, string, Buffer] => [name, name, HARMLESS]),
    ]);
    await expectAccepted('a.png', png, 'image/png');
    await expectAccepted('notes.v2.final.txt', HARMLESS, 'text/plain; charset=utf-8');
    await expectAccepted('Dr. Smith, html notes.txt', HARMLESS, 'text/plain; charset=utf-8');
  });

  it('accepts real office documents, typed by what they declare inside', async () => {
    await expectAccepted('informe.docx', minimalDocx(), DOCX);
    await expectAccepted('acta.odt', minimalOpenDocument(ODT), ODT);
    await expectAccepted('notas.ods', minimalOpenDocument(ODS), ODS);
  });

  it('refuses an office document holding something a browser or a system would run', async () => {
    const withEntry = (name: string) => minimalDocx([zipSource(name, '<b>hi</b>')]);
    await expectAllRefused([
      ['an .html entry', 'a.docx', withEntry('word/afchunk.html')],
      ['an .svg entry', 'a.docx', withEntry('word/media/image1.svg')],
      ['a .js entry', 'a.docx', withEntry('word/x.js')],
      ['an .exe entry', 'a.docx', withEntry('word/embeddings/setup.exe')],
      ['an .HTM. entry, any case, trailing dot', 'a.docx', withEntry('word/page.HTM.')],
    ]);
  });

  it('refuses zip bombs: a declared size over the cap, an honest one too, a ratio over 100:1, a lie', async () => {
    const zeros = (bytes: number) => Buffer.alloc(bytes);
    // Incompressible padding keeps the honest bomb under 100:1, so only the total cap refuses it.
    const noise = zipSource('word/media/noise.bin', randomBytes(1.25 * MB), { store: true });
    const honestBomb = minimalDocx([zipSource('word/big.xml', zeros(MAX_UNPACKED_BYTES)), noise]);
    expect(honestBomb.length).toBeGreaterThan((MAX_UNPACKED_BYTES + 1.25 * MB) / 100);
    await expectAllRefused([
      ['declares 2 GB', 'a.docx', minimalDocx([zipSource('word/a.xml', 'x', { declaredSize: 0x7fffffff })])],
      ['unpacks, honestly, to over 100 MB', 'a.docx', honestBomb],
      ['5 MB from a few KB (over 100:1)', 'a.docx', minimalDocx([zipSource('word/a.xml', zeros(5 * MB))])],
      [
        'declares 1 KB, inflates to 1 MB',
        'a.docx',
        minimalDocx([zipSource('word/a.xml', zeros(MB), { declaredSize: 1024 })]),
      ],
    ]);
    // Under a megabyte unpacked, however well it compresses, it is an ordinary document.
    await expectAccepted('big.docx', minimalDocx([zipSource('word/a.xml', zeros(MB - 2048))]), DOCX);
  });

  it('refuses a .docx that is not a sound ZIP of its kind', async () => {
    const docx = minimalDocx();
    const corrupt = Buffer.from(docx);
    corrupt[80] = (corrupt[80] ?? 0) ^ 0xff; // inside the first entry's deflated bytes
    // A stored entry has no deflate stream to break: only its CRC-32 tells the change.
    const noise = randomBytes(64);
    const tampered = minimalDocx([zipSource('word/media/noise.bin', noise, { store: true })]);
    const at = tampered.indexOf(noise);
    tampered[at] = (tampered[at] ?? 0) ^ 0xff;
    const pdfThenZip = zipArchive(docxSources(), Buffer.from('%PDF-1.7\n1 0 obj\n'));
    await expectAllRefused([
      ['ZIP magic then zeros', 'a.docx', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(40)])],
      ['plain text named .docx', 'a.docx', HARMLESS],
      ['a PDF named .docx', 'a.docx', Buffer.from('%PDF-1.7\n1 0 obj\n')],
      ['cut in half', 'a.docx', docx.subarray(0, docx.length / 2)],
      ['a flipped byte in deflated data', 'a.docx', corrupt],
      ['a flipped byte in a stored entry (CRC)', 'a.docx', tampered],
      ['a PDF with a ZIP appended', 'a.docx', pdfThenZip],
      ['no [Content_Types].xml', 'a.docx', zipArchive(docxSources().slice(1))],
      [
        'macro-enabled, renamed',
        'a.docx',
        minimalDocx([], 'application/vnd.ms-word.document.macroEnabled.main+xml'),
      ],
      ['a .docx named .xlsx', 'a.xlsx', docx],
      ['an .odt declaring another type', 'a.odt', minimalOpenDocument(ODS)],
      ['an entry climbing out', 'a.docx', minimalDocx([zipSource('../../evil.xml', 'x')])],
      ['the same entry twice', 'a.docx', minimalDocx([zipSource('WORD/document.xml', 'x')])],
      ['a ZIP that is not a document', 'a.zip', docx],
    ]);
  });

  it('refuses what a careful reader does not guess at: encryption, several disks, 10,000+ parts', async () => {
    /** A copy of a minimal .docx, changed where `patch` says (given where its directory starts). */
    const patched = (patch: (copy: Buffer, directory: number) => void) => {
      const copy = minimalDocx();
      patch(copy, copy.readUInt32LE(copy.length - 6));
      return copy;
    };
    const parts = Array.from({ length: 10_000 }, (_, i) => zipSource(`word/p${i}.xml`, 'x', { store: true }));
    await expectAllRefused([
      [
        'first entry flagged encrypted',
        'a.docx',
        patched((copy, directory) => {
          copy.writeUInt16LE(copy.readUInt16LE(6) | 1, 6);
          copy.writeUInt16LE(copy.readUInt16LE(directory + 8) | 1, directory + 8);
        }),
      ],
      ['end record on disk 1', 'a.docx', patched((copy) => copy.writeUInt16LE(1, copy.length - 18))],
      ['10,003 parts', 'a.docx', minimalDocx(parts)],
    ]);
  });
});
