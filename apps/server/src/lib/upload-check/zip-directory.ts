/**
 * A small, strict reader of a ZIP archive's central directory (APPNOTE.TXT §4.3), enough to judge an
 * office document without unpacking it. It reads what every office suite writes and refuses anything
 * ambiguous: ZIP64, several disks, encryption, methods other than stored and deflate, entries whose
 * local header disagrees with the directory, entries that overlap (the "overlapping files" bomb) or
 * run past the directory, duplicate names and paths that climb out (`../`) or start at the root.
 * Every offset is checked against the buffer before it is read.
 */

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflate. */
  method: number;
  crc32: number;
  compressedSize: number;
  /** As declared by the directory; zip-entries.ts proves it by inflating. */
  uncompressedSize: number;
  /** Where the entry's local header starts, and where its bytes start, just after that header. */
  headerOffset: number;
  dataOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const END_OF_DIRECTORY_SIZE = 22;
const DIRECTORY_HEADER_SIZE = 46;
const LOCAL_HEADER_SIZE = 30;
const MAX_COMMENT = 0xffff;
/** A 16- or 32-bit field at its maximum means "look in the ZIP64 record": not written below 4 GB. */
const ZIP64_MARK_16 = 0xffff;
const ZIP64_MARK_32 = 0xffffffff;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_UTF8_NAME = 0x0800;
const METHODS = new Set([0, 8]);
/** Names no office suite writes: absolute, drive-lettered, backslashed, climbing, with controls. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const UNSAFE_ENTRY_NAME = /^\/|^[a-z]:|\\|[\u0000-\u001f\u007f]|(^|\/)\.\.(\/|$)/i;

class ZipFormatError extends Error {}

function fail(reason: string): never {
  throw new ZipFormatError(reason);
}

interface Directory {
  offset: number;
  size: number;
  entries: number;
}

/** The end-of-directory record whose comment runs exactly to the end of the file. */
function findDirectory(data: Buffer): Directory {
  const lowest = Math.max(0, data.length - END_OF_DIRECTORY_SIZE - MAX_COMMENT);
  for (let at = data.length - END_OF_DIRECTORY_SIZE; at >= lowest; at -= 1) {
    if (data.readUInt32LE(at) !== END_OF_DIRECTORY) continue;
    if (at + END_OF_DIRECTORY_SIZE + data.readUInt16LE(at + 20) !== data.length) continue;
    const entries = data.readUInt16LE(at + 10);
    const size = data.readUInt32LE(at + 12);
    const offset = data.readUInt32LE(at + 16);
    const isOneDisk = data.readUInt32LE(at + 4) === 0 && data.readUInt16LE(at + 8) === entries;
    if (!isOneDisk) fail('spans several disks');
    if (entries === ZIP64_MARK_16 || size === ZIP64_MARK_32 || offset === ZIP64_MARK_32) fail('ZIP64');
    if (!entries || offset + size !== at) fail('directory not where the end record says');
    return { offset, size, entries };
  }
  return fail('no end-of-directory record');
}

/** The local header must name the same file with the same method; returns where its data starts. */
function localDataOffset(data: Buffer, at: number, method: number, rawName: Buffer): number {
  if (at + LOCAL_HEADER_SIZE > data.length || data.readUInt32LE(at) !== LOCAL_HEADER) fail('no local header');
  const nameLength = data.readUInt16LE(at + 26);
  const start = at + LOCAL_HEADER_SIZE + nameLength + data.readUInt16LE(at + 28);
  const localName = data.subarray(at + LOCAL_HEADER_SIZE, at + LOCAL_HEADER_SIZE + nameLength);
  if (!localName.equals(rawName) || data.readUInt16LE(at + 8) !== method) fail('local header disagrees');
  return start;
}

/** One directory record at `at`; returns the entry and where the next record starts. */
function readRecord(data: Buffer, at: number, end: number): { entry: ZipEntry; next: number } {
  if (at + DIRECTORY_HEADER_SIZE > end) fail('directory record runs past the directory');
  if (data.readUInt32LE(at) !== DIRECTORY_HEADER) fail('bad directory record');
  const flags = data.readUInt16LE(at + 8);
  const nameLength = data.readUInt16LE(at + 28);
  const next =
    at + DIRECTORY_HEADER_SIZE + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  if (next > end) fail('directory record runs past the directory');
  const rawName = data.subarray(at + DIRECTORY_HEADER_SIZE, at + DIRECTORY_HEADER_SIZE + nameLength);
  const entry = {
    // Names without the UTF-8 flag are CP437; their ASCII, all the checks look at, is the same.
    name: rawName.toString(flags & FLAG_UTF8_NAME ? 'utf8' : 'latin1'),
    method: data.readUInt16LE(at + 10),
    crc32: data.readUInt32LE(at + 16),
    compressedSize: data.readUInt32LE(at + 20),
    uncompressedSize: data.readUInt32LE(at + 24),
  };
  if (flags & FLAG_ENCRYPTED) fail('encrypted entry');
  if (!METHODS.has(entry.method)) fail('unsupported compression method');
  if (data.readUInt16LE(at + 34) !== 0) fail('entry on another disk');
  if ([entry.compressedSize, entry.uncompressedSize].includes(ZIP64_MARK_32)) fail('ZIP64 entry');
  if (!entry.name || UNSAFE_ENTRY_NAME.test(entry.name)) fail('unsafe entry name');
  const headerOffset = data.readUInt32LE(at + 42);
  const dataOffset = localDataOffset(data, headerOffset, entry.method, rawName);
  return { entry: { ...entry, headerOffset, dataOffset }, next };
}

/**
 * The first entry starts the file (nothing hides in front: a PDF or a script with a ZIP appended),
 * every entry's bytes lie between its local header and the directory, and no two overlap.
 */
function assertLaidOut(entries: ZipEntry[], directoryOffset: number): void {
  const names = new Set<string>();
  if (!entries.some((entry) => entry.headerOffset === 0)) fail('bytes before the first entry');
  let previousEnd = 0;
  for (const entry of [...entries].sort((a, b) => a.headerOffset - b.headerOffset)) {
    // Part names are case-insensitive in OOXML: two spellings of one name are two answers to a reader.
    const key = entry.name.toLowerCase();
    if (names.has(key)) fail('duplicate entry');
    names.add(key);
    if (entry.headerOffset < previousEnd) fail('overlapping entries');
    previousEnd = entry.dataOffset + entry.compressedSize;
    if (previousEnd > directoryOffset) fail('entry runs into the directory');
  }
}

/** The entries of a well-formed ZIP archive, or null when the bytes are not one. */
export function readZipDirectory(data: Buffer): ZipEntry[] | null {
  if (data.length < END_OF_DIRECTORY_SIZE) return null;
  try {
    const directory = findDirectory(data);
    const end = directory.offset + directory.size;
    const entries: ZipEntry[] = [];
    let at = directory.offset;
    for (let index = 0; index < directory.entries; index += 1) {
      const record = readRecord(data, at, end);
      entries.push(record.entry);
      at = record.next;
    }
    if (at !== end) fail('directory holds more than its entries');
    assertLaidOut(entries, directory.offset);
    return entries;
  } catch (error) {
    if (error instanceof ZipFormatError) return null;
    throw error;
  }
}
