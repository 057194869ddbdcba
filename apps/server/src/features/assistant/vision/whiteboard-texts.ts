import type { Language } from '@teamboard/contract';
import type { ActionKind } from './whiteboard-lexicon.js';

/** A situation and its outcome: the Given and Then around a When. */
type Case = [given: string, then: string];

export interface StoryTexts {
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

/** The stories' words in each language: the sentence, the criteria and the answer around them. */
export const STORY_TEXTS: Record<Language, StoryTexts> = {
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

/** "an admin", "a user", "a student". */
function article(noun: string): string {
  return /^[aeiou]/i.test(noun) && !/^u[bcfhjkqrstn][aeiou]/i.test(noun) ? 'an' : 'a';
}
