import { z } from 'zod';
import { NAME_MAX_LENGTH } from './constants.js';

/** The reserved name of every user's default folder; shown localized, never raw (docs/spec.md §3). */
export const DEFAULT_FOLDER_NAME = '<DefaultFolder>';

const FolderNameSchema = z
  .string()
  .trim()
  .min(1, 'NAME_REQUIRED')
  .max(NAME_MAX_LENGTH, 'TEXT_TOO_LONG')
  .refine((name) => name !== DEFAULT_FOLDER_NAME, 'NAME_RESERVED');

/** Folders are per user: the same project may sit in different folders for different members. */
export const FolderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_archived: z.boolean(),
  is_default: z.boolean(),
});
export type Folder = z.infer<typeof FolderSchema>;

export const FolderListResponseSchema = z.object({ data: z.array(FolderSchema) });
export const FolderResponseSchema = z.object({ data: FolderSchema });

/** POST /api/folders */
export const CreateFolderInputSchema = z.object({ name: FolderNameSchema }).strict();
export type CreateFolderInput = z.infer<typeof CreateFolderInputSchema>;

/** PUT /api/folders/:id — rename, archive, unarchive. The default folder cannot be archived. */
export const UpdateFolderInputSchema = z
  .object({ name: FolderNameSchema.optional(), is_archived: z.boolean().optional() })
  .strict();
export type UpdateFolderInput = z.infer<typeof UpdateFolderInputSchema>;
