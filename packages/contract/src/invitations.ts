import { z } from 'zod';
import { IdSchema } from './ids.js';
import { EmailSchema } from './auth.js';
import { ProjectRoleSchema } from './permissions.js';
import { ProjectSchema } from './projects.js';

/** An invitation the caller received (docs/spec.md §3 Invitation). `date_sent` is an ISO timestamp. */
export const ReceivedInvitationSchema = z.object({
  id: z.number().int(),
  sender_name: z.string(),
  sender_image: z.string().nullable(),
  project_name: z.string(),
  project_id: z.number().int(),
  project_description: z.string(),
  date_sent: z.string(),
  role: ProjectRoleSchema,
});
export type ReceivedInvitation = z.infer<typeof ReceivedInvitationSchema>;

/** An invitation a project's owner sent and is still pending (docs/spec.md §3 InvitationSent). */
export const SentInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: ProjectRoleSchema,
  date_sent: z.string(),
});
export type SentInvitation = z.infer<typeof SentInvitationSchema>;

export const ReceivedInvitationListResponseSchema = z.object({ data: z.array(ReceivedInvitationSchema) });
export const SentInvitationListResponseSchema = z.object({ data: z.array(SentInvitationSchema) });
export const SentInvitationResponseSchema = z.object({ data: SentInvitationSchema });

/**
 * POST /api/projects/:id/invitations — owner only. Sending again to the same address updates the
 * pending invitation (its role and date) instead of adding another. An address with no account
 * yet keeps the invitation until it registers.
 */
export const CreateInvitationInputSchema = z.object({ email: EmailSchema, role: ProjectRoleSchema }).strict();
export type CreateInvitationInput = z.infer<typeof CreateInvitationInputSchema>;

/** PUT /api/project_invitations/:id — owner of the project only. */
export const UpdateInvitationInputSchema = z.object({ role: ProjectRoleSchema }).strict();
export type UpdateInvitationInput = z.infer<typeof UpdateInvitationInputSchema>;

/** POST /api/project_invitations/:id/accept_invitation — into one of the invitee's folders. */
export const AcceptInvitationInputSchema = z.object({ folder_id: IdSchema }).strict();
export type AcceptInvitationInput = z.infer<typeof AcceptInvitationInputSchema>;

export const AcceptInvitationResponseSchema = z.object({ data: ProjectSchema, message: z.string() });
