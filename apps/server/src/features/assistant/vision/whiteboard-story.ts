import type { AssistantStory, Language } from '@teamboard/contract';
import { isEnglishVerb } from './whiteboard-lexicon.js';
import type { Statement } from './whiteboard-statements.js';
import { STORY_TEXTS } from './whiteboard-texts.js';

const TITLE_MAX_LENGTH = 100;

/** A happy path, a signed-out guard and, by the kind of action, an edge case. */
export function toStory(statement: Statement, language: Language): AssistantStory {
  const texts = STORY_TEXTS[language];
  const { actor, action, kind } = statement;
  const edge = texts.edge[kind];
  const criteria = [
    { given: texts.signedInAs(actor), when: texts.doing(action), then: texts.done[kind] },
    { given: texts.signedOut[0], when: texts.tryingTo(action), then: texts.signedOut[1] },
    ...(edge ? [{ given: edge[0], when: texts.tryingTo(action), then: edge[1] }] : []),
  ];
  return {
    title: truncate(`${capitalise(actor)}: ${action}`, TITLE_MAX_LENGTH),
    asA: actor,
    iWant: wantOf(statement, language),
    soThat: statement.benefit ?? texts.noBenefit,
    criteria,
  };
}

/** "to upload report" in English when the verb is English; otherwise the action as it is. */
function wantOf(statement: Statement, language: Language): string {
  if (statement.writtenWant !== null) return statement.writtenWant;
  const first = statement.action.split(/\s+/)[0] ?? '';
  return language === 'en' && isEnglishVerb(first) ? `to ${statement.action}` : statement.action;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
