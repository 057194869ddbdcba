import { DAY, HOUR, MINUTE, dayStart, isoDate } from './calendar.js';
import type { GenerationContext } from './context.js';
import type { EvaluationDraft, EvaluationQuestionDraft, UserDraft } from './drafts.js';
import type { TeamProject } from './projects.js';

/**
 * Peer evaluations (issue 18): the owner sends a team evaluation to every student of the team, and
 * each of them submits a rating of every other one on every question (scale and text), as
 * EvaluationsService.create, send and saveAnswers (submit) write them.
 */
const QUESTIONS = {
  en: {
    scale: [
      'Contributes a fair share of the work',
      'Delivers what they promise on time',
      'Communicates clearly with the team',
      'Helps teammates when they are stuck',
      'Quality of their code and documents',
      'Takes part in the team meetings',
    ],
    text: ['What does this teammate do best?', 'What could this teammate improve?'],
    answers: [
      'Always ready to help and explains things well.',
      'Very reliable, finishes tasks before the deadline.',
      'Great at reviewing pull requests.',
      'Could communicate earlier when blocked.',
      'Should take part more in the planning.',
      'Writes clean code with good tests.',
      'Sometimes late to the stand-ups.',
      'Keeps the board up to date.',
    ],
  },
  es: {
    scale: [
      'Aporta una parte justa del trabajo',
      'Entrega lo que promete a tiempo',
      'Se comunica con claridad con el equipo',
      'Ayuda a sus compañeros cuando se atascan',
      'Calidad de su código y documentos',
      'Participa en las reuniones del equipo',
    ],
    text: ['¿Qué hace mejor este compañero?', '¿Qué podría mejorar este compañero?'],
    answers: [
      'Siempre dispuesto a ayudar y explica bien.',
      'Muy confiable, termina las tareas antes de la fecha.',
      'Excelente revisando pull requests.',
      'Podría avisar antes cuando está bloqueado.',
      'Debería participar más en la planificación.',
      'Escribe código limpio con buenas pruebas.',
      'A veces llega tarde a las reuniones diarias.',
      'Mantiene el tablero al día.',
    ],
  },
} as const;

const clamp = (value: number) => Math.min(5, Math.max(1, Math.round(value)));

/**
 * Evaluation `index` of `count`: spread over the semester, a week long (initial date to deadline),
 * written and sent three days before it opens, all of it before the generator's "now".
 */
function createTeamEvaluation(
  context: GenerationContext,
  teamProject: TeamProject,
  index: number,
  count: number,
) {
  const { rng, semester, course } = context;
  const { project, team } = teamProject;
  const students = team.students;
  const owner = project.owner;
  const texts = QUESTIONS[owner.language === 'es' ? 'es' : 'en'];
  const openDay = Math.min(
    semester.days - 8,
    Math.max(4, Math.round(((index + 1) * semester.days) / (count + 1))),
  );
  const createdAt = dayStart(semester, openDay - 3) + 10 * HOUR + (team.number - 1) * MINUTE;
  const sentAt = createdAt + rng.int(5, 60) * MINUTE;
  const evaluation: EvaluationDraft = {
    id: 0,
    at: createdAt,
    project,
    created_by: owner,
    title: `${owner.language === 'es' ? 'Evaluación de pares' : 'Peer evaluation'} ${index + 1}`,
    description:
      owner.language === 'es'
        ? 'Califica a cada compañero del equipo. Nadie verá quién calificó a quién.'
        : 'Rate every teammate. No one will see who rated whom.',
    type: 'team',
    initial_date: isoDate(dayStart(semester, openDay)),
    deadline: isoDate(dayStart(semester, openDay + 6)),
    sent_at: sentAt,
    members: [...students],
  };
  course.evaluations.push(evaluation);
  // replaceMembersAndQuestions: the scale questions, then the text ones, in position order.
  const questions: EvaluationQuestionDraft[] = [
    ...texts.scale.map((text) => ({ kind: 'scale' as const, text })),
    ...texts.text.map((text) => ({ kind: 'text' as const, text })),
  ].map((question, position) => ({ id: 0, at: createdAt, evaluation, position, ...question }));
  course.evaluationQuestions.push(...questions);

  // How good each student is seen to be, and how generous each rater is.
  const merit = new Map<UserDraft, number>(students.map((s) => [s, rng.int(25, 48) / 10]));
  for (const respondent of students) {
    const generosity = rng.int(-5, 5) / 10;
    // Submitted once, at some time in the week it is open (saveResponse with submit).
    const at = dayStart(semester, openDay) + rng.int(0, 6) * DAY + rng.int(9 * 60, 23 * 60 - 1) * MINUTE;
    const response = { id: 0, at, evaluation, respondent };
    course.evaluationResponses.push(response);
    for (const subject of students) {
      if (subject === respondent) continue;
      for (const question of questions) {
        const scale = question.kind === 'scale';
        course.evaluationAnswers.push({
          id: 0,
          at,
          response,
          question,
          subject,
          score: scale ? clamp(merit.get(subject)! + generosity + rng.int(-1, 1) / 2) : null,
          text: scale ? null : rng.pick(texts.answers),
        });
      }
    }
  }
}

/** The team's evaluations (scale.evaluationsPerTeam), each answered by every student. */
export function createTeamEvaluations(context: GenerationContext, teamProject: TeamProject): void {
  const count = context.scale.evaluationsPerTeam;
  for (let index = 0; index < count; index++) createTeamEvaluation(context, teamProject, index, count);
}
