import type { AssistantStory, Language } from '@teamboard/contract';
import { readingOrder, type OcrBox, type OcrLine, type OcrPage } from './ocr.js';

export interface WhiteboardStories {
  stories: AssistantStory[];
  /** The stories listed in the asker's language, or a plain word that nothing was found. */
  markdown: string;
}

/** What a story's action does to its object; it decides the acceptance criteria. */
type ActionKind = 'create' | 'view' | 'change' | 'remove' | 'other';

interface Note {
  text: string;
  box: OcrBox;
}

interface Statement {
  /** The actor in the asker's language. */
  actor: string;
  /** The action with its verb in the base form ("upload report"): the wish and the criteria. */
  action: string;
  /** An English story's wish as written after "I want", kept for an English answer. */
  writtenWant: string | null;
  kind: ActionKind;
  benefit: string | null;
}

/** Lines closer than this many line heights (one above the other, overlapping in x) are one note. */
const NOTE_LINE_GAP = 1;
const TITLE_MAX_LENGTH = 100;
const ACTOR_MAX_WORDS = 4;

/**
 * Actors, one per line, "English | Spanish"; within a language, groups split by ";", each
 * "shown form, other forms". A language's first group is what the other language translates to.
 */
const ACTOR_LEXICON = [
  'student, students; pupil, pupils; learner, learners | estudiante, estudiantes; alumno, alumnos; alumna, alumnas',
  'teacher, teachers; professor, professors; instructor, instructors; lecturer, lecturers | profesor, profesores; profesora, profesoras; docente, docentes; maestro, maestros; maestra, maestras',
  'admin, admins; administrator, administrators | administrador, administradores, admin; administradora, administradoras',
  'user, users | usuario, usuarios; usuaria, usuarias',
  'visitor, visitors; guest, guests | visitante, visitantes; invitado, invitados; invitada, invitadas',
  'team member, team members; member, members | miembro del equipo, miembros del equipo; miembro, miembros; integrante, integrantes',
  'tutor, tutors | tutor, tutores; tutora, tutoras',
  'product owner, product owners | product owner, product owners',
  'scrum master, scrum masters | scrum master, scrum masters',
  'developer, developers | desarrollador, desarrolladores; desarrolladora, desarrolladoras',
  'customer, customers; client, clients | cliente, clientes',
  'coordinator, coordinators | coordinador, coordinadores; coordinadora, coordinadoras',
  'manager, managers | gerente, gerentes; responsable, responsables',
];
const ACTORS: Record<Language, string[][]>[] = ACTOR_LEXICON.map((line) => {
  const [en, es] = line
    .split('|')
    .map((side) => side.split(';').map((group) => group.split(',').map((form) => form.trim())));
  return { en: en!, es: es! };
});

/** Verbs in their base form, by what they do. */
const VERBS: Record<Language, Record<Exclude<ActionKind, 'other'>, string>> = {
  en: {
    create:
      'upload submit send create add register publish post write book request invite share import attach enroll save propose suggest',
    view: 'see view check read browse search find download export track consult list filter compare get receive know follow print access open watch',
    change:
      'edit update grade review approve reject assign rate comment manage change configure set mark move schedule plan evaluate correct answer reply modify organize prioritize',
    remove: 'delete remove archive cancel close hide block unsubscribe',
  },
  es: {
    create:
      'subir entregar enviar crear agregar añadir registrar publicar escribir reservar solicitar invitar compartir importar adjuntar inscribir cargar guardar proponer',
    view: 'ver consultar leer buscar descargar exportar filtrar comparar recibir conocer seguir imprimir listar mirar visualizar acceder abrir',
    change:
      'editar actualizar calificar revisar aprobar rechazar asignar valorar comentar gestionar administrar cambiar configurar marcar mover programar planificar evaluar corregir responder modificar organizar priorizar',
    remove: 'eliminar borrar archivar cancelar cerrar ocultar bloquear quitar',
  },
};

interface VerbForm {
  base: string;
  kind: Exclude<ActionKind, 'other'>;
}

/** Every accepted spelling of a verb: English base, -s and -es; Spanish infinitive, -se and the third person. */
const VERB_FORMS: Map<string, VerbForm> = buildVerbForms();

const STORY_EN =
  /\bas\s+an?\s+(?<actor>.+?)\s*,?\s+i\s+(?:want|need|would like|wish)\s+(?<want>.+?)(?:\s*,?\s+so\s+(?:that\s+)?(?<benefit>.+?))?[\s.]*$/i;
const STORY_ES =
  /\bcomo\s+(?:una?\s+)?(?<actor>.+?)\s*,?\s+(?:yo\s+)?(?:quiero|necesito|deseo|me\s+gustar[ií]a)\s+(?<want>.+?)(?:\s*,?\s+(?:para\s+que|para|de\s+modo\s+que|as[ií])\s+(?<benefit>.+?))?[\s.]*$/i;
/** "Student: upload report", "Profesor - revisar entregas". */
const ACTOR_LABEL = /^(?<actor>[^:]{2,40}?)\s*(?::|\s[-–—]\s)\s*(?<want>.+)$/;
const ARTICLE = /^(the|a|an|el|la|los|las|un|una)\s+/i;
const STORY_START = /^(as\s+an?\s|como\s)/i;

/** A situation and its outcome: the Given and Then around a When. */
type Case = [given: string, then: string];

interface StoryTexts {
  defaultActor: string;
  noBenefit: string;
  asA: (actor: string) => string;
  iWant: string;
  soThat: string;
  signedInAs: (actor: string) => string;
  doing: (action: string) => string;
  tryingTo: (action: string) => string;
  done: Record<ActionKind, string>;
  signedOut: Case;
  /** The edge case each kind of action gets as its third criterion. */
  edge: Record<ActionKind, Case | null>;
  given: string;
  when: string;
  then: string;
  intro: (stories: number, notes: number) => string;
  unused: string;
  noText: string;
  noStories: string;
}

const TEXTS: Record<Language, StoryTexts> = {
  en: {
    defaultActor: 'user',
    noBenefit: '(benefit not on the whiteboard: agree it with the team)',
    asA: (actor) => `As ${article(actor)} ${actor}`,
    iWant: 'I want',
    soThat: 'so that',
    signedInAs: (actor) => `I am signed in as ${article(actor)} ${actor}`,
    doing: (action) => `I ${action}`,
    tryingTo: (action) => `I try to ${action}`,
    done: {
      create: 'it is saved, I see a confirmation and it appears in the list',
      view: 'I see the up-to-date information',
      change: 'the changes are saved and the people involved see them',
      remove: 'it no longer appears in the list and I see a confirmation',
      other: 'the action completes and I see a confirmation',
    },
    signedOut: ['I am not signed in', 'I am asked to sign in and nothing changes'],
    edge: {
      create: ['a required field is empty', 'I see what is missing and nothing is saved'],
      view: ['there is nothing to show yet', 'I see a message that says so'],
      change: ['I enter a value that is not valid', 'I see an error and the previous data stays'],
      remove: ['I have not confirmed yet', 'I am asked to confirm before anything is removed'],
      other: null,
    },
    given: 'Given',
    when: 'when',
    then: 'then',
    intro: (stories, notes) =>
      `I read ${notes} note${notes === 1 ? '' : 's'} on the whiteboard and wrote ${stories} user stor${stories === 1 ? 'y' : 'ies'} with acceptance criteria. Check them before adding them to a board.`,
    unused: 'Text I could not turn into a story (no actor or action):',
    noText:
      'No text was recognised in the image, so there are no user stories. Try a sharper, well-lit photo written with a dark marker.',
    noStories:
      'I read the whiteboard but found no actor or action to turn into a user story. The text I read:',
  },
  es: {
    defaultActor: 'usuario',
    noBenefit: '(el beneficio no está en la pizarra: acordarlo con el equipo)',
    asA: (actor) => `Como ${actor}`,
    iWant: 'quiero',
    soThat: 'para',
    signedInAs: (actor) => `que inicié sesión como ${actor}`,
    doing: (action) => `elijo ${action}`,
    tryingTo: (action) => `intento ${action}`,
    done: {
      create: 'se guarda, veo una confirmación y aparece en la lista',
      view: 'veo la información actualizada',
      change: 'los cambios se guardan y las personas involucradas los ven',
      remove: 'deja de aparecer en la lista y veo una confirmación',
      other: 'la acción se completa y veo una confirmación',
    },
    signedOut: ['que no inicié sesión', 'se me pide iniciar sesión y nada cambia'],
    edge: {
      create: ['que falta un dato obligatorio', 'veo qué falta y no se guarda nada'],
      view: ['que todavía no hay nada que mostrar', 'veo un mensaje que lo indica'],
      change: ['que ingreso un valor no válido', 'veo un error y se conservan los datos anteriores'],
      remove: ['que todavía no confirmé', 'se me pide confirmar antes de eliminar nada'],
      other: null,
    },
    given: 'Dado',
    when: 'cuando',
    then: 'entonces',
    intro: (stories, notes) =>
      `Leí ${notes} nota${notes === 1 ? '' : 's'} en la pizarra y escribí ${stories} historia${stories === 1 ? '' : 's'} de usuario con criterios de aceptación. Revísalas antes de agregarlas a un tablero.`,
    unused: 'Texto que no pude convertir en historia (sin actor ni acción):',
    noText:
      'No se reconoció texto en la imagen, así que no hay historias de usuario. Prueba con una foto más nítida y bien iluminada, escrita con marcador oscuro.',
    noStories:
      'Leí la pizarra pero no encontré un actor ni una acción para convertir en historia de usuario. El texto que leí:',
  },
};

/**
 * User stories from a whiteboard photo: lines grouped into notes by position, each note read as a
 * story ("As a… I want… so that…" / "Como… quiero… para…" kept as written), as "Actor: action", as
 * an actor followed by a verb, or as a bare action for a user; 2–3 Given/When/Then criteria each.
 */
export function whiteboardToStories(page: OcrPage, language: Language): WhiteboardStories {
  const notes = groupIntoNotes(page.lines);
  const texts = TEXTS[language];
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

/** Notes: lines that touch one another (one just below the other, overlapping in x), in reading order. */
function groupIntoNotes(lines: OcrLine[]): Note[] {
  const parent = lines.map((_, index) => index);
  const root = (index: number): number => {
    while (parent[index] !== index) index = parent[index] = parent[parent[index]!]!;
    return index;
  };
  lines.forEach((a, i) =>
    lines.forEach((b, j) => {
      if (j > i && touches(a.box, b.box)) parent[root(j)] = root(i);
    }),
  );
  const groups = new Map<number, OcrLine[]>();
  lines.forEach((line, index) => groups.set(root(index), [...(groups.get(root(index)) ?? []), line]));
  const notes = [...groups.values()].map((group) => {
    const ordered = readingOrder(group);
    return {
      text: joinLines(ordered.map((line) => line.text)),
      box: unionBox(ordered.map((line) => line.box)),
    };
  });
  return readingOrder(notes);
}

function touches(a: OcrBox, b: OcrBox): boolean {
  const lineHeight = Math.max(a.y1 - a.y0, b.y1 - b.y0);
  const overlapX = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const gapY = Math.max(a.y0, b.y0) - Math.min(a.y1, b.y1);
  const overlapY = -gapY;
  const gapX = -overlapX;
  return (overlapX > 0 && gapY <= NOTE_LINE_GAP * lineHeight) || (overlapY > 0 && gapX <= lineHeight);
}

/** A note may hold several statements: each "Actor:" (or "Actor -") or "As a…/Como…" begins one. */
function splitStatements(text: string): string[] {
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

function parseStatement(text: string, language: Language): Statement | null {
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
  return verbOf(text) && wordCount(text) >= 2 ? fromAction(TEXTS[language].defaultActor, text) : null;
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

/** "to upload report" in English when the verb is English; otherwise the action as it is. */
function wantOf(statement: Statement, language: Language): string {
  if (statement.writtenWant !== null) return statement.writtenWant;
  const first = fold(statement.action.split(/\s+/)[0] ?? '');
  return language === 'en' && VERB_FORMS.has(`en:${first}`) ? `to ${statement.action}` : statement.action;
}

/** A happy path, a signed-out guard and, by the kind of action, an edge case. */
function toStory(statement: Statement, language: Language): AssistantStory {
  const texts = TEXTS[language];
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

function storyMarkdown(story: AssistantStory, index: number, language: Language): string {
  const texts = TEXTS[language];
  const sentence = `${texts.asA(escapeMarkdown(story.asA))}, ${texts.iWant} ${escapeMarkdown(story.iWant)} ${texts.soThat} ${escapeMarkdown(story.soThat)}.`;
  const criteria = story.criteria.map(
    (criterion) =>
      `- **${texts.given}** ${escapeMarkdown(criterion.given)}, **${texts.when}** ${escapeMarkdown(criterion.when)}, **${texts.then}** ${escapeMarkdown(criterion.then)}.`,
  );
  return [`### ${index + 1}. ${escapeMarkdown(story.title)}`, sentence, criteria.join('\n')].join('\n\n');
}

/** The actor in both languages, or null when the words name none. */
function findActor(words: string): Record<Language, string> | null {
  const wanted = fold(words.replace(ARTICLE, '').replace(/[:\s]+$/, ''));
  for (const entry of ACTORS) {
    for (const written of ['en', 'es'] as const) {
      const group = entry[written].find((forms) => forms.some((form) => fold(form) === wanted));
      if (!group) continue;
      const other = written === 'en' ? 'es' : 'en';
      return { [written]: group[0]!, [other]: entry[other][0]![0]! } as Record<Language, string>;
    }
  }
  return null;
}

/** The verb an action starts with, in its base form, or null. */
function verbOf(action: string): VerbForm | null {
  const first = fold(action.trim().split(/\s+/)[0] ?? '');
  return VERB_FORMS.get(`en:${first}`) ?? VERB_FORMS.get(`es:${first}`) ?? null;
}

function buildVerbForms(): Map<string, VerbForm> {
  const forms = new Map<string, VerbForm>();
  for (const language of ['en', 'es'] as const) {
    for (const [kind, verbs] of Object.entries(VERBS[language]) as [VerbForm['kind'], string][]) {
      for (const base of verbs.split(' ')) {
        for (const form of spellings(base, language)) forms.set(`${language}:${form}`, { base, kind });
      }
    }
  }
  return forms;
}

/** upload → upload, uploads, uploades; revisar → revisar, revisarse, revisa (accents folded). */
function spellings(base: string, language: Language): string[] {
  if (language === 'en') return [base, `${base}s`, `${base}es`];
  const infinitive = fold(base);
  const stem = infinitive.slice(0, -2);
  return [infinitive, `${infinitive}se`, infinitive.endsWith('ar') ? `${stem}a` : `${stem}e`];
}

/** A note's lines as one text: "up-" + "load" joins, other lines join with a space. */
function joinLines(lines: string[]): string {
  return lines.reduce(
    (text, line) =>
      text === '' ? line : /\p{L}-$/u.test(text) ? `${text.slice(0, -1)}${line}` : `${text} ${line}`,
    '',
  );
}

function unionBox(boxes: OcrBox[]): OcrBox {
  return {
    x0: Math.min(...boxes.map((box) => box.x0)),
    y0: Math.min(...boxes.map((box) => box.y0)),
    x1: Math.max(...boxes.map((box) => box.x1)),
    y1: Math.max(...boxes.map((box) => box.y1)),
  };
}

function quoteList(texts: string[]): string {
  return texts.map((text) => `- ${escapeMarkdown(text)}`).join('\n');
}

/** OCR text is shown as Markdown: characters that would make links, emphasis or HTML are escaped. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>|~#]/g, (char) => `\\${char}`);
}

/** "an admin", "a user", "a student". */
function article(noun: string): string {
  return /^[aeiou]/i.test(noun) && !/^u[bcfhjkqrstn][aeiou]/i.test(noun) ? 'an' : 'a';
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function wordCount(text: string): number {
  return text.trim().split(/\s+/).filter(Boolean).length;
}

/** Lower case without accents: "Añadir" → "anadir". */
function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .trim();
}
