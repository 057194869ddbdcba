import { fold } from './fold.js';
import type { HeaderParts, Item } from './mockup-items.js';
import type { OcrLine } from './ocr.js';

type ButtonType = 'submit' | 'reset' | 'button';

export function headerHtml(parts: HeaderParts, navLabel: string): string[] {
  if (parts.title === null) return [];
  const nav =
    parts.links.length === 0
      ? []
      : [
          `  <nav aria-label="${escapeHtml(navLabel)}">`,
          '    <ul>',
          ...parts.links.map((link) => `      <li><a href="#">${escapeHtml(link)}</a></li>`),
          '    </ul>',
          '  </nav>',
        ];
  return [
    '<header class="site-header">',
    `  <h1>${escapeHtml(parts.title)}</h1>`,
    ...nav,
    ...parts.other.map((text) => `  <p>${escapeHtml(text)}</p>`),
    '</header>',
  ];
}

/** The body: one form from the first field to the last field, checkbox, link or button after it. */
export function mainHtml(items: Item[]): string[] {
  const first = items.findIndex((item) => item.kind === 'field');
  const inForm = (item: Item) => item.kind !== 'paragraph' && item.kind !== 'heading';
  const last = first < 0 ? -1 : items.findLastIndex((item, index) => index >= first && inForm(item));
  const before = first < 0 ? items : items.slice(0, first);
  const form = first < 0 ? [] : items.slice(first, last + 1);
  const after = first < 0 ? [] : items.slice(last + 1);
  // One set of ids for the page: a label's `for` must find its own input.
  const ids = new Map<string, number>();
  return [
    '<main>',
    ...indent(before.flatMap((item) => itemHtml(item, ids))),
    ...indent(form.length > 0 ? formHtml(form, ids) : []),
    ...indent(after.flatMap((item) => itemHtml(item, ids))),
    '</main>',
  ];
}

export function footerHtml(lines: OcrLine[]): string[] {
  if (lines.length === 0) return [];
  return [
    '<footer class="site-footer">',
    ...lines.map((line) => `  <p>${escapeHtml(line.text)}</p>`),
    '</footer>',
  ];
}

function formHtml(items: Item[], ids: Map<string, number>): string[] {
  const body: string[] = [];
  let buttons: string[] = [];
  let submitTaken = false;
  for (const item of items) {
    if (item.kind === 'button') {
      const type: ButtonType = item.secondary ? 'reset' : submitTaken ? 'button' : 'submit';
      submitTaken ||= type === 'submit';
      buttons.push(buttonHtml(item.text, type, item.secondary));
      continue;
    }
    if (buttons.length > 0) body.push(...actionsHtml(buttons));
    buttons = [];
    body.push(...itemHtml(item, ids));
  }
  body.push(...actionsHtml(buttons), '<output class="form-result" aria-live="polite"></output>');
  return ['<form class="form">', ...indent(body), '</form>'];
}

function actionsHtml(buttons: string[]): string[] {
  return buttons.length === 0 ? [] : ['<div class="actions">', ...indent(buttons), '</div>'];
}

function buttonHtml(text: string, type: ButtonType, secondary: boolean): string {
  return `<button type="${type}"${secondary ? ' class="secondary"' : ''}>${escapeHtml(text)}</button>`;
}

/** Any item but a form's buttons; ids stay unique within `ids`. */
function itemHtml(item: Item, ids: Map<string, number>): string[] {
  switch (item.kind) {
    case 'heading':
      return [`<h${item.level}>${escapeHtml(item.text)}</h${item.level}>`];
    case 'paragraph':
      return [`<p>${escapeHtml(item.text)}</p>`];
    case 'link':
      return [`<p><a href="#">${escapeHtml(item.text)}</a></p>`];
    case 'button':
      return [buttonHtml(item.text, 'button', item.secondary)];
    case 'checkbox': {
      const id = uniqueId(item.label, ids);
      return [
        '<div class="check">',
        `  <input id="${id}" name="${id}" type="checkbox">`,
        `  <label for="${id}">${escapeHtml(item.label)}</label>`,
        '</div>',
      ];
    }
    case 'field':
      return fieldHtml(item, uniqueId(item.label, ids));
  }
}

function fieldHtml(field: Extract<Item, { kind: 'field' }>, id: string): string[] {
  const attributes = [
    `id="${id}"`,
    `name="${id}"`,
    ...(field.type === 'textarea' ? [] : [`type="${field.type}"`]),
    ...(field.autocomplete ? [`autocomplete="${field.autocomplete}"`] : []),
    ...(field.placeholder ? [`placeholder="${escapeHtml(field.placeholder)}"`] : []),
  ].join(' ');
  const control =
    field.type === 'textarea' ? `<textarea ${attributes} rows="4"></textarea>` : `<input ${attributes}>`;
  return [
    '<div class="field">',
    `  <label for="${id}">${escapeHtml(field.label)}</label>`,
    `  ${control}`,
    '</div>',
  ];
}

function indent(lines: string[]): string[] {
  return lines.map((line) => `  ${line}`);
}

/** An id from a label ("Correo electrónico" → "correo-electronico"), unique within the form. */
function uniqueId(label: string, ids: Map<string, number>): string {
  const base =
    fold(label)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'field';
  const seen = (ids.get(base) ?? 0) + 1;
  ids.set(base, seen);
  return seen === 1 ? base : `${base}-${seen}`;
}

/** OCR text is untrusted: every character HTML could read as markup, and the backtick that ends a fence. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (char) => `&#${char.charCodeAt(0)};`);
}
