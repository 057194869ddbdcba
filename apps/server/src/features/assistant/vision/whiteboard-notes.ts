import { readingOrder, type OcrBox, type OcrLine } from './ocr.js';

/** One sticky note or block of writing: its lines joined, and the box around them. */
export interface Note {
  text: string;
  box: OcrBox;
}

/** Lines closer than this many line heights (one above the other, overlapping in x) are one note. */
const NOTE_LINE_GAP = 1;

/** Notes: lines that touch one another (one just below the other, overlapping in x), in reading order. */
export function groupIntoNotes(lines: OcrLine[]): Note[] {
  const parent = lines.map((_, index) => index);
  const root = (index: number): number => {
    while (parent[index] !== index) index = parent[index] = parent[parent[index]!]!;
    return index;
  };
  lines.forEach((a, i) =>
    lines.forEach((b, j) => {
      if (j > i && touches(a.box, b.box)) parent[root(j)] = root(i);
    }),
  );
  const groups = new Map<number, OcrLine[]>();
  lines.forEach((line, index) => groups.set(root(index), [...(groups.get(root(index)) ?? []), line]));
  const notes = [...groups.values()].map((group) => {
    const ordered = readingOrder(group);
    return {
      text: joinLines(ordered.map((line) => line.text)),
      box: unionBox(ordered.map((line) => line.box)),
    };
  });
  return readingOrder(notes);
}

function touches(a: OcrBox, b: OcrBox): boolean {
  const lineHeight = Math.max(a.y1 - a.y0, b.y1 - b.y0);
  const overlapX = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const gapY = Math.max(a.y0, b.y0) - Math.min(a.y1, b.y1);
  const overlapY = -gapY;
  const gapX = -overlapX;
  return (overlapX > 0 && gapY <= NOTE_LINE_GAP * lineHeight) || (overlapY > 0 && gapX <= lineHeight);
}

/** A note's lines as one text: "up-" + "load" joins, other lines join with a space. */
function joinLines(lines: string[]): string {
  return lines.reduce(
    (text, line) =>
      text === '' ? line : /\p{L}-$/u.test(text) ? `${text.slice(0, -1)}${line}` : `${text} ${line}`,
    '',
  );
}

function unionBox(boxes: OcrBox[]): OcrBox {
  return {
    x0: Math.min(...boxes.map((box) => box.x0)),
    y0: Math.min(...boxes.map((box) => box.y0)),
    x1: Math.max(...boxes.map((box) => box.x1)),
    y1: Math.max(...boxes.map((box) => box.y1)),
  };
}
