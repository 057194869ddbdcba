import type { Language } from '@teamboard/contract';
import { SKELETON_STYLESHEET, skeletonScript } from './mockup-assets.js';
import { footerHtml, headerHtml, mainHtml } from './mockup-html.js';
import { attachPlaceholders, classifyBody, headerParts, mergeParagraphs } from './mockup-items.js';
import { SKELETON_TEXTS, summarise } from './mockup-texts.js';
import { readingOrder, type OcrPage } from './ocr.js';

export interface MockupSkeleton {
  /** A body fragment (header, main, footer): the preview wraps it with the CSS and the JS. */
  html: string;
  css: string;
  js: string;
  /** A short explanation in the asker's language and the three code blocks. */
  markdown: string;
}

/** The header and footer bands: this share of the height, at most this share of the width (tall pages). */
const BAND_HEIGHT_SHARE = 0.15;
const BAND_WIDTH_SHARE = 0.12;

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
    ...headerHtml(headerItems, SKELETON_TEXTS[language].nav),
    ...mainHtml(items),
    ...footerHtml(footer),
  ].join('\n');
  const js = skeletonScript(language);
  const summary = summarise(headerItems, items, footer.length > 0, language);
  const markdown = [
    lines.length > 0
      ? SKELETON_TEXTS[language].intro(summary, lines.length)
      : SKELETON_TEXTS[language].nothing,
    fence('html', html),
    fence('css', SKELETON_STYLESHEET),
    fence('js', js),
  ].join('\n\n');
  return { html, css: SKELETON_STYLESHEET, js, markdown };
}

function fence(language: 'html' | 'css' | 'js', code: string): string {
  return `\`\`\`${language}\n${code}\n\`\`\``;
}
