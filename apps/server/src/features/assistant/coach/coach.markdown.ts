import type { AssistantSource } from '@teamboard/contract';
import type { CoachText } from './coach.text.js';

/**
 * A coach answer being written: Markdown paragraphs, and the tasks it links as its sources (each
 * once, in the order they first appear).
 */
export class AnswerWriter {
  private readonly paragraphs: string[] = [];
  private readonly sources = new Map<number, AssistantSource>();
  private readonly numbers: Intl.NumberFormat;

  constructor(
    private readonly projectId: number,
    readonly text: CoachText,
  ) {
    this.numbers = new Intl.NumberFormat(text.locale, { maximumFractionDigits: 2, useGrouping: false });
  }

  /**
   * The task as the web app opens it: the board route with `?task=` (app/routes/project/board.tsx;
   * reports and the pull-request table link tasks the same way). It opens on any of the project's boards.
   */
  taskUrl(taskId: number): string {
    return `/project/${this.projectId}?task=${taskId}`;
  }

  link(task: { id: number; title: string }): string {
    const url = this.taskUrl(task.id);
    if (!this.sources.has(task.id))
      this.sources.set(task.id, { kind: 'task', id: String(task.id), title: task.title, url });
    return `[#${task.id} ${escapeMarkdown(task.title)}](${url})`;
  }

  /** Up to `limit` items written inline, joined by commas, then how many more there are. */
  inline<T>(items: T[], limit: number, render: (item: T) => string): string {
    const shown = items.slice(0, limit).map(render).join(', ');
    const rest = items.length - limit;
    return rest > 0 ? `${shown} ${this.text.more(rest)}` : shown;
  }

  /** Up to `limit` task links inline. */
  taskLinks(tasks: { id: number; title: string }[], limit: number): string {
    return this.inline(tasks, limit, (task) => this.link(task));
  }

  number(value: number): string {
    return this.numbers.format(value);
  }

  people(people: { name: string }[]): string {
    return people.length === 0
      ? this.text.unassigned
      : people.map((person) => escapeMarkdown(person.name)).join(', ');
  }

  paragraph(...lines: string[]): this {
    this.paragraphs.push(lines.join('\n'));
    return this;
  }

  /** Up to `limit` list items, the rest counted in a last item; under a short label line if given. */
  list<T>(items: T[], limit: number, item: (value: T) => string, label?: string): this {
    const lines = items.slice(0, limit).map(item);
    if (items.length > limit) lines.push(`- ${this.text.more(items.length - limit)}`);
    return label === undefined ? this.paragraph(...lines) : this.paragraph(label, ...lines);
  }

  result(): { markdown: string; sources: AssistantSource[] } {
    return { markdown: this.paragraphs.join('\n\n'), sources: [...this.sources.values()] };
  }
}

/** Text shown as written: Markdown's inline marks escaped, line breaks folded into spaces. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>|#~]/g, (mark) => `\\${mark}`);
}

/** A name in bold, escaped. */
export function bold(name: string): string {
  return `**${escapeMarkdown(name)}**`;
}
