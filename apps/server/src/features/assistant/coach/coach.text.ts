import type { Language, TaskPriority } from '@teamboard/contract';

/**
 * The coach's sentences in each language. Values arrive already formatted (numbers, links, bold
 * names); a sentence only places them, so both languages state the same facts.
 */
export interface CoachText {
  locale: string;
  more(count: number): string;
  unassigned: string;
  hours(value: string): string;
  priority: Record<TaskPriority, string>;
  overdue: {
    none(project: string, today: string): string;
    heading(count: number, project: string, today: string): string;
    item(link: string, deadline: string, daysLate: number, people: string): string;
  };
  blocked: {
    none(project: string): string;
    heading(count: number, project: string): string;
    flag(reason: string | null): string;
    label(name: string): string;
    column(name: string): string;
  };
  workload: {
    none(project: string): string;
    heading(project: string, meanTasks: string, meanHours: string): string;
    columns: [string, string, string];
    above: string;
    person(name: string, tasks: number, hours: string): string;
    nobodyAbove: string;
    unassigned(count: number): string;
  };
  forecast: {
    nothing(project: string, today: string): string;
    upcoming(project: string, today: string, milestone: string, start: string): string;
    empty(milestone: string, start: string, deadline: string): string;
    allDone(milestone: string, done: number): string;
    verdict: { yes: string; at_risk: string; no: string };
    status(f: { milestone: string; start: string; deadline: string; done: number; scope: number }): string;
    effort(f: { doneHours: string; scopeHours: string; remaining: number }): string;
    days(elapsed: number, total: number, left: number): string;
    pace(pace: string, projected: string, scope: number, needed: string | null): string;
    firstDay: string;
    remaining: string;
  };
  week: {
    heading(project: string, first: string, last: string, zone: string | null): string;
    nothing(project: string, first: string, last: string): string;
    completed: string;
    moved: string;
    hours: string;
    comments: string;
    movedTo(link: string, column: string): string;
    times(link: string, count: number): string;
  };
  next: {
    first(link: string): string;
    due(deadline: string, isOverdue: boolean): string;
    noDueDate: string;
    column(name: string): string;
    then: string;
    moreMine(count: number): string;
    blockedMine(count: number, links: string): string;
    allBlocked(project: string, count: number, links: string): string;
    noneMine(project: string): string;
    pickUp: string;
    pickUpMeanwhile: string;
    nothing(project: string): string;
  };
}

const plural = (count: number, one: string, other: string) => (count === 1 ? one : other);

const en: CoachText = {
  locale: 'en',
  more: (count) => `…and ${count} more.`,
  unassigned: 'unassigned',
  hours: (value) => `${value} h`,
  priority: { low: 'low priority', medium: 'medium priority', high: 'high priority', urgent: 'urgent' },
  overdue: {
    none: (project, today) => `No open task in ${project} is past its due date (today is ${today}).`,
    heading: (count, project, today) =>
      `**${count} overdue ${plural(count, 'task', 'tasks')}** in ${project} (today is ${today}):`,
    item: (link, deadline, daysLate, people) =>
      `- ${link} — due ${deadline}, ${daysLate} ${plural(daysLate, 'day', 'days')} late — ${people}`,
  },
  blocked: {
    none: (project) => `No open task in ${project} is blocked.`,
    heading: (count, project) => `**${count} blocked ${plural(count, 'task', 'tasks')}** in ${project}:`,
    flag: (reason) => (reason === null ? 'marked blocked' : `marked blocked: “${reason}”`),
    label: (name) => `label “${name}”`,
    column: (name) => `in column “${name}”`,
  },
  workload: {
    none: (project) => `Nobody has open tasks in ${project}.`,
    heading: (project, meanTasks, meanHours) =>
      `Open work per person in ${project} (mean: ${meanTasks} tasks, ${meanHours} h estimated):`,
    columns: ['Person', 'Open tasks', 'Estimated h'],
    above: '**Clearly above the mean:**',
    person: (name, tasks, hours) => `- ${name}: ${tasks} open ${plural(tasks, 'task', 'tasks')}, ${hours} h`,
    nobodyAbove: 'Nobody is clearly above the mean.',
    unassigned: (count) => `${count} open ${plural(count, 'task is', 'tasks are')} unassigned.`,
  },
  forecast: {
    nothing: (project, today) => `${project} has no milestone running today (${today}) and none planned.`,
    upcoming: (project, today, milestone, start) =>
      `No milestone of ${project} is running today (${today}). The next one, ${milestone}, starts on ${start}.`,
    empty: (milestone, start, deadline) => `${milestone} (${start} → ${deadline}) has no tasks yet.`,
    allDone: (milestone, done) => `**Yes.** Every task of ${milestone} is done (${done} of ${done}).`,
    verdict: { yes: '**Yes, on track.**', at_risk: '**At risk.**', no: '**No, not at this pace.**' },
    status: (f) => `${f.milestone} (${f.start} → ${f.deadline}): ${f.done} of ${f.scope} tasks done`,
    effort: (f) => `(${f.doneHours} of ${f.scopeHours} estimated h), ${f.remaining} remaining;`,
    days: (elapsed, total, left) =>
      `day ${elapsed} of ${total}, ${left} ${plural(left, 'day', 'days')} left after today.`,
    pace: (pace, projected, scope, needed) =>
      `Pace so far: ${pace} tasks/day → about ${projected} of ${scope} by the deadline` +
      (needed === null ? '.' : `; finishing needs ${needed} tasks/day.`),
    firstDay: 'It is the first day and nothing is done yet: too early for a pace.',
    remaining: 'Remaining:',
  },
  week: {
    heading: (project, first, last, zone) =>
      `Your week in ${project} (${first} → ${last}${zone === null ? '' : `, ${zone} time`}):`,
    nothing: (project, first, last) =>
      `Nothing recorded for you in ${project} this week (${first} → ${last}): no tasks completed or moved, no hours, no comments.`,
    completed: 'Completed',
    moved: 'Moved',
    hours: 'Hours logged',
    comments: 'Comments',
    movedTo: (link, column) => `${link} → “${column}”`,
    times: (link, count) => (count === 1 ? link : `${link} (×${count})`),
  },
  next: {
    first: (link) => `**Do next:** ${link}`,
    due: (deadline, isOverdue) => `due ${deadline}${isOverdue ? ' (overdue)' : ''}`,
    noDueDate: 'no due date',
    column: (name) => `in “${name}”`,
    then: 'Then:',
    moreMine: (count) => `…and ${count} more open ${plural(count, 'task', 'tasks')} of yours.`,
    blockedMine: (count, links) =>
      `${count} of your open tasks ${plural(count, 'is', 'are')} blocked: ${links}.`,
    allBlocked: (project, count, links) =>
      `All your open tasks in ${project} are blocked (${count}): ${links}.`,
    noneMine: (project) => `You have no open tasks assigned in ${project}.`,
    pickUp: 'Unassigned tasks you could pick up:',
    pickUpMeanwhile: 'Unassigned tasks you could pick up meanwhile:',
    nothing: (project) => `You have no open tasks in ${project}, and no unassigned task is waiting.`,
  },
};

const es: CoachText = {
  locale: 'es',
  more: (count) => `…y ${count} más.`,
  unassigned: 'sin asignar',
  hours: (value) => `${value} h`,
  priority: { low: 'prioridad baja', medium: 'prioridad media', high: 'prioridad alta', urgent: 'urgente' },
  overdue: {
    none: (project, today) =>
      `Ninguna tarea abierta de ${project} ha pasado su fecha límite (hoy es ${today}).`,
    heading: (count, project, today) =>
      `**${count} ${plural(count, 'tarea atrasada', 'tareas atrasadas')}** en ${project} (hoy es ${today}):`,
    item: (link, deadline, daysLate, people) =>
      `- ${link} — vencía el ${deadline}, ${daysLate} ${plural(daysLate, 'día', 'días')} de retraso — ${people}`,
  },
  blocked: {
    none: (project) => `Ninguna tarea abierta de ${project} está bloqueada.`,
    heading: (count, project) =>
      `**${count} ${plural(count, 'tarea bloqueada', 'tareas bloqueadas')}** en ${project}:`,
    flag: (reason) => (reason === null ? 'marcada como bloqueada' : `marcada como bloqueada: «${reason}»`),
    label: (name) => `etiqueta «${name}»`,
    column: (name) => `en la columna «${name}»`,
  },
  workload: {
    none: (project) => `Nadie tiene tareas abiertas en ${project}.`,
    heading: (project, meanTasks, meanHours) =>
      `Trabajo abierto por persona en ${project} (promedio: ${meanTasks} tareas, ${meanHours} h estimadas):`,
    columns: ['Persona', 'Tareas abiertas', 'Horas estimadas'],
    above: '**Claramente por encima del promedio:**',
    person: (name, tasks, hours) =>
      `- ${name}: ${tasks} ${plural(tasks, 'tarea abierta', 'tareas abiertas')}, ${hours} h`,
    nobodyAbove: 'Nadie está claramente por encima del promedio.',
    unassigned: (count) =>
      `${count} ${plural(count, 'tarea abierta está', 'tareas abiertas están')} sin asignar.`,
  },
  forecast: {
    nothing: (project, today) => `${project} no tiene ningún hito en curso hoy (${today}) ni planificado.`,
    upcoming: (project, today, milestone, start) =>
      `Ningún hito de ${project} está en curso hoy (${today}). El próximo, ${milestone}, empieza el ${start}.`,
    empty: (milestone, start, deadline) => `${milestone} (${start} → ${deadline}) aún no tiene tareas.`,
    allDone: (milestone, done) =>
      `**Sí.** Todas las tareas de ${milestone} están hechas (${done} de ${done}).`,
    verdict: { yes: '**Sí, vamos bien.**', at_risk: '**En riesgo.**', no: '**No, a este ritmo no.**' },
    status: (f) => `${f.milestone} (${f.start} → ${f.deadline}): ${f.done} de ${f.scope} tareas hechas`,
    effort: (f) => `(${f.doneHours} de ${f.scopeHours} h estimadas), ${f.remaining} pendientes;`,
    days: (elapsed, total, left) =>
      `día ${elapsed} de ${total}, ${plural(left, 'queda', 'quedan')} ${left} ${plural(left, 'día', 'días')} después de hoy.`,
    pace: (pace, projected, scope, needed) =>
      `Ritmo hasta ahora: ${pace} tareas/día → unas ${projected} de ${scope} para la fecha límite` +
      (needed === null ? '.' : `; para terminar hacen falta ${needed} tareas/día.`),
    firstDay: 'Es el primer día y aún no hay nada hecho: es pronto para medir el ritmo.',
    remaining: 'Pendientes:',
  },
  week: {
    heading: (project, first, last, zone) =>
      `Tu semana en ${project} (${first} → ${last}${zone === null ? '' : `, hora de ${zone}`}):`,
    nothing: (project, first, last) =>
      `Esta semana (${first} → ${last}) no hay nada registrado a tu nombre en ${project}: ni tareas completadas o movidas, ni horas, ni comentarios.`,
    completed: 'Completadas',
    moved: 'Movidas',
    hours: 'Horas registradas',
    comments: 'Comentarios',
    movedTo: (link, column) => `${link} → «${column}»`,
    times: (link, count) => (count === 1 ? link : `${link} (×${count})`),
  },
  next: {
    first: (link) => `**Lo siguiente:** ${link}`,
    due: (deadline, isOverdue) => `vence el ${deadline}${isOverdue ? ' (atrasada)' : ''}`,
    noDueDate: 'sin fecha límite',
    column: (name) => `en «${name}»`,
    then: 'Después:',
    moreMine: (count) =>
      `…y ${count} ${plural(count, 'tarea abierta tuya más', 'tareas abiertas tuyas más')}.`,
    blockedMine: (count, links) =>
      `${count} de tus tareas abiertas ${plural(count, 'está bloqueada', 'están bloqueadas')}: ${links}.`,
    allBlocked: (project, count, links) =>
      `Todas tus tareas abiertas en ${project} están bloqueadas (${count}): ${links}.`,
    noneMine: (project) => `No tienes tareas abiertas asignadas en ${project}.`,
    pickUp: 'Tareas sin asignar que podrías tomar:',
    pickUpMeanwhile: 'Mientras tanto, podrías tomar estas tareas sin asignar:',
    nothing: (project) => `No tienes tareas abiertas en ${project} y no hay tareas sin asignar esperando.`,
  },
};

export const COACH_TEXT: Record<Language, CoachText> = { en, es };
