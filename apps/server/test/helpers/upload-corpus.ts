import { crc32, deflateRawSync } from 'node:zlib';
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
  /**
   * An attachment under this name is refused whatever the bytes (a dangerous extension); a profile
   * photo is still re-encoded, since its name is never kept.
   */
  refusedByName: boolean;
}

/** The extensions of this corpus's names that the attachment check must refuse on their own. */
const REFUSED_NAME = /\.(exe|html|js|svg)$/i;

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
    refusedByName: REFUSED_NAME.test(name),
  });
  const docx = minimalDocx();
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
    file('plain text named .jpg', 'photo.jpg', 'image/jpeg', bytes('just words')),
    file('JavaScript named .js', 'app.js', 'application/javascript', bytes('alert(1)'), TEXT),
    file('zero bytes', 'empty.txt', 'text/plain', Buffer.alloc(0)),
    file('zero bytes named .png', 'empty.png', 'image/png', Buffer.alloc(0)),
    file('PNG signature only', 'cut.png', 'image/png', png.subarray(0, 8)),
    file('PNG cut inside its header', 'cut.png', 'image/png', png.subarray(0, 20)),
    file('JPEG marker only', 'cut.jpg', 'image/jpeg', Buffer.from([0xff, 0xd8, 0xff])),
    file('RIFF/WEBP header only', 'cut.webp', 'image/webp', bytes('RIFF\u0000\u0000\u0000\u0000WEBP')),
    file('4 bytes of GIF magic', 'cut.gif', 'image/gif', bytes('GIF8')),
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
    file(
      'script at byte 100,000 of a .txt',
      'long.txt',
      'text/plain',
      textWith(100_000, '<script>x()</script>'),
    ),
    file('svg onload deep in a .md', 'long.md', 'text/markdown', textWith(60_000, '<svg onload=alert(1)>')),
    file('minimal real .docx', 'report.docx', 'application/octet-stream', docx, DOCX),
    file('.docx declared text/html', 'report.docx', 'text/html', docx, DOCX),
    file('.docx named .png', 'report.png', 'image/png', docx),
    file('.docx holding an HTML entry', 'report.docx', DOCX, minimalDocx([zipSource('word/x.html', HTML)])),
    file('.docx that is not a ZIP', 'report.docx', DOCX, bytes('just words, not an archive')),
    file('PDF named .docx', 'report.docx', DOCX, bytes('%PDF-1.7\n1 0 obj\n')),
  ];
}

/** `size` bytes of harmless prose with `markup` written at byte `at`. */
export function textWith(at: number, markup: string, size = at + 10_000): Buffer {
  const prose = Buffer.alloc(size, 'Plain words, a < b and c > d, nothing else. ');
  return Buffer.concat([prose.subarray(0, at), bytes(markup), prose.subarray(at)]);
}

export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** One file of a ZIP archive; `declaredSize` makes its directory lie about the unpacked size. */
export interface ZipSource {
  name: string;
  data: Buffer;
  store?: boolean;
  declaredSize?: number;
}

export function zipSource(name: string, data: Buffer | string, options: Partial<ZipSource> = {}): ZipSource {
  return { name, data: Buffer.isBuffer(data) ? data : bytes(data), ...options };
}

/** A local header and a directory record, sharing the fields from "version needed" to "extra length". */
function zipHeaders(source: ZipSource, packed: Buffer, offset: number) {
  const name = bytes(source.name);
  const common = Buffer.alloc(26);
  common.writeUInt16LE(20, 0); // version needed: 2.0
  common.writeUInt16LE(0x0800, 2); // UTF-8 names
  common.writeUInt16LE(source.store ? 0 : 8, 4);
  common.writeUInt32LE(crc32(source.data), 10);
  common.writeUInt32LE(packed.length, 14);
  common.writeUInt32LE(source.declaredSize ?? source.data.length, 18);
  common.writeUInt16LE(name.length, 22);
  const local = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), common, name]);
  const tail = Buffer.alloc(14); // comment length, disk, attributes: zero; then the local offset
  tail.writeUInt32LE(offset, 10);
  const version = Buffer.from([20, 0]);
  const record = Buffer.concat([Buffer.from([0x50, 0x4b, 0x01, 0x02]), version, common, tail, name]);
  return { local, record };
}

/**
 * A ZIP archive as office suites write it: local headers and data, the directory, its end record.
 * A `prefix` goes in front with every offset counted from the file's start (a self-extractor's
 * layout, or a polyglot's).
 */
export function zipArchive(sources: ZipSource[], prefix = Buffer.alloc(0)): Buffer {
  const parts: Buffer[] = [prefix];
  const records: Buffer[] = [];
  let offset = prefix.length;
  for (const source of sources) {
    const packed = source.store ? source.data : deflateRawSync(source.data);
    const { local, record } = zipHeaders(source, packed, offset);
    parts.push(local, packed);
    records.push(record);
    offset += local.length + packed.length;
  }
  const directory = Buffer.concat(records);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(sources.length, 8);
  end.writeUInt16LE(sources.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

const CONTENT_TYPES = (mainPart: string) =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  `<Override PartName="/word/document.xml" ContentType="${mainPart}"/></Types>`;
const RELATIONSHIPS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Target="word/document.xml" ' +
  'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"/>' +
  '</Relationships>';
const DOCUMENT =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
  '<w:body><w:p><w:r><w:t>Informe final</w:t></w:r></w:p></w:body></w:document>';

/** The parts of the smallest .docx Word opens: content types, the package relationship, one paragraph. */
export function docxSources(mainPart = `${DOCX}.main+xml`): ZipSource[] {
  return [
    zipSource('[Content_Types].xml', CONTENT_TYPES(mainPart)),
    zipSource('_rels/.rels', RELATIONSHIPS),
    zipSource('word/document.xml', DOCUMENT),
  ];
}

export function minimalDocx(extra: ZipSource[] = [], mainPart?: string): Buffer {
  return zipArchive([...docxSources(mainPart), ...extra]);
}

/** The kinds of OOXML package: the main part, its content type, and the package's own type. */
const OOXML_KINDS = {
  docx: { main: 'word/document.xml', type: DOCX, body: DOCUMENT },
  xlsx: {
    main: 'xl/workbook.xml',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body:
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>',
  },
  pptx: {
    main: 'ppt/presentation.xml',
    type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    body:
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>',
  },
} as const;
export type OoxmlKind = keyof typeof OOXML_KINDS;
export const OOXML_TYPES = Object.fromEntries(
  Object.entries(OOXML_KINDS).map(([kind, { type }]) => [kind, type]),
) as Record<OoxmlKind, string>;

const RELS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
/** A relationship type URI of the officeDocument namespace (`oleObject`, `hyperlink`, `image`…). */
export const relationshipType = (name: string) =>
  `http://schemas.openxmlformats.org/officeDocument/2006/relationships/${name}`;

export interface OoxmlOptions {
  /** More `<Default>`/`<Override>` declarations for `[Content_Types].xml`. */
  contentTypes?: string;
  /** More `<Relationship>` elements for the main part's relationships (`word/_rels/document.xml.rels`). */
  relationships?: string;
  /** More parts. */
  parts?: ZipSource[];
  /** The whole main-part relationships file, as bytes (another encoding, a DTD…). */
  relationshipsBytes?: Buffer;
}

/**
 * A docx, xlsx or pptx as Office writes its skeleton: content types, the package relationship, the
 * main part and its relationships part, plus what `options` adds (each test's hostile piece).
 */
export function ooxmlPackage(kind: OoxmlKind, options: OoxmlOptions = {}): Buffer {
  const { main, type, body } = OOXML_KINDS[kind];
  const folder = main.slice(0, main.lastIndexOf('/'));
  const file = main.slice(main.lastIndexOf('/') + 1);
  const contentTypes =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/>' +
    `<Override PartName="/${main}" ContentType="${type}.main+xml"/>${options.contentTypes ?? ''}</Types>`;
  const packageRels =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${RELS_NS}">` +
    `<Relationship Id="rId1" Type="${relationshipType('officeDocument')}" Target="${main}"/></Relationships>`;
  const mainRels =
    options.relationshipsBytes ??
    bytes(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${RELS_NS}">` +
        `${options.relationships ?? ''}</Relationships>`,
    );
  return zipArchive([
    zipSource('[Content_Types].xml', contentTypes),
    zipSource('_rels/.rels', packageRels),
    zipSource(main, body),
    zipSource(`${folder}/_rels/${file}.rels`, mainRels),
    ...(options.parts ?? []),
  ]);
}

const CHART_NS = 'http://schemas.openxmlformats.org/drawingml/2006/chart';
const CHART_PARTS = {
  chart: 'application/vnd.openxmlformats-officedocument.drawingml.chart+xml',
  style: 'application/vnd.ms-office.chartstyle+xml',
  colors: 'application/vnd.ms-office.chartcolorstyle+xml',
};

/**
 * What Word and PowerPoint add for a native chart: the chart part, its style and colors parts, and
 * the workbook holding its data, embedded as a whole package (`embeddings/Microsoft_Excel_Worksheet.xlsx`)
 * and reached from the chart through a `package` relationship. Options for `ooxmlPackage`; `embedded`
 * puts the workbook elsewhere (`part`, from the main part's folder) or declares it another type.
 */
export function withChart(
  kind: OoxmlKind,
  workbook: Buffer,
  embedded: { part?: string; contentType?: string } = {},
): OoxmlOptions {
  const folder = OOXML_KINDS[kind].main.split('/')[0] ?? '';
  const part = embedded.part ?? 'embeddings/Microsoft_Excel_Worksheet.xlsx';
  const office2011 = 'http://schemas.microsoft.com/office/2011/relationships';
  const chartRels =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${RELS_NS}">` +
    `<Relationship Id="rId1" Type="${office2011}/chartStyle" Target="style1.xml"/>` +
    `<Relationship Id="rId2" Type="${office2011}/chartColorStyle" Target="colors1.xml"/>` +
    `<Relationship Id="rId3" Type="${relationshipType('package')}" Target="../${part}"/>` +
    '</Relationships>';
  const override = (part: string, type: string) =>
    `<Override PartName="/${folder}/charts/${part}" ContentType="${type}"/>`;
  return {
    contentTypes:
      `<Default Extension="xlsx" ContentType="${OOXML_TYPES.xlsx}"/>` +
      override('chart1.xml', CHART_PARTS.chart) +
      override('style1.xml', CHART_PARTS.style) +
      override('colors1.xml', CHART_PARTS.colors) +
      (embedded.contentType
        ? `<Override PartName="/${folder}/${part}" ContentType="${embedded.contentType}"/>`
        : ''),
    relationships: `<Relationship Id="rId7" Type="${relationshipType('chart')}" Target="charts/chart1.xml"/>`,
    parts: [
      zipSource(
        `${folder}/charts/chart1.xml`,
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><c:chartSpace xmlns:c="${CHART_NS}" ` +
          'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
          '<c:chart><c:plotArea><c:barChart/></c:plotArea></c:chart><c:externalData r:id="rId3"/></c:chartSpace>',
      ),
      zipSource(`${folder}/charts/_rels/chart1.xml.rels`, chartRels),
      zipSource(
        `${folder}/charts/style1.xml`,
        '<cs:chartStyle xmlns:cs="http://schemas.microsoft.com/office/drawing/2012/chartStyle" id="201"/>',
      ),
      zipSource(
        `${folder}/charts/colors1.xml`,
        '<cs:colorStyle xmlns:cs="http://schemas.microsoft.com/office/drawing/2012/chartStyle" meth="cycle" id="10"/>',
      ),
      zipSource(`${folder}/${part}`, workbook),
    ],
  };
}

/** The first bytes of an OLE compound file: what vbaProject.bin, oleObject1.bin and a .doc start with. */
export const OLE_COMPOUND_FILE = Buffer.concat([
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  Buffer.alloc(504, 0),
]);

export interface OpenDocumentOptions {
  /** What goes inside `<office:text>` of content.xml. */
  body?: string;
  /** More `<manifest:file-entry>` (or other) elements for the manifest. */
  manifest?: string;
  parts?: ZipSource[];
}

const ODF_NAMESPACES =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" ' +
  'xmlns:script="urn:oasis:names:tc:opendocument:xmlns:script:1.0" ' +
  'xmlns:xlink="http://www.w3.org/1999/xlink"';

/** A minimal OpenDocument package: the stored `mimetype` first, then its manifest and content. */
export function minimalOpenDocument(mimeType: string, options: OpenDocumentOptions = {}): Buffer {
  const manifest =
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">' +
    `<manifest:file-entry manifest:full-path="/" manifest:media-type="${mimeType}"/>` +
    '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>' +
    `${options.manifest ?? ''}</manifest:manifest>`;
  const content =
    `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NAMESPACES} office:version="1.2">` +
    `<office:scripts/><office:body><office:text>${options.body ?? '<text:p>Acta</text:p>'}</office:text>` +
    '</office:body></office:document-content>';
  return zipArchive([
    zipSource('mimetype', mimeType, { store: true }),
    zipSource('META-INF/manifest.xml', manifest),
    zipSource('content.xml', content),
    ...(options.parts ?? []),
  ]);
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
