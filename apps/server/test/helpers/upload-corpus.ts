import sharp from 'sharp';
import { pngBytes } from './boards.js';
import { pngDeclaring } from './images.js';

/** One hostile upload: what the name and the declared type claim, and what the bytes really are. */
export interface CorpusFile {
  label: string;
  name: string;
  declared: string;
  data: Buffer;
  /** The one content type it may be stored as; null: it must be refused. */
  storedAs: string | null;
  /** Polyglots: refusing them is as good as typing them by their first bytes. */
  mayRefuse: boolean;
}

const TEXT = 'text/plain; charset=utf-8';
const SVG_SCRIPT =
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>';
const HTML = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';

const bytes = (text: string) => Buffer.from(text, 'utf8');

/** Files whose name says one type and whose content is another, and declared types that lie. */
export async function mistypedCorpus(): Promise<CorpusFile[]> {
  const png = await pngBytes();
  const jpeg = await sharp(png).jpeg().toBuffer();
  const gif = await sharp(png).gif().toBuffer();
  const webp = await sharp(png).webp().toBuffer();
  const file = (
    label: string,
    name: string,
    declared: string,
    data: Buffer,
    storedAs: string | null = null,
  ) => ({
    label,
    name,
    declared,
    data,
    storedAs,
    mayRefuse: label.includes('polyglot'),
  });
  return [
    file('PNG named .exe', 'setup.exe', 'application/x-msdownload', png, 'image/png'),
    file('JPEG named .gif, declared gif', 'photo.gif', 'image/gif', jpeg, 'image/jpeg'),
    file('GIF named .html', 'index.html', 'text/html', gif, 'image/gif'),
    file('WebP named .txt', 'notes.txt', 'text/plain', webp, 'image/webp'),
    file('PNG declared text/html', 'a.png', 'text/html', png, 'image/png'),
    file('PNG with HTML appended', 'poly.png', 'image/png', Buffer.concat([png, bytes(HTML)]), 'image/png'),
    file('HTML named .png', 'cat.png', 'image/png', bytes(HTML)),
    file('HTML without doctype named .txt', 'a.txt', 'text/plain', bytes('  <html><script>x()</script>')),
    file('HTML after a BOM', 'a.txt', 'text/plain', bytes(`\ufeff${HTML}`)),
    file('HTML in UTF-16', 'a.txt', 'text/plain', Buffer.from(`\ufeff${HTML}`, 'utf16le')),
    file('SVG with script named .png', 'logo.png', 'image/png', bytes(SVG_SCRIPT)),
    file('SVG with script named .jpg', 'logo.jpg', 'image/jpeg', bytes(SVG_SCRIPT)),
    file(
      'SVG with XML prolog named .txt',
      'a.txt',
      'text/plain',
      bytes(`<?xml version="1.0"?>${SVG_SCRIPT}`),
    ),
    file('SVG named .svg declared image/svg+xml', 'logo.svg', 'image/svg+xml', bytes(SVG_SCRIPT)),
    file('gzipped SVG named .png', 'logo.png', 'image/png', Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0])),
    file(
      'XHTML named .pdf',
      'doc.pdf',
      'application/pdf',
      bytes('<html xmlns="http://www.w3.org/1999/xhtml"/>'),
    ),
    file('iframe in text', 'a.md', 'text/markdown', bytes('# hi\n<iframe src="https://evil.example">')),
    file('GIF+JS polyglot', 'x.gif', 'image/gif', bytes('GIF89a/*\x00\x00*/=1;alert(1)//'), 'image/gif'),
    file('GIF+JS polyglot named .js', 'x.js', 'text/javascript', bytes('GIF89a=1;alert(1)//'), 'image/gif'),
    file(
      'PDF named .png',
      'scan.png',
      'image/png',
      bytes('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n'),
      'application/pdf',
    ),
    file('PDF carrying HTML', 'x.pdf', 'text/html', bytes(`%PDF-1.4\n${HTML}`), 'application/pdf'),
    file('plain text named .jpg', 'photo.jpg', 'image/jpeg', bytes('just words'), TEXT),
    file('JavaScript named .js', 'app.js', 'application/javascript', bytes('alert(1)'), TEXT),
    file('zero bytes', 'empty.txt', 'text/plain', Buffer.alloc(0)),
    file('zero bytes named .png', 'empty.png', 'image/png', Buffer.alloc(0)),
    file('PNG signature only', 'cut.png', 'image/png', png.subarray(0, 8)),
    file('PNG cut inside its header', 'cut.png', 'image/png', png.subarray(0, 20)),
    file('JPEG marker only', 'cut.jpg', 'image/jpeg', Buffer.from([0xff, 0xd8, 0xff])),
    file('RIFF/WEBP header only', 'cut.webp', 'image/webp', bytes('RIFF\u0000\u0000\u0000\u0000WEBP')),
    file('4 bytes of GIF magic', 'cut.gif', 'image/gif', bytes('GIF8'), TEXT),
    file('PNG declaring 10 gigapixels', 'bomb.png', 'image/png', pngDeclaring(100_000, 100_000)),
    file(
      'Windows executable named .png',
      'a.png',
      'image/png',
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
    ),
    file('ELF binary named .txt', 'a.txt', 'text/plain', Buffer.from('\x7fELF\x02\x01\x01\x00', 'latin1')),
    file('ZIP named .png', 'a.png', 'image/png', Buffer.concat([bytes('PK\x03\x04'), Buffer.alloc(30)])),
    file(
      'ZIP named .zip',
      'a.zip',
      'application/zip',
      Buffer.concat([bytes('PK\x03\x04'), Buffer.alloc(30)]),
    ),
    file('invalid UTF-8 text', 'a.txt', 'text/plain', Buffer.from([0x61, 0xc3, 0x28, 0x62])),
  ];
}

/** File names that try to leave the storage folder or break the download header. */
export const TRAVERSAL_NAMES = [
  '../../etc/passwd',
  '../../../../../../../../tmp/escaped.txt',
  '..\\..\\win.ini',
  '..\\..\\..\\Windows\\System32\\evil.txt',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%252e%252e%252fescaped.txt',
  '..%c0%af..%c0%afescaped.txt',
  '/etc/passwd',
  'C:\\Windows\\win.ini',
  '\\\\server\\share\\escaped.txt',
  'file:///etc/passwd',
  'escaped.txt\u0000.png',
  '\u0000',
  '..',
  '.',
  '...',
  '.htaccess',
  '\u2025\u2215\u2025\u2215escaped.txt',
  '\uff0e\uff0e\uff0f\uff0e\uff0e\uff0fescaped.txt',
  '\u2024\u2024\u2044escaped.txt',
  'report\u202etxt.exe',
  `${'a'.repeat(5000)}.txt`,
  `${'../'.repeat(400)}escaped.txt`,
  'a"; filename="evil.html',
  'a\r\nX-Injected: 1\r\n\r\n<html>.txt',
  'a\nContent-Type: text/html.txt',
  'a\';"<script>.txt',
  ' \t ',
];
