/**
 * Walks a rendered DOM and lists every node or attribute that could run script: the judge of the
 * stored-XSS corpus (xss-corpus.ts), shared by the web unit tests (jsdom) and the browser pass.
 *
 * It is one self-contained function — no imports, no outer helpers — so Playwright can send it
 * into the page as is (`page.evaluate(findExecutable)`).
 *
 * No `data:` URL is allowed anywhere, images included: user Markdown never needs one (the renderer
 * keeps http(s), mailto and relative targets only) and the app's own images are server URLs, so an
 * exception would only widen the door (SVG in a data: image is a classic carrier).
 */
export function findExecutable(root: ParentNode = document.body): string[] {
  const FORBIDDEN_ELEMENTS = new Set([
    'script',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'applet',
    'base',
    'meta',
    'link',
    'portal',
    'noscript',
    'template',
  ]);
  const URL_ATTRIBUTES = new Set([
    'href',
    'xlink:href',
    'src',
    'action',
    'formaction',
    'data',
    'poster',
    'background',
    'srcset',
    'ping',
    'to',
    'from',
    'values',
    'by',
    'codebase',
    'dynsrc',
    'lowsrc',
  ]);
  const textarea = document.createElement('textarea');
  // The scheme as a lenient browser of any age would read it: entities decoded, control characters
  // and whitespace (which parsers skip inside a scheme) removed, lower case.
  const schemeOf = (value: string): string => {
    textarea.innerHTML = value.replace(/</g, '&lt;');
    // Control characters are the very thing to strip here.
    // eslint-disable-next-line no-control-regex
    const invisible = /[\u0000-\u0020\u007f-\u00a0\u2000-\u200f\u2028\u2029\ufeff]/g;
    return textarea.value.replace(invisible, '').toLowerCase();
  };
  const isScriptUrl = (value: string): boolean =>
    value
      .split(',')
      .map(schemeOf)
      .some((url) => /^(javascript|vbscript|data|livescript|mocha):/.test(url));
  const isScriptStyle = (value: string): boolean =>
    /expression\s*\(|javascript:|vbscript:|-moz-binding|behavior\s*:|@import/i.test(schemeOf(value));

  const found: string[] = [];
  const describe = (element: Element) => `<${element.tagName.toLowerCase()}>`;
  for (const element of root.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (FORBIDDEN_ELEMENTS.has(tag)) found.push(`element ${describe(element)}`);
    if (tag === 'style' && isScriptStyle(element.textContent ?? ''))
      found.push(`style sheet ${element.textContent?.slice(0, 60)}`);
    if (tag === 'form' && element.hasAttribute('action')) found.push('form with action');
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      const where = `${describe(element)} ${name}="${attribute.value.slice(0, 60)}"`;
      if (name.startsWith('on')) found.push(`handler ${where}`);
      else if (name === 'srcdoc') found.push(`srcdoc ${where}`);
      else if (URL_ATTRIBUTES.has(name) && isScriptUrl(attribute.value)) found.push(`script URL ${where}`);
      else if (name === 'style' && isScriptStyle(attribute.value)) found.push(`style ${where}`);
      else if (name === 'http-equiv') found.push(`http-equiv ${where}`);
    }
  }
  return found;
}
