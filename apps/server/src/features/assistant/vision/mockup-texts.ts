import type { Language } from '@teamboard/contract';
import type { HeaderParts, Item } from './mockup-items.js';

/** The skeleton's words in each language: the answer's summary, the nav's label and the script's output. */
export const SKELETON_TEXTS: Record<
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

/** The parts found, in page order, as phrases for the answer's first sentence. */
export function summarise(
  header: HeaderParts,
  items: Item[],
  hasFooter: boolean,
  language: Language,
): string[] {
  const { parts } = SKELETON_TEXTS[language];
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

/** "a, b and c" / "a, b y c". */
function listOf(parts: string[], and: string): string {
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} ${and} ${parts.at(-1)}`;
}
