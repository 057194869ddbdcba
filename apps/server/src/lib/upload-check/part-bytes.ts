/**
 * What a part of an office package is, by its first bytes: a media part must be what its extension
 * says (an `image1.png` holding SVG or HTML is refused), and no part may be another archive (a
 * document or ZIP inside the document) or an OLE compound file (macros in vbaProject.bin, embedded
 * objects, old Word and Excel files, the Equation Editor's objects).
 */

/** How many leading bytes of each part are unpacked and kept to judge it. */
export const PART_HEAD_BYTES = 64;

type Signature = (head: Buffer) => boolean;

const startsWith =
  (...prefixes: (string | number[])[]): Signature =>
  (head) =>
    prefixes.some((prefix) =>
      head.subarray(0, prefix.length).equals(Buffer.from(prefix as string, 'latin1')),
    );
const at =
  (offset: number, text: string): Signature =>
  (head) =>
    head.subarray(offset, offset + text.length).toString('latin1') === text;
const both =
  (...signatures: Signature[]): Signature =>
  (head) =>
    signatures.every((signature) => signature(head));

const JPEG = startsWith([0xff, 0xd8, 0xff]);
const TIFF = startsWith('II*\0', 'MM\0*');
const MPEG4 = at(4, 'ftyp');
const RIFF = (kind: string) => both(startsWith('RIFF'), at(8, kind));

/** The media an office suite stores in a package, by extension, and how their bytes start. */
const MEDIA: Record<string, Signature> = {
  png: startsWith('\x89PNG\r\n\x1a\n'),
  jpg: JPEG,
  jpeg: JPEG,
  jpe: JPEG,
  jfif: JPEG,
  gif: startsWith('GIF87a', 'GIF89a'),
  bmp: startsWith('BM'),
  dib: startsWith('BM'),
  tif: TIFF,
  tiff: TIFF,
  webp: RIFF('WEBP'),
  ico: startsWith([0, 0, 1, 0]),
  emf: both(startsWith([1, 0, 0, 0]), at(40, ' EMF')),
  wmf: startsWith([0xd7, 0xcd, 0xc6, 0x9a], [1, 0, 9, 0], [2, 0, 9, 0]),
  wdp: startsWith('II\xbc'),
  jxr: startsWith('II\xbc'),
  svm: startsWith('VCLMTF'),
  mp4: MPEG4,
  m4a: MPEG4,
  m4v: MPEG4,
  mov: MPEG4,
  mp3: (head) => startsWith('ID3')(head) || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0),
  wav: RIFF('WAVE'),
  avi: RIFF('AVI '),
  wma: startsWith([0x30, 0x26, 0xb2, 0x75]),
  wmv: startsWith([0x30, 0x26, 0xb2, 0x75]),
};

/** Archives (ZIP and every format a document could be inside it), and OLE compound files. */
const CONTAINER = startsWith(
  'PK\x03\x04',
  'PK\x05\x06',
  'PK\x07\x08',
  [0x1f, 0x8b],
  '7z\xbc\xaf\x27\x1c',
  'Rar!\x1a\x07',
  'MSCF',
  [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
);

/** Parts that are markup by design: the package's own XML, relationships and legacy drawings. */
const MARKUP_EXTENSIONS = new Set(['xml', 'rels', 'vml', 'psmdcp']);
/** A byte order mark and spaces before a `<`: what HTML, SVG or XML smuggled under another name starts with. */
const MARKUP_START = /^(?:\ufeff|\xef\xbb\xbf|\xff\xfe|\xfe\xff|[\s\0])*</;

function extensionOf(path: string): string {
  const base = path.split('/').pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot < 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/** True when the part's bytes may be stored under its name (`head`: its first PART_HEAD_BYTES bytes). */
export function partBytesMatchName(path: string, head: Buffer): boolean {
  if (CONTAINER(head)) return false;
  const extension = extensionOf(path);
  const media = MEDIA[extension];
  if (media) return media(head);
  return MARKUP_EXTENSIONS.has(extension) || !MARKUP_START.test(head.toString('latin1'));
}
