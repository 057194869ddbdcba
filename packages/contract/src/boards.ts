import { z } from 'zod';
import { IdSchema, SortKeySchema } from './ids.js';
import { NAME_MAX_LENGTH } from './constants.js';
import { LabelSchema } from './labels.js';
import { TaskSummarySchema } from './tasks.js';

export const BOARD_DESCRIPTION_MAX_LENGTH = 2000;

const NameSchema = z.string().trim().min(1, 'NAME_REQUIRED').max(NAME_MAX_LENGTH, 'TEXT_TOO_LONG');
/** Positions are fractional sort keys: moving one item renumbers its siblings only when crowded. */
const PositionSchema = SortKeySchema;

/** docs/spec.md §3 Board. `labels` are the ids of the project labels offered on this board. */
export const BoardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  position: z.number(),
  labels: z.array(z.number().int()),
  project_id: z.number().int(),
});
export type Board = z.infer<typeof BoardSchema>;

/** docs/spec.md §3 Column. */
export const ColumnSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number(),
  board_id: z.number().int(),
});
export type Column = z.infer<typeof ColumnSchema>;

export const BoardListResponseSchema = z.object({ data: z.array(BoardSchema) });
export const BoardResponseSchema = z.object({ data: BoardSchema });
export const ColumnResponseSchema = z.object({ data: ColumnSchema });

/**
 * GET /api/boards/:id — the whole board in one response: its columns, its tasks that are not
 * archived (as cards), and the project's labels, with the version they were read at. Served with an ETag; an unchanged board
 * answers 304 to If-None-Match.
 */
export const BoardDetailSchema = z.object({
  board: BoardSchema,
  /** The board's sequence number: real-time events with a higher `seq` are newer than this copy. */
  version: z.number().int(),
  columns: z.array(ColumnSchema),
  tasks: z.array(TaskSummarySchema),
  labels: z.array(LabelSchema),
});
export type BoardDetail = z.infer<typeof BoardDetailSchema>;
export const BoardDetailResponseSchema = z.object({ data: BoardDetailSchema });

/** POST /api/projects/:id/boards */
export const CreateBoardInputSchema = z
  .object({
    name: NameSchema,
    description: z.string().trim().max(BOARD_DESCRIPTION_MAX_LENGTH, 'TEXT_TOO_LONG').optional(),
    labels: z.array(IdSchema).max(100).optional(),
  })
  .strict();
export type CreateBoardInput = z.infer<typeof CreateBoardInputSchema>;

/** PUT /api/boards/:id */
export const UpdateBoardInputSchema = z
  .object({
    name: NameSchema.optional(),
    description: z.string().trim().max(BOARD_DESCRIPTION_MAX_LENGTH, 'TEXT_TOO_LONG').optional(),
    position: PositionSchema.optional(),
    labels: z.array(IdSchema).max(100).optional(),
  })
  .strict();
export type UpdateBoardInput = z.infer<typeof UpdateBoardInputSchema>;

/** POST /api/boards/:id/columns — appended at the end unless a position is given. */
export const CreateColumnInputSchema = z
  .object({ name: NameSchema, position: PositionSchema.optional() })
  .strict();
export type CreateColumnInput = z.infer<typeof CreateColumnInputSchema>;

/** PUT /api/columns/:id — rename or reorder (a position between its neighbours'). */
export const UpdateColumnInputSchema = z
  .object({ name: NameSchema.optional(), position: PositionSchema.optional() })
  .strict();
export type UpdateColumnInput = z.infer<typeof UpdateColumnInputSchema>;
