import type { Language } from '@teamboard/contract';
import { readingOrder, type OcrBox, type OcrLine, type OcrPage } from './ocr.js';

export interface MockupSkeleton {
  /** A body fragment (header, main, footer): the preview wraps it with the CSS and the JS. */
  html: string;
  css: string;
  js: string;
  /** A short explanation in the asker's language and the three code blocks. */
  markdown: string;
}

type ButtonType = 'submit' | 'reset' | 'button';
type InputType = 'email' | 'password' | 'search' | 'tel' | 'date' | 'url' | 'number' | 'text' | 'textarea';

type Item =
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

/** The header and footer bands: this share of the height, at most this share of the width (tall pages). */
const BAND_HEIGHT_SHARE = 0.15;
const BAND_WIDTH_SHARE = 0.12;
/** Labels, buttons and links are short; anything longer is prose. */
const SHORT_WORDS = 4;
const NAV_WORDS = 3;
/** A line this many times taller than the page's typical text is a heading. */
const HEADING_HEIGHT_FACTOR = 1.35;

/** "Confirm password", "Repetir contraseña": a field label that starts like an action. */
const NEW_PASSWORD = /\b(confirm|repeat|new|nueva|repetir|confirmar)\b.*\b(password|contrase\w*|clave)\b/;
/** Field labels (matched on lower-case text without accents) and the input each asks for. */
const FIELDS: { pattern: RegExp; type: InputType; autocomplete: string | null }[] = [
  // OCR often misreads the ñ ("Contrasefia", "Contraseha"): any word starting "contrase" is one.
  { pattern: /\b(password|contrase\w*|clave|pin)\b/, type: 'password', autocomplete: 'current-password' },
  { pattern: /\b(e-?mail|correo)\b/, type: 'email', autocomplete: 'email' },
  { pattern: /\b(search|buscar|busqueda)\b/, type: 'search', autocomplete: null },
  { pattern: /\b(phone|telephone|mobile|telefono|celular|movil)\b/, type: 'tel', autocomplete: 'tel' },
  { pattern: /\b(date|birthday|fecha|nacimiento)\b/, type: 'date', autocomplete: null },
  { pattern: /\b(website|url|web|sitio|pagina)\b/, type: 'url', autocomplete: 'url' },
  {
    pattern: /\b(age|quantity|amount|number|edad|cantidad|numero|importe)\b/,
    type: 'number',
    autocomplete: null,
  },
  {
    pattern: /\b(message|comments?|description|notes|mensaje|comentarios?|descripcion|notas)\b/,
    type: 'textarea',
    autocomplete: null,
  },
  { pattern: /\b(username|user|usuario)\b/, type: 'text', autocomplete: 'username' },
  { pattern: /\b(name|full name|nombre|apellidos?)\b/, type: 'text', autocomplete: 'name' },
  {
    pattern:
      /\b(address|direccion|city|ciudad|country|pais|company|empresa|subject|asunto|title|titulo|code|codigo)\b/,
    type: 'text',
    autocomplete: null,
  },
];
const CHECKBOX = /\b(remember me|recordarme|keep me signed in|mantener (la )?sesion|i agree|acepto)\b/;
const LINK =
  /\b(forgot|olvid\w*|don'?t have|no tienes|already have|ya tienes|terms|terminos|privacy|privacidad)\b/;
/** Action words and phrases of buttons (matched on lower-case text without accents). */
const ACTIONS = [
  'sign in|sign up|log in|login|log out|logout|register|submit|send|save|cancel|continue|next|back|ok',
  'accept|confirm|delete|remove|edit|add|create|update|apply|buy|checkout|pay|subscribe|join|get started',
  'start|learn more|download|upload|reset|close',
  'entrar|ingresar|iniciar sesion|acceder|registrarse|registrar|crear cuenta|enviar|guardar|cancelar',
  'continuar|siguiente|atras|volver|aceptar|confirmar|eliminar|borrar|editar|agregar|anadir|crear',
  'actualizar|aplicar|comprar|pagar|suscribirse|unirse|empezar|comenzar|descargar|subir|cerrar|salir',
].join('|');
/** A button's whole text ("Sign in", "Enviar"). */
const ACTION_EXACTLY = new RegExp(`^(${ACTIONS})$`);
/** A button's text starting with an action ("Save changes", "Sign in with Google"). */
const ACTION_FIRST = new RegExp(`^(${ACTIONS}) `);
/** Buttons that leave or undo rather than act: a secondary style, and type=reset inside a form. */
const SECONDARY_ACTIONS = /^(cancel|back|close|reset|cancelar|atras|volver|cerrar|salir)\b/;
/** Text shown inside an input rather than beside it. */
const PLACEHOLDER = /@|\.\.\.|…|^(enter|type|your|e\.g\.|ej\.|introduce|escribe|ingresa|tu|su)\b/;

const TEXTS: Record<
  Language,
  {
    nav: string;
    entered: string;
    empty: string;
    intro: (parts: string[], lines: number) => string;
    nothing: string;
    parts: {
      header: (links: number) => string;
      headings: (count: number) => string;
      form: (fields: number, buttons: number) => string;
      paragraphs: (count: number) => string;
      footer: string;
    };
  }
> = {
  en: {
    nav: 'Main',
    entered: 'You entered:',
    empty: '(empty)',
    intro: (parts, lines) =>
      `Here is a first HTML/CSS/JS skeleton of the mockup, inferred offline from the ${lines} line${lines === 1 ? '' : 's'} of text I could read: ${listOf(parts, 'and')}. ` +
      'Check the labels and field types, then adjust the layout; colours and spacing are CSS variables at the top of the stylesheet. The HTML goes inside `<body>`.',
    nothing:
      'I could not read any text in this image, so this is only an empty page layout. A sharper image with darker text gives better results.',
    parts: {
      headings: (count) => `${count} heading${count === 1 ? '' : 's'}`,
      header: (links) =>
        `a header with the title${links > 0 ? ` and ${links} navigation link${links === 1 ? '' : 's'}` : ''}`,
      form: (fields, buttons) =>
        `a form with ${fields} field${fields === 1 ? '' : 's'} and ${buttons} button${buttons === 1 ? '' : 's'}`,
      paragraphs: (count) => `${count} paragraph${count === 1 ? '' : 's'}`,
      footer: 'a footer',
    },
  },
  es: {
    nav: 'Principal',
    entered: 'Ingresaste:',
    empty: '(vacío)',
    intro: (parts, lines) =>
      `Este es un primer esqueleto HTML/CSS/JS del boceto, deducido sin conexión de ${lines === 1 ? 'la línea' : `las ${lines} líneas`} de texto que pude leer: ${listOf(parts, 'y')}. ` +
      'Revisa las etiquetas y los tipos de campo y ajusta el diseño; los colores y espacios son variables CSS al inicio de la hoja de estilos. El HTML va dentro de `<body>`.',
    nothing:
      'No pude leer texto en esta imagen, así que esto es solo una página vacía. Una imagen más nítida y con texto más oscuro da mejores resultados.',
    parts: {
      headings: (count) => `${count} título${count === 1 ? '' : 's'}`,
      header: (links) =>
        `un encabezado con el título${links > 0 ? ` y ${links} enlace${links === 1 ? '' : 's'} de navegación` : ''}`,
      form: (fields, buttons) =>
        `un formulario con ${fields} campo${fields === 1 ? '' : 's'} y ${buttons} ${buttons === 1 ? 'botón' : 'botones'}`,
      paragraphs: (count) => `${count} párrafo${count === 1 ? '' : 's'}`,
      footer: 'un pie de página',
    },
  },
};

/**
 * A semantic HTML5 skeleton of a mockup from its text and boxes: the top band is the header (the
 * largest text its h1, short words its nav), label-like lines become labelled inputs and action
 * words buttons inside one form, prose becomes paragraphs, the bottom band the footer.
 */
export function mockupToSkeleton(page: OcrPage, language: Language): MockupSkeleton {
  const lines = readingOrder(page.lines);
  const band = Math.min(BAND_HEIGHT_SHARE * page.height, BAND_WIDTH_SHARE * page.width);
  const header = lines.filter((line) => line.box.y1 <= band);
  const footer = lines.filter((line) => line.box.y0 >= page.height - band && !header.includes(line));
  const body = lines.filter((line) => !header.includes(line) && !footer.includes(line));
  const headerItems = headerParts(header);
  const items = mergeParagraphs(attachPlaceholders(classifyBody(body, headerItems.title !== null)));
  const html = [
    ...headerHtml(headerItems, TEXTS[language].nav),
    ...mainHtml(items),
    ...footerHtml(footer),
  ].join('\n');
  const js = scriptFor(language);
  const summary = summarise(headerItems, items, footer.length > 0, language);
  const markdown = [
    lines.length > 0 ? TEXTS[language].intro(summary, lines.length) : TEXTS[language].nothing,
    fence('html', html),
    fence('css', STYLESHEET),
    fence('js', js),
  ].join('\n\n');
  return { html, css: STYLESHEET, js, markdown };
}

interface HeaderParts {
  title: string | null;
  links: string[];
  other: string[];
}

function headerParts(lines: OcrLine[]): HeaderParts {
  const tallest = [...lines].sort((a, b) => height(b.box) - height(a.box))[0];
  const rest = lines.filter((line) => line !== tallest);
  const isNav = (line: OcrLine) => line.words.length <= NAV_WORDS;
  return {
    title: tallest?.text ?? null,
    links: rest.filter(isNav).map((line) => line.text),
    other: rest.filter((line) => !isNav(line)).map((line) => line.text),
  };
}

function classifyBody(lines: OcrLine[], hasTitle: boolean): Item[] {
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
function attachPlaceholders(items: Item[]): Item[] {
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
function mergeParagraphs(items: Item[]): Item[] {
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

function headerHtml(parts: HeaderParts, navLabel: string): string[] {
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
function mainHtml(items: Item[]): string[] {
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

function footerHtml(lines: OcrLine[]): string[] {
  if (lines.length === 0) return [];
  return [
    '<footer class="site-footer">',
    ...lines.map((line) => `  <p>${escapeHtml(line.text)}</p>`),
    '</footer>',
  ];
}

function summarise(header: HeaderParts, items: Item[], hasFooter: boolean, language: Language): string[] {
  const { parts } = TEXTS[language];
  const count = (kind: Item['kind']) => items.filter((item) => item.kind === kind).length;
  const fields = count('field') + count('checkbox');
  return [
    ...(header.title !== null ? [parts.header(header.links.length)] : []),
    ...(count('heading') > 0 ? [parts.headings(count('heading'))] : []),
    ...(fields > 0 ? [parts.form(fields, count('button'))] : []),
    ...(count('paragraph') > 0 ? [parts.paragraphs(count('paragraph'))] : []),
    ...(hasFooter ? [parts.footer] : []),
  ];
}

/** Stays on the page: the form shows what was entered (passwords masked) instead of sending it. */
function scriptFor(language: Language): string {
  const { entered, empty } = TEXTS[language];
  return [
    `const ENTERED = ${JSON.stringify(entered)};`,
    `const EMPTY = ${JSON.stringify(empty)};`,
    '',
    "document.querySelectorAll('form').forEach((form) => {",
    "  const result = form.querySelector('.form-result');",
    "  form.addEventListener('submit', (event) => {",
    '    event.preventDefault();',
    '    const lines = [ENTERED];',
    '    for (const [name, value] of new FormData(form)) {',
    '      const field = form.elements.namedItem(name);',
    "      const shown = field && field.type === 'password' ? '•'.repeat(String(value).length) : String(value);",
    "      lines.push(name + ': ' + (shown || EMPTY));",
    '    }',
    "    result.textContent = lines.join('\\n');",
    '  });',
    "  form.addEventListener('reset', () => {",
    "    result.textContent = '';",
    '  });',
    '});',
    '',
    "document.querySelectorAll('nav a').forEach((link) => {",
    "  link.addEventListener('click', (event) => {",
    '    event.preventDefault();',
    "    document.querySelectorAll('nav a').forEach((other) => other.removeAttribute('aria-current'));",
    "    link.setAttribute('aria-current', 'page');",
    '  });',
    '});',
  ].join('\n');
}

const STYLESHEET = `:root {
  --color-text: #1f2933;
  --color-muted: #52606d;
  --color-surface: #ffffff;
  --color-background: #f5f7fa;
  --color-accent: #2563eb;
  --color-border: #cbd2d9;
  --radius: 6px;
  --space: 1rem;
  --content-width: 60rem;
  font-family: system-ui, -apple-system, 'Segoe UI', sans-serif;
  line-height: 1.5;
}

* {
  box-sizing: border-box;
}

body {
  margin: 0;
  color: var(--color-text);
  background: var(--color-background);
}

.site-header {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: var(--space);
  padding: var(--space) calc(var(--space) * 2);
  background: var(--color-surface);
  border-bottom: 1px solid var(--color-border);
}

.site-header h1 {
  margin: 0;
  font-size: 1.5rem;
}

.site-header nav ul {
  display: flex;
  flex-wrap: wrap;
  gap: var(--space);
  margin: 0;
  padding: 0;
  list-style: none;
}

.site-header nav a {
  color: inherit;
  text-decoration: none;
}

.site-header nav a:hover,
.site-header nav a[aria-current='page'] {
  color: var(--color-accent);
}

main {
  display: grid;
  gap: var(--space);
  justify-items: center;
  width: min(100% - 2 * var(--space), var(--content-width));
  margin: calc(var(--space) * 2) auto;
}

main > * {
  width: 100%;
  max-width: 32rem;
}

.form {
  display: grid;
  gap: var(--space);
  padding: calc(var(--space) * 1.5);
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius);
}

.field {
  display: grid;
  gap: 0.25rem;
}

.field input,
.field textarea {
  width: 100%;
  padding: 0.5rem 0.75rem;
  font: inherit;
  border: 1px solid var(--color-border);
  border-radius: var(--radius);
}

.check {
  display: flex;
  align-items: center;
  gap: 0.5rem;
}

.actions {
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
}

button {
  padding: 0.5rem 1.25rem;
  font: inherit;
  color: #ffffff;
  background: var(--color-accent);
  border: 1px solid var(--color-accent);
  border-radius: var(--radius);
  cursor: pointer;
}

button.secondary {
  color: var(--color-accent);
  background: transparent;
}

.form-result {
  white-space: pre-line;
  color: var(--color-muted);
}

.site-footer {
  padding: var(--space);
  text-align: center;
  color: var(--color-muted);
  border-top: 1px solid var(--color-border);
}

@media (max-width: 600px) {
  .site-header {
    flex-direction: column;
    align-items: flex-start;
  }

  .actions button {
    flex: 1 1 100%;
  }
}`;

function fence(language: 'html' | 'css' | 'js', code: string): string {
  return `\`\`\`${language}\n${code}\n\`\`\``;
}

/** "a, b and c" / "a, b y c". */
function listOf(parts: string[], and: string): string {
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} ${and} ${parts.at(-1)}`;
}

function indent(lines: string[]): string[] {
  return lines.map((line) => `  ${line}`);
}

/** OCR text is untrusted: every character HTML could read as markup, and the backtick that ends a fence. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Lower case without accents: "Contraseña:" → "contrasena:". */
function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .trim();
}

function stripColon(text: string): string {
  return text.replace(/\s*[:*]+\s*$/, '');
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

function height(box: OcrBox): number {
  return box.y1 - box.y0;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
