import type { AssistantStory, Language } from '@teamboard/contract';
import { STORY_TEXTS } from './whiteboard-texts.js';

/** A story as a numbered section: its title, its sentence, then its criteria as a list. */
export function storyMarkdown(story: AssistantStory, index: number, language: Language): string {
  const texts = STORY_TEXTS[language];
  const sentence = `${texts.asA(escapeMarkdown(story.asA))}, ${texts.iWant} ${escapeMarkdown(story.iWant)} ${texts.soThat} ${escapeMarkdown(story.soThat)}.`;
  const criteria = story.criteria.map(
    (criterion) =>
      `- **${texts.given}** ${escapeMarkdown(criterion.given)}, **${texts.when}** ${escapeMarkdown(criterion.when)}, **${texts.then}** ${escapeMarkdown(criterion.then)}.`,
  );
  return [`### ${index + 1}. ${escapeMarkdown(story.title)}`, sentence, criteria.join('\n')].join('\n\n');
}

/** Texts as a Markdown list, each escaped. */
export function quoteList(texts: string[]): string {
  return texts.map((text) => `- ${escapeMarkdown(text)}`).join('\n');
}

/** OCR text is shown as Markdown: characters that would make links, emphasis or HTML are escaped. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>|~#]/g, (char) => `\\${char}`);
}
