import type { StandupSignalKind } from '@teamboard/contract';

/**
 * The curated bilingual word list of stand-up text signals (docs/api-standups.md, Text signals).
 * DATA, not code: change a list here and signals.test.ts tells what it changed.
 *
 * How a term is written:
 * - lower case, WITHOUT accents (texts are compared with accents and case removed: "Terminé" is
 *   "termine", "estrés" is "estres");
 * - one or more words separated by spaces; a phrase matches those words in a row ("waiting on");
 * - a word ending in `*` is a stem: it matches every word that starts with it ("frustrat*":
 *   frustrated, frustrating, frustration).
 *
 * A term preceded, within the 3 words before it in the same clause, by a negation cue
 * (NEGATION_CUES) raises nothing: "not blocked", "no estoy bloqueado", "sin bloqueos".
 * Clauses end at . , ; : ! ? and at the words of CLAUSE_BREAKS ("not sure, but stuck" is stuck).
 *
 * A signal is a hint for a conversation, never a verdict about a person: every signal lists the
 * words that raised it.
 */
export interface WordList {
  kind: StandupSignalKind;
  en: readonly string[];
  es: readonly string[];
}

export const WORD_LISTS: readonly WordList[] = [
  {
    kind: 'blocker',
    en: [
      'blocked',
      'blocker*',
      'blocking',
      'stuck',
      'waiting on',
      'waiting for',
      'on hold',
      'held up',
      'impediment*',
      "can't continue",
      'cannot continue',
      "can't move forward",
      'cannot move forward',
    ],
    es: [
      'bloquead*',
      'bloqueo*',
      'bloquea',
      'bloquean',
      'bloqueante*',
      'atascad*',
      'atorad*',
      'trabad*',
      'esperando',
      'a la espera',
      'pendiente de',
      'impedimento*',
      'no puedo avanzar',
      'no puedo seguir',
    ],
  },
  {
    kind: 'stress',
    en: [
      'overwhelm*',
      'deadline*',
      'stress*',
      'pressure',
      'anxious',
      'anxiety',
      'burned out',
      'burnt out',
      'burnout',
      'behind schedule',
      'too much work',
      'no time',
    ],
    es: [
      'agobi*',
      'estres*',
      'presion',
      'presionad*',
      'ansios*',
      'ansiedad',
      'fecha limite',
      'contrarreloj',
      'quemad*',
      'atrasad*',
      'demasiado trabajo',
      'sin tiempo',
    ],
  },
  {
    kind: 'negative',
    en: [
      'frustrat*',
      'tired',
      'exhausted',
      'annoyed',
      'annoying',
      'confused',
      'demotivated',
      'unmotivated',
      'discouraged',
      'sad',
      'bad',
      'worried',
      'terrible',
      'awful',
      'upset',
    ],
    es: [
      'frustrad*',
      'frustrante',
      'frustracion',
      'cansad*',
      'agotad*',
      'molest*',
      'confundid*',
      'desmotivad*',
      'desanimad*',
      'triste',
      'mal',
      'preocupad*',
      'terrible',
      'horrible',
      'fatal',
    ],
  },
  {
    kind: 'positive',
    en: [
      'done',
      'finished',
      'completed',
      'great',
      'good',
      'happy',
      'solved',
      'fixed',
      'merged',
      'shipped',
      'excellent',
      'awesome',
      'motivated',
      'productive',
    ],
    es: [
      'termine',
      'terminad*',
      'completad*',
      'listo',
      'genial',
      'bien',
      'contento',
      'contenta',
      'feliz',
      'resolvi',
      'resuelto',
      'logre',
      'excelente',
      'motivad*',
      'productiv*',
    ],
  },
];

/** Words (or phrases) that cancel a term when they come within the 3 words before it. */
export const NEGATION_CUES: readonly string[] = [
  // English
  'not',
  'no',
  'never',
  "isn't",
  "aren't",
  "wasn't",
  "weren't",
  "don't",
  "doesn't",
  "didn't",
  "haven't",
  "hasn't",
  "won't",
  'without',
  'nothing',
  'none',
  'nor',
  // Spanish
  'no estoy',
  'nunca',
  'jamas',
  'sin',
  'ni',
  'nada',
  'ningun',
  'ninguno',
  'ninguna',
  'tampoco',
];

/** Words that start a new clause: a negation before them does not reach past them. */
export const CLAUSE_BREAKS: readonly string[] = ['but', 'however', 'although', 'pero', 'aunque', 'sino'];

/** How many words before a term a negation cue reaches. */
export const NEGATION_WINDOW = 3;
