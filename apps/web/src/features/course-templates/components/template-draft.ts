import {
  CourseTemplateInputSchema,
  type CourseTemplate,
  type CourseTemplateInputBody,
} from '@teamboard/contract';
import { fullPath, validate, type FieldErrors } from '../../../lib/validation';

/** An item of an editable list; `key` is its stable React key. */
export interface ColumnDraft {
  key: string;
  name: string;
}
export interface BoardDraft {
  key: string;
  name: string;
  columns: ColumnDraft[];
}
export interface LabelDraft {
  key: string;
  name: string;
  color: string;
}
export interface MilestoneDraft {
  key: string;
  name: string;
  start_date: string | null;
  deadline: string | null;
  sprint: boolean;
}
export interface TemplateDraft {
  name: string;
  year: string | null;
  semester: string | null;
  boards: BoardDraft[];
  labels: LabelDraft[];
  milestones: MilestoneDraft[];
}

let sequence = 0;
export const newKey = () => `draft-${++sequence}`;

export const LABEL_COLORS = ['#e03131', '#2f9e44', '#1971c2', '#f08c00', '#9c36b5', '#0c8599'];

/** A template as the editor holds it; a new one starts with one board of the default columns. */
export function draftOf(
  template: CourseTemplate | null,
  defaults: { board: string; columns: string[] },
): TemplateDraft {
  if (!template) {
    return {
      name: '',
      year: null,
      semester: null,
      boards: [
        {
          key: newKey(),
          name: defaults.board,
          columns: defaults.columns.map((name) => ({ key: newKey(), name })),
        },
      ],
      labels: [],
      milestones: [],
    };
  }
  return {
    name: template.name,
    year: template.year === null ? null : String(template.year),
    semester: template.semester,
    boards: template.boards.map((board) => ({
      key: newKey(),
      name: board.name,
      columns: board.columns.map((column) => ({ key: newKey(), name: column.name })),
    })),
    labels: template.labels.map((label) => ({ key: newKey(), ...label })),
    milestones: template.milestones.map((milestone) => ({ key: newKey(), ...milestone })),
  };
}

/** The request body of a draft (what the contract validates). */
export function inputOf(draft: TemplateDraft): CourseTemplateInputBody {
  return {
    name: draft.name,
    year: draft.year === null ? null : Number(draft.year),
    semester: draft.semester,
    boards: draft.boards.map((board) => ({
      name: board.name,
      columns: board.columns.map((column) => ({ name: column.name })),
    })),
    labels: draft.labels.map(({ name, color }) => ({ name, color })),
    milestones: draft.milestones.map((milestone) => ({
      name: milestone.name,
      start_date: milestone.start_date ?? '',
      deadline: milestone.deadline ?? '',
      sprint: milestone.sprint,
    })),
  };
}

/** Dotted path ("boards.0.columns.1.name") → error code: each field shows its own. */
export type DraftErrors = FieldErrors;

/** Checks a draft with the contract's schema; null when valid. */
export function draftErrors(draft: TemplateDraft): DraftErrors | null {
  return validate(CourseTemplateInputSchema, inputOf(draft), fullPath).errors;
}

/** The same list with one item replaced. */
export function replaced<T extends { key: string }>(items: T[], key: string, change: Partial<T>): T[] {
  return items.map((item) => (item.key === key ? { ...item, ...change } : item));
}
