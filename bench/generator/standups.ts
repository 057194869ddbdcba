import { MINUTE, dayOf, dayStart, isoDate } from './calendar.js';
import type { GenerationContext } from './context.js';
import type { UserDraft } from './drafts.js';
import type { TeamProject } from './projects.js';
import { share } from './work.js';

/**
 * Stand-up texts (issue 18), in English and Spanish, so the analysis's text signals have work to do:
 * blockers, stress and mood words, and negations that cancel them ("No blockers", "sin bloqueos").
 */
const TEXTS = {
  en: {
    did: [
      'Finished the sign-up form and its validation.',
      'Reviewed two pull requests and fixed the failing tests.',
      'Worked on the database migration for the reports.',
      'Paired on the drag and drop of the board; it works now.',
      'Wrote the API docs for the hours endpoint.',
      'Fixed a bug in the burndown chart, happy with the result.',
      'Spent the day debugging the deploy, frustrating but done.',
      'Not much, I was sick most of the day.',
      'Refactored the settings page and added tests.',
      'Prepared the demo for the sprint review, it went great.',
      'Read the feedback from the teacher and updated the backlog.',
      'Started the calendar view but it is harder than expected.',
    ],
    willDo: [
      'Keep going with the hours report.',
      'Write the tests for the calendar.',
      'Review the open pull requests.',
      'Prepare the slides for Friday.',
      'Fix the chart bug and deploy to staging.',
      'Finish the settings page.',
      'Help Ana with the login flow.',
    ],
    blocked: [
      'Blocked by the staging server being down.',
      'Waiting on the client to send the API keys.',
      'Stuck on the OAuth callback, I need help.',
      "Can't continue until the design is approved.",
      'Still waiting for a review of my pull request.',
    ],
    notBlocked: [
      '',
      '',
      '',
      'No blockers.',
      'Nothing is blocking me.',
      'Not blocked, just busy.',
      'None, but the deadline is stressful.',
    ],
  },
  es: {
    did: [
      'Terminé el formulario de registro y sus validaciones.',
      'Revisé dos pull requests y arreglé las pruebas que fallaban.',
      'Trabajé en la migración de la base de datos.',
      'Avancé con el tablero; estoy contento con el resultado.',
      'Pasé el día depurando el despliegue, muy frustrante.',
      'Poco, estuve enfermo casi todo el día.',
      'Preparé la demo del sprint, salió genial.',
      'Documenté la API de horas.',
      'Leí los comentarios del profesor y actualicé el backlog.',
      'Empecé la vista de calendario, pero es más difícil de lo esperado.',
    ],
    willDo: [
      'Seguir con el reporte de horas.',
      'Escribir las pruebas del calendario.',
      'Revisar los pull requests pendientes.',
      'Preparar la presentación del viernes.',
      'Arreglar el error del gráfico y desplegar.',
      'Ayudar a Tomás con el inicio de sesión.',
    ],
    blocked: [
      'Bloqueado por la caída del servidor de pruebas.',
      'Esperando las credenciales del cliente.',
      'Estoy atascado con la autenticación, necesito ayuda.',
      'No puedo avanzar hasta que aprueben el diseño.',
      'A la espera de la revisión de mi pull request.',
    ],
    notBlocked: [
      '',
      '',
      '',
      'Sin bloqueos.',
      'No estoy bloqueado.',
      'Nada me bloquea.',
      'Ninguno, pero estoy estresado por la entrega.',
    ],
  },
} as const;

const HOURS = [0.5, 1, 1.5, 2, 2, 2.25, 2.5, 3, 3, 3.5, 4, 4.75, 5, 6, 7.5] as const;

const isWeekend = (at: number) => [0, 6].includes(new Date(at).getUTCDay());

const clamp = (value: number) => Math.min(5, Math.max(1, Math.round(value)));

/**
 * Which semester days (indexes) a student posts on, from `firstDay`: `count` of them, weekdays first
 * but a few missed.
 */
function postingDays(context: GenerationContext, firstDay: number, count: number): number[] {
  const { rng, semester } = context;
  const weekdays: number[] = [];
  const weekends: number[] = [];
  for (let day = firstDay; day < semester.days; day++)
    (isWeekend(dayStart(semester, day)) ? weekends : weekdays).push(day);
  let onWeekdays = Math.min(count, Math.max(0, weekdays.length - rng.int(1, 5)));
  onWeekdays = Math.max(onWeekdays, count - weekends.length);
  return [...rng.sample(weekdays, onWeekdays), ...rng.sample(weekends, count - onWeekdays)].sort(
    (a, b) => a - b,
  );
}

/** One student's stand-ups: stress creeping up toward the end of the semester, blocked spells of a few days. */
function studentStandups(
  context: GenerationContext,
  teamProject: TeamProject,
  user: UserDraft,
  count: number,
) {
  const { rng, semester, course } = context;
  const membership = course.memberships.find((m) => m.project === teamProject.project && m.user === user)!;
  const calm = rng.int(15, 30) / 10;
  const spanish = user.language === 'es' ? 0.85 : 0.25;
  let blocked = false;
  // From the morning after they joined the project.
  for (const day of postingDays(context, dayOf(semester, membership.at) + 1, count)) {
    const progress = day / semester.days;
    blocked = blocked ? rng.chance(0.5) : rng.chance(0.08);
    const texts = TEXTS[rng.chance(spanish) ? 'es' : 'en'];
    const stress = clamp(calm + 2 * progress + (blocked ? 1 : 0) + rng.int(-1, 1));
    const did = rng.sample(texts.did, rng.int(1, 3)).join(' ');
    course.standups.push({
      id: 0,
      at: dayStart(semester, day) + rng.int(11 * 60, 13 * 60) * MINUTE + rng.int(0, 59) * 1000,
      project: teamProject.project,
      user,
      day: isoDate(dayStart(semester, day)),
      did,
      will_do: rng.pick(texts.willDo),
      blockers: rng.pick(blocked ? texts.blocked : texts.notBlocked),
      is_blocked: blocked,
      // Shorter days on weekends.
      hours: rng.pick(isWeekend(dayStart(semester, day)) ? HOURS.slice(0, 6) : HOURS),
      stress,
      feeling: clamp(6 - stress + rng.int(-1, 1)),
    });
  }
}

/** The team's stand-ups (scale.standupsPerTeam, split evenly among its students, owner included). */
export function createTeamStandups(context: GenerationContext, teamProject: TeamProject): void {
  const { students } = teamProject.team;
  const total = context.scale.standupsPerTeam;
  if (total === 0) return;
  students.forEach((student, index) =>
    studentStandups(context, teamProject, student, share(total, students.length, index)),
  );
}
