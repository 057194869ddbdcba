import { fold } from './fold.js';
import {
  ACTION_EXACTLY,
  ACTION_FIRST,
  CHECKBOX,
  FIELDS,
  LINK,
  NEW_PASSWORD,
  PLACEHOLDER,
  SECONDARY_ACTIONS,
  type InputType,
} from './mockup-lexicon.js';
import type { OcrBox, OcrLine } from './ocr.js';

/** What one body line of a mockup becomes in the skeleton. */
export type Item =
  | { kind: 'heading'; level: 1 | 2; text: string; box: OcrBox }
  | {
      kind: 'field';
      label: string;
      type: InputType;
      autocomplete: string | null;
      placeholder: string | null;
      box: OcrBox;
    }
  | { kind: 'checkbox'; label: string; box: OcrBox }
  | { kind: 'button'; text: string; secondary: boolean; box: OcrBox }
  | { kind: 'link'; text: string; box: OcrBox }
  | { kind: 'paragraph'; text: string; box: OcrBox };

export interface HeaderParts {
  title: string | null;
  links: string[];
  other: string[];
}

/** Labels, buttons and links are short; anything longer is prose. */
const SHORT_WORDS = 4;
const NAV_WORDS = 3;
/** A line this many times taller than the page's typical text is a heading. */
const HEADING_HEIGHT_FACTOR = 1.35;

/** The header band's lines: its tallest text the title, short lines the nav links, the rest as is. */
export function headerParts(lines: OcrLine[]): HeaderParts {
  const tallest = [...lines].sort((a, b) => height(b.box) - height(a.box))[0];
  const rest = lines.filter((line) => line !== tallest);
  const isNav = (line: OcrLine) => line.words.length <= NAV_WORDS;
  return {
    title: tallest?.text ?? null,
    links: rest.filter(isNav).map((line) => line.text),
    other: rest.filter((line) => !isNav(line)).map((line) => line.text),
  };
}

export function classifyBody(lines: OcrLine[], hasTitle: boolean): Item[] {
  const typical = median(lines.map((line) => height(line.box)));
  let titleTaken = hasTitle;
  return lines.map((line) => {
    const item = classifyLine(line, height(line.box) >= HEADING_HEIGHT_FACTOR * typical);
    if (item.kind !== 'heading') return item;
    // The first heading of a page with no header is its title.
    item.level = titleTaken ? 2 : 1;
    titleTaken = true;
    return item;
  });
}

/**
 * In order: links; a button's whole text; tall text (a heading); a new-password label; a button's
 * opening words; a remember-me checkbox; a field label; anything else is prose.
 */
function classifyLine(line: OcrLine, isTall: boolean): Item {
  const { text, box } = line;
  const folded = fold(text);
  const words = folded
    .replace(/[^\p{L}\p{N}\s']/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');
  const short = line.words.length <= SHORT_WORDS;
  const button: Item = { kind: 'button', text, secondary: SECONDARY_ACTIONS.test(words), box };
  if (LINK.test(folded) && line.words.length <= 2 * SHORT_WORDS) return { kind: 'link', text, box };
  // Tall text first: a page titled "Sign in" above a "Sign in" button has both.
  if (isTall && line.words.length <= 2 * SHORT_WORDS) return { kind: 'heading', level: 2, text, box };
  if (short && ACTION_EXACTLY.test(words)) return button;
  if (short && NEW_PASSWORD.test(folded)) return field(text, 'password', 'new-password', box);
  if (short && ACTION_FIRST.test(words)) return button;
  if (short && CHECKBOX.test(folded)) return { kind: 'checkbox', label: stripColon(text), box };
  const known =
    short && !/[.?!]$/.test(text) ? FIELDS.find(({ pattern }) => pattern.test(folded)) : undefined;
  if (known) return field(text, known.type, known.autocomplete, box);
  if (short && text.endsWith(':')) return field(text, 'text', null, box);
  return { kind: 'paragraph', text, box };
}

function field(label: string, type: InputType, autocomplete: string | null, box: OcrBox): Item {
  return { kind: 'field', label: stripColon(label), type, autocomplete, placeholder: null, box };
}

/** "Email" then "you@example.com" just below: the second is the input's placeholder. */
export function attachPlaceholders(items: Item[]): Item[] {
  const result: Item[] = [];
  for (const item of items) {
    const previous = result.at(-1);
    const below = previous && item.box.y0 - previous.box.y1 <= 3 * height(previous.box);
    if (
      previous?.kind === 'field' &&
      !previous.placeholder &&
      item.kind === 'paragraph' &&
      below &&
      PLACEHOLDER.test(fold(item.text))
    ) {
      previous.placeholder = item.text;
    } else {
      result.push(item);
    }
  }
  return result;
}

/** Lines of one paragraph: close below each other and starting at about the same x. */
export function mergeParagraphs(items: Item[]): Item[] {
  const result: Item[] = [];
  for (const item of items) {
    const previous = result.at(-1);
    if (previous?.kind === 'paragraph' && item.kind === 'paragraph' && continues(previous.box, item.box)) {
      previous.text = `${previous.text} ${item.text}`;
      previous.box = { ...previous.box, y1: item.box.y1, x1: Math.max(previous.box.x1, item.box.x1) };
    } else {
      result.push(item.kind === 'paragraph' ? { ...item } : item);
    }
  }
  return result;
}

function continues(above: OcrBox, below: OcrBox): boolean {
  const lineHeight = height(below);
  return below.y0 - above.y1 <= 0.8 * lineHeight && Math.abs(below.x0 - above.x0) <= 2 * lineHeight;
}

function stripColon(text: string): string {
  return text.replace(/\s*[:*]+\s*$/, '');
}

function height(box: OcrBox): number {
  return box.y1 - box.y0;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
