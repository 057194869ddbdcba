import { z } from 'zod';
import { MemberSchema } from './projects.js';
import { ProjectRoleSchema } from './permissions.js';

export const MemberListResponseSchema = z.object({ data: z.array(MemberSchema) });
export const MemberResponseSchema = z.object({ data: MemberSchema });

/** PUT /api/projects/:id/members/:user_id — owner only; a project always keeps one owner. */
export const UpdateMemberInputSchema = z.object({ role: ProjectRoleSchema }).strict();
export type UpdateMemberInput = z.infer<typeof UpdateMemberInputSchema>;
