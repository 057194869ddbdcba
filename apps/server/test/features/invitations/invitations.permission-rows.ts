import { type Row, OWNER_ONLY, INVITEE_ONLY } from '../../helpers/project-permission-rows.js';

/** Inviting to a project: its owners list and send invitations. */
export const invitationListRows: Row[] = [
  {
    method: 'GET',
    route: '/api/projects/:id/invitations',
    request: (f) => ({ url: `/api/projects/${f.projectId}/invitations` }),
    expected: OWNER_ONLY(200),
  },
  {
    method: 'POST',
    route: '/api/projects/:id/invitations',
    request: (f) => ({
      url: `/api/projects/${f.projectId}/invitations`,
      payload: { email: 'newcomer@uni.example', role: 'member' },
    }),
    expected: OWNER_ONLY(201),
  },
];

export const invitationRows = (suffix: '' | '/'): Row[] => [
  {
    method: 'PUT',
    route: `/api/project_invitations/:id${suffix}`,
    request: (f) => ({
      url: `/api/project_invitations/${f.invitationId}${suffix}`,
      payload: { role: 'owner' },
    }),
    expected: OWNER_ONLY(200),
  },
  {
    method: 'DELETE',
    route: `/api/project_invitations/:id${suffix}`,
    request: (f) => ({ url: `/api/project_invitations/${f.invitationId}${suffix}` }),
    expected: OWNER_ONLY(204),
  },
  {
    method: 'POST',
    route: `/api/project_invitations/:id/accept_invitation${suffix}`,
    request: (f) => ({
      url: `/api/project_invitations/${f.invitationId}/accept_invitation${suffix}`,
      payload: { folder_id: f.inviteeFolderId },
    }),
    expected: INVITEE_ONLY,
  },
  {
    method: 'POST',
    route: `/api/project_invitations/:id/reject_invitation${suffix}`,
    request: (f) => ({ url: `/api/project_invitations/${f.invitationId}/reject_invitation${suffix}` }),
    expected: INVITEE_ONLY,
  },
];
