import type { Language } from '@teamboard/contract';
import { fold } from './fold.js';

/** What a story's action does to its object; it decides the acceptance criteria. */
export type ActionKind = 'create' | 'view' | 'change' | 'remove' | 'other';

export interface VerbForm {
  base: string;
  kind: Exclude<ActionKind, 'other'>;
}

/** A leading article, dropped before an actor is looked up. */
export const ARTICLE = /^(the|a|an|el|la|los|las|un|una)\s+/i;

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

/** Every accepted spelling of a verb: English base, -s and -es; Spanish infinitive, -se and the third person. */
const VERB_FORMS: Map<string, VerbForm> = buildVerbForms();

/** The actor in both languages, or null when the words name none. */
export function findActor(words: string): Record<Language, string> | null {
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
export function verbOf(action: string): VerbForm | null {
  const first = fold(action.trim().split(/\s+/)[0] ?? '');
  return VERB_FORMS.get(`en:${first}`) ?? VERB_FORMS.get(`es:${first}`) ?? null;
}

/** Whether a word is an English verb of the lexicon in any accepted spelling. */
export function isEnglishVerb(word: string): boolean {
  return VERB_FORMS.has(`en:${fold(word)}`);
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
