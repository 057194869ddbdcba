import type { AssistantStory, Language } from '@teamboard/contract';
import type { OcrPage } from './ocr.js';
import { quoteList, storyMarkdown } from './whiteboard-markdown.js';
import { groupIntoNotes } from './whiteboard-notes.js';
import { parseStatement, splitStatements } from './whiteboard-statements.js';
import { toStory } from './whiteboard-story.js';
import { STORY_TEXTS } from './whiteboard-texts.js';

export interface WhiteboardStories {
  stories: AssistantStory[];
  /** The stories listed in the asker's language, or a plain word that nothing was found. */
  markdown: string;
}

/**
 * User stories from a whiteboard photo: lines grouped into notes by position, each note read as a
 * story ("As a… I want… so that…" / "Como… quiero… para…" kept as written), as "Actor: action", as
 * an actor followed by a verb, or as a bare action for a user; 2–3 Given/When/Then criteria each.
 */
export function whiteboardToStories(page: OcrPage, language: Language): WhiteboardStories {
  const notes = groupIntoNotes(page.lines);
  const texts = STORY_TEXTS[language];
  if (notes.length === 0) return { stories: [], markdown: texts.noText };
  const read = notes
    .flatMap((note) => splitStatements(note.text))
    .map((text) => ({ text, statement: parseStatement(text, language) }));
  const stories = read.flatMap(({ statement }) => (statement ? [toStory(statement, language)] : []));
  const unused = read.filter(({ statement }) => !statement).map(({ text }) => text);
  if (stories.length === 0) return { stories, markdown: [texts.noStories, quoteList(unused)].join('\n\n') };
  const markdown = [
    texts.intro(stories.length, notes.length),
    ...stories.map((story, index) => storyMarkdown(story, index, language)),
    ...(unused.length > 0 ? [texts.unused, quoteList(unused)] : []),
  ].join('\n\n');
  return { stories, markdown };
}
