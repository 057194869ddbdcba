import type { Language } from '@teamboard/contract';
import { ARTICLE, findActor, verbOf, type ActionKind } from './whiteboard-lexicon.js';
import { STORY_TEXTS } from './whiteboard-texts.js';

/** One wish read off the board: who, what and why, before it is written as a story. */
export interface Statement {
  /** The actor in the asker's language. */
  actor: string;
  /** The action with its verb in the base form ("upload report"): the wish and the criteria. */
  action: string;
  /** An English story's wish as written after "I want", kept for an English answer. */
  writtenWant: string | null;
  kind: ActionKind;
  benefit: string | null;
}

/** An actor is named in a few words: a longer "actor" is a sentence. */
const ACTOR_MAX_WORDS = 4;
/** "As a … I want … so that …" and "Como … quiero … para …", the benefit optional. */
const STORY_EN =
  /\bas\s+an?\s+(?<actor>.+?)\s*,?\s+i\s+(?:want|need|would like|wish)\s+(?<want>.+?)(?:\s*,?\s+so\s+(?:that\s+)?(?<benefit>.+?))?[\s.]*$/i;
const STORY_ES =
  /\bcomo\s+(?:una?\s+)?(?<actor>.+?)\s*,?\s+(?:yo\s+)?(?:quiero|necesito|deseo|me\s+gustar[ií]a)\s+(?<want>.+?)(?:\s*,?\s+(?:para\s+que|para|de\s+modo\s+que|as[ií])\s+(?<benefit>.+?))?[\s.]*$/i;
/** "Student: upload report", "Profesor - revisar entregas". */
const ACTOR_LABEL = /^(?<actor>[^:]{2,40}?)\s*(?::|\s[-–—]\s)\s*(?<want>.+)$/;
const STORY_START = /^(as\s+an?\s|como\s)/i;

/** A note may hold several statements: each "Actor:" (or "Actor -") or "As a…/Como…" begins one. */
export function splitStatements(text: string): string[] {
  const starts = /(?=\b(?:as\s+an?\s|como\s)|(?:^|\s)[\p{L}][\p{L} ]{1,30}(?::|\s[-–—])\s)/giu;
  const parts = text
    .split(starts)
    .map((part) => part.trim())
    .filter(Boolean);
  // A split inside a story ("…so that: x") would cut it: only keep splits that start an actor or a story.
  return parts.reduce<string[]>((merged, part) => {
    const previous = merged.at(-1);
    if (previous !== undefined && !startsStatement(part)) merged[merged.length - 1] = `${previous} ${part}`;
    else merged.push(part);
    return merged;
  }, []);
}

function startsStatement(text: string): boolean {
  if (STORY_START.test(text)) return true;
  const label = ACTOR_LABEL.exec(text)?.groups;
  return label !== undefined && findActor(label.actor!) !== null;
}

/** The first reading that fits: a written story, "Actor: action", an actor then a verb, a bare action. */
export function parseStatement(text: string, language: Language): Statement | null {
  return (
    asStory(text, language) ??
    asActorLabel(text, language) ??
    asActorSentence(text, language) ??
    asBareAction(text, language)
  );
}

/** Already a story: keep its words. */
function asStory(text: string, language: Language): Statement | null {
  const english = STORY_EN.exec(text)?.groups;
  const groups = english ?? STORY_ES.exec(text)?.groups;
  if (!groups || wordCount(groups.actor!) > ACTOR_MAX_WORDS) return null;
  const want = groups.want!.trim();
  const action = want.replace(/^to\s+/i, '');
  return {
    actor: findActor(groups.actor!)?.[language] ?? groups.actor!.trim().toLowerCase(),
    action,
    writtenWant: english && language === 'en' ? want : null,
    kind: verbOf(action)?.kind ?? 'other',
    benefit: groups.benefit?.trim() ?? null,
  };
}

/** "Student: upload report": a known actor, or any short label before an action that starts with a verb. */
function asActorLabel(text: string, language: Language): Statement | null {
  const groups = ACTOR_LABEL.exec(text)?.groups;
  if (!groups || wordCount(groups.actor!) > ACTOR_MAX_WORDS) return null;
  const known = findActor(groups.actor!);
  const verb = verbOf(groups.want!);
  if (!known && !verb) return null;
  return fromAction(known?.[language] ?? groups.actor!.trim().toLowerCase(), groups.want!);
}

/** "The teacher grades reports": a known actor, then a verb. */
function asActorSentence(text: string, language: Language): Statement | null {
  const words = text.replace(ARTICLE, '').split(/\s+/);
  for (let size = Math.min(3, words.length - 1); size >= 1; size -= 1) {
    const actor = findActor(words.slice(0, size).join(' '));
    const rest = words.slice(size).join(' ');
    if (actor && verbOf(rest)) return fromAction(actor[language], rest);
  }
  return null;
}

/** "Export grades to CSV": an action with no actor is a user's. */
function asBareAction(text: string, language: Language): Statement | null {
  return verbOf(text) && wordCount(text) >= 2 ? fromAction(STORY_TEXTS[language].defaultActor, text) : null;
}

function fromAction(actor: string, written: string): Statement {
  const verb = verbOf(written);
  const words = written
    .trim()
    .replace(/[\s.]+$/, '')
    .split(/\s+/);
  // "uploads report" → "upload report", "revisa entregas" → "revisar entregas".
  const action = verb ? [verb.base, ...words.slice(1)].join(' ') : words.join(' ');
  return { actor, action, writtenWant: null, kind: verb?.kind ?? 'other', benefit: null };
}

function wordCount(text: string): number {
  return text.trim().split(/\s+/).filter(Boolean).length;
}
