/**
 * What a question asks the project coach, in English or Spanish, accents optional and small typos
 * tolerated. Pure: the words of the question against the cue phrases below, nothing else.
 */
export const COACH_INTENTS = [
  'overdue',
  'blocked',
  'workload',
  'sprint_forecast',
  'my_week',
  'next_task',
] as const;
export type CoachIntent = (typeof COACH_INTENTS)[number];

/**
 * A cue phrase: slots separated by spaces, each a `|` list of words that may fill it. `word*` is a
 * stem (any word starting so), `=word` refuses typos (a near word means something else), and `$`
 * is the end of the question. Slots match in order with at most `MAX_GAP` other words between.
 */
const CUES: Record<CoachIntent, readonly string[]> = {
  overdue: [
    'overdue',
    'over due',
    'past due',
    'task*|card*|item*|work|anything|something|which|who|whats =late',
    'running =late',
    'behind schedule',
    'missed|past|passed deadline*|due',
    'atrasad*|atraso*|retrasad*|retraso*|vencid*|caducad*',
    'fuera de plazo|fecha|tiempo',
    'pasaron|paso|pasado fecha|plazo',
    'tareas|tarea|quien|quienes|cuales|va|van =tarde',
  ],
  blocked: [
    'blocked|blocker|blockers|blocking',
    '=block*',
    'stuck',
    'impediment*|impedimento*',
    'on hold',
    'bloque*|atascad*|=trabad*|estancad*|=frenad*',
  ],
  workload: [
    'workload*|overload*|overwork*|overburden*|swamped|busiest|capacity',
    'work =load',
    'too much|many work|tasks|on',
    'who has|got|carries most|more work|tasks|load',
    'most busy',
    'work|task*|load distribut*|balanc*|split|spread',
    'distribution|balance of work|tasks',
    'how much work each|everyone|everybody|person',
    'task*|work per person|member|head',
    'carga de|del trabajo|tareas',
    'sobrecarg*|saturad*|agobiad*',
    'demasiad* trabajo|tareas|cosas',
    'quien tiene|lleva mas trabajo|tareas|carga',
    'quien esta mas ocupad*|cargad*',
    'reparto|distribucion|equilibrio|balance trabajo|tareas|carga',
    'repart*|distribu* trabajo|tareas|carga',
    'trabajo|tareas|carga repartid*|distribuid*|equilibrad*',
    'tareas|trabajo por persona|miembro|integrante|cabeza',
  ],
  sprint_forecast: [
    'finish|complete|make|meet|hit|close|deliver|done|reach sprint*|milestone*|iteration|deadline',
    'sprint*|milestone*|iteration forecast|progress|status|going|track|finish*|end',
    'on track',
    'forecast',
    'finish|done|make|deliver on time',
    'we finish|complete|done',
    'terminar*|terminaremos|acabar*|acabaremos|completar*|cumplir*|cerrar*|llegar*|llegamos|lograr*|entregar* sprint|hito|milestone|iteracion|plazo|tiempo',
    'terminaremos|acabaremos|lograremos|alcanzaremos|llegaremos',
    'va|vamos|avanza sprint|hito|milestone|iteracion',
    'progreso|avance|estado|pronostico|prevision sprint|hito|milestone|iteracion',
    'pronostico|prevision',
    'vamos|estamos|llegamos|terminamos a tiempo',
  ],
  my_week: [
    'my week|weekly',
    'weekly summary|recap|report',
    'did i|we do|work*|finish*|complete*|accomplish*|achieve*|log*|get week|lately|recently|far',
    'i|ive done|worked|finished|completed|accomplished|achieved|logged|did week|lately|recently|far',
    'my activity|hours|work|progress|contribution*|summary week',
    'mi semana',
    'resumen semanal',
    'hice|hecho|trabaje|trabajado|complete|termine|terminado|avance|logre|registre semana|ultimamente|recientemente|ahora',
    'mis horas|actividad|avances|avance|progreso|aportes semana',
  ],
  next_task: [
    'next task|thing|item|step|job',
    'my next',
    'whats|what next',
    'whats|what up for me',
    'i do|work* next|now|today|first',
    'should|must|need i do|work* week|today|now|next',
    'should|can|could|shall i do $',
    'what|which to work*|do next|now|$',
    'i work* on $',
    'which|what task* should|can|do i',
    'on my plate',
    'my open|pending tasks',
    'siguiente|proxima tarea|paso',
    'que hago ahora|hoy|despues|luego|primero|$',
    'debo|deberia|tengo|puedo hacer ahora|hoy|despues|luego|primero|continuacion|semana|$',
    'me toca',
    'que sigue $',
    'que sigue para mi',
    'en que =trabajo|sigo',
    'en que deberia|debo|puedo trabajar',
    'por donde sigo|empiezo|empezar|continuo',
    'tengo pendiente*',
    'mis pendientes',
    'mis tareas abiertas|pendientes',
  ],
};

/**
 * Openings of a request for general advice ("how do I avoid overdue tasks?", "¿qué es un
 * bloqueo?"): tip material for the other engines, not a question about this project's facts.
 */
const ADVICE_OPENINGS: readonly string[] = [
  'how do|can|should|could|would i|we|you|one',
  'how to',
  'what is|are a|an',
  'whats a|an',
  'what are good|best|some|the best',
  'why|explain|define|tips|tip|advice',
  'give me tips|advice',
  'best practice*',
  'difference between',
  'como evitar|evito|evitamos|prevenir|manejar|manejo|gestionar|gestiono|reducir|mejorar|escribir|estimar|organizar|lidiar|desbloquear|tratar',
  'como puedo|podemos|se|hago|hacemos|debo|debemos|deberia|deberiamos',
  'que es|son un|una',
  'que significa',
  'por que',
  'explica|explicame|define|consejo|consejos',
  'buenas practicas',
  'diferencia entre',
];

/** The advice openings may follow a greeting word or two ("hey coach, how do I…"). */
const OPENING_SLACK = 2;
const MAX_GAP = 2;
const EXACT = 1;
const NEAR = 0.8;

interface Word {
  text: string;
  stem: boolean;
  exact: boolean;
}
/** A slot's words, and whether the end of the question fills it too (`$`). */
interface Slot {
  words: Word[];
  end: boolean;
}
type Phrase = Slot[];

/** Lower case, no accents, no apostrophes ("What's" → "whats"), split into words. */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['\u2018\u2019`´]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

function parseWord(alternative: string): Word {
  const exact = alternative.startsWith('=');
  const text = alternative.replace(/^=/, '');
  return { text: text.replace(/\*$/, ''), stem: text.endsWith('*'), exact };
}

function parsePhrase(phrase: string): Phrase {
  return phrase.split(' ').map((slot) => {
    const alternatives = slot.split('|');
    return {
      words: alternatives.filter((word) => word !== '$').map(parseWord),
      end: alternatives.includes('$'),
    };
  });
}

/** Optimal string alignment distance, stopping early once it exceeds 1 (all that is asked). */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, previous2[j - 2]! + 1);
      row.push(value);
    }
    if (Math.min(...row) > 1) return false;
    [previous2, previous] = [previous, row];
  }
  return previous[b.length]! <= 1;
}

/** Typos are tolerated only in words long enough that one edit cannot make another common word. */
const TYPO_MIN_LENGTH = 5;

/** How well a word of the question fills a slot word: 1 exact, 0.8 with a typo, 0 not at all. */
function wordScore(token: string, word: Word): number {
  if (word.stem ? token.startsWith(word.text) : token === word.text) return EXACT;
  if (word.exact || word.text.length < TYPO_MIN_LENGTH) return 0;
  if (!word.stem) return withinOneEdit(token, word.text) ? NEAR : 0;
  const prefixes = [-1, 0, 1].map((extra) => token.slice(0, word.text.length + extra));
  return prefixes.some((prefix) => withinOneEdit(prefix, word.text)) ? NEAR : 0;
}

function slotScore(token: string | undefined, slot: Slot): number {
  if (token === undefined) return 0;
  return Math.max(0, ...slot.words.map((word) => wordScore(token, word)));
}

/**
 * The best score of the phrase starting at or after `from` (up to `lastStart`): the sum of its
 * slot scores, or 0 when it does not match.
 */
function phraseScore(tokens: string[], phrase: Phrase, from = 0, lastStart = tokens.length - 1): number {
  const rest = (slotIndex: number, after: number): number => {
    const slot = phrase[slotIndex];
    if (slot === undefined) return 0;
    let best = slot.end && after === tokens.length ? 0 : -Infinity;
    for (let at = after; at < Math.min(tokens.length, after + MAX_GAP + 1); at++) {
      const score = slotScore(tokens[at], slot);
      if (score > 0) best = Math.max(best, score + rest(slotIndex + 1, at + 1));
    }
    return best;
  };
  let best = 0;
  for (let start = from; start <= Math.min(lastStart, tokens.length - 1); start++) {
    const first = slotScore(tokens[start], phrase[0]!);
    if (first > 0) best = Math.max(best, first + rest(1, start + 1));
  }
  return best;
}

const compiledCues = COACH_INTENTS.map((intent) => ({ intent, phrases: CUES[intent].map(parsePhrase) }));
const compiledOpenings = ADVICE_OPENINGS.map(parsePhrase);

/**
 * The intent whose cue phrase fits the question best (more matched words, fewer typos), ties going
 * to the earlier intent of COACH_INTENTS; null when none fits or the question asks for advice.
 */
export function recognizeCoachIntent(question: string): CoachIntent | null {
  const tokens = wordsOf(question);
  if (tokens.length === 0) return null;
  if (compiledOpenings.some((phrase) => phraseScore(tokens, phrase, 0, OPENING_SLACK) > 0)) return null;
  let found: { intent: CoachIntent; score: number } | null = null;
  for (const { intent, phrases } of compiledCues) {
    const score = Math.max(...phrases.map((phrase) => phraseScore(tokens, phrase)));
    if (score > 0 && (found === null || score > found.score)) found = { intent, score };
  }
  return found?.intent ?? null;
}
