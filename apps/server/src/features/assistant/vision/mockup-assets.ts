import type { Language } from '@teamboard/contract';
import { SKELETON_TEXTS } from './mockup-texts.js';

/** Only variables, flex and grid: a starting point the team restyles from the variables at the top. */
export const SKELETON_STYLESHEET = `:root {
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

/** Stays on the page: the form shows what was entered (passwords masked) instead of sending it. */
export function skeletonScript(language: Language): string {
  const { entered, empty } = SKELETON_TEXTS[language];
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
