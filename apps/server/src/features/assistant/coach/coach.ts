import type { AssistantSource, Language } from '@teamboard/contract';
import type { Db } from '../../../db/database.js';
import { dayIn, reportTimeZone } from '../../../lib/zone-days.js';
import * as answers from './coach.answers.js';
import { AnswerWriter } from './coach.markdown.js';
import { findProject } from './coach.queries.js';
import { COACH_TEXT } from './coach.text.js';
import { recognizeCoachIntent, type CoachIntent } from './intents.js';

export { COACH_INTENTS, recognizeCoachIntent, type CoachIntent } from './intents.js';

export interface CoachQuestion {
  userId: number;
  projectId: number;
  question: string;
  language: Language;
  now: Date;
}

export interface CoachAnswer {
  intent: CoachIntent;
  markdown: string;
  sources: AssistantSource[];
}

const ANSWERS: Record<CoachIntent, (ctx: answers.CoachContext, writer: AnswerWriter) => Promise<void>> = {
  overdue: answers.answerOverdue,
  blocked: answers.answerBlocked,
  workload: answers.answerWorkload,
  sprint_forecast: answers.answerSprintForecast,
  my_week: answers.answerMyWeek,
  next_task: answers.answerNextTask,
};

/**
 * Engine 2, the project coach: a question about the asker's project answered with its exact facts
 * in Markdown, each task linked and listed in `sources`; null when the question is not one the coach
 * knows (or the project is gone). The caller has checked that the asker may view the project;
 * "my week" and "next task" are about `userId` only. Days are the project's (its time zone, else
 * the server's), as in the reports.
 */
export async function answerCoachQuestion(db: Db, input: CoachQuestion): Promise<CoachAnswer | null> {
  const intent = recognizeCoachIntent(input.question);
  if (intent === null) return null;
  const project = await findProject(db, input.projectId);
  if (!project) return null;
  const timeZone = reportTimeZone(project);
  const ctx: answers.CoachContext = {
    db,
    project,
    userId: input.userId,
    today: dayIn(input.now, timeZone),
    timeZone,
  };
  const writer = new AnswerWriter(project.id, COACH_TEXT[input.language]);
  await ANSWERS[intent](ctx, writer);
  return { intent, ...writer.result() };
}
