import { expect, type Page } from '@playwright/test';

/**
 * Runs in the page: every visible element that cuts its own content sideways (scrollWidth beyond
 * clientWidth while its overflow hides the rest), described by tag and text. Scroll containers
 * (overflow auto or scroll) are left out: they show the rest on a swipe, with a scrollbar.
 */
function clippedElements(): string[] {
  // Placeholders wider than their box: an input's scrollWidth leaves its placeholder out. Declared
  // inside, as page.evaluate sends this one function to the page.
  function cutPlaceholders(): string[] {
    const context = document.createElement('canvas').getContext('2d')!;
    return Array.from(document.querySelectorAll<HTMLInputElement>('input[placeholder]'))
      .filter((input) => input.clientWidth > 0 && !input.value)
      .filter((input) => {
        const style = getComputedStyle(input);
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return context.measureText(input.placeholder).width > room + 1;
      })
      .map((input) => `input placeholder «${input.placeholder}»`);
  }

  const found: string[] = [];
  for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
    if (element.scrollWidth <= element.clientWidth + 1 || element.clientWidth === 0) continue;
    const style = getComputedStyle(element);
    if (style.overflowX === 'auto' || style.overflowX === 'scroll' || style.visibility === 'hidden') continue;
    // Mantine's visually hidden text (for screen readers) is 1 px wide by design.
    if (element.clientWidth <= 1) continue;
    // An element that overflows visibly is caught by the sideways-scroll check or by its clipping parent.
    if (style.overflowX === 'visible' && element.tagName !== 'INPUT') continue;
    const text = (element.textContent || (element as HTMLInputElement).placeholder || '').trim();
    found.push(`${element.tagName.toLowerCase()}.${element.className} «${text.slice(0, 40)}»`);
  }
  return [...found, ...cutPlaceholders()];
}

/** Fails when any text on the screen is cut: a label, a title, a placeholder. */
export async function expectNothingClipped(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(clippedElements), { message: 'text is clipped' }).toEqual([]);
}
