import { prepareGlossary } from './glossary.js';
import { prepareLexicon } from './lexicon.js';

/**
 * What a first query reads besides the index, glossary.json and lexicon.json, prepared in steps of at
 * most `stepMs` with requests served between them, rather than in one turn of that query (issue 46).
 */
export async function prepareGlossaryAndLexicon(stepMs: number): Promise<void> {
  await prepareGlossary(stepMs);
  await prepareLexicon(stepMs);
}
