import { createUser, signIn, type TokenHeaders } from './factories.js';
import { addMember, defaultFolderId, apiAs } from './projects.js';
import { setUpBoardProject } from './boards.js';
import type { TestApp } from './test-app.js';

export const ROLES = ['owner', 'member', 'viewer', 'stranger', 'anonymous', 'forged'] as const;
export type Role = (typeof ROLES)[number];

/** One project with a board carrying one of everything, and a user in each role around it. */
export interface FuzzFixture {
  headers: Record<Role, Record<string, string>>;
  /** Real ids for each path parameter, keyed by the URL prefix that names the resource. */
  idsByResource: Record<string, number[]>;
  userIds: number[];
  /** Every fixture id, for integer body fields (column_id, labels…). */
  allIds: number[];
  /** A signed attachment link, so downloads are fuzzed too. */
  attachmentUrl: string;
}

export async function createFuzzFixture(t: TestApp): Promise<FuzzFixture> {
  const { owner, ownerHeaders, projectId, f, memberId } = await setUpBoardProject(t);
  const viewer = await createUser(t.db, { email: 'viewer@uni.example', name: 'Vera Viewer' });
  const stranger = await createUser(t.db, { email: 'stranger@uni.example', name: 'Stan Stranger' });
  await createUser(t.db, { email: 'invitee@uni.example', name: 'Ines Invitee' });
  const viewerHeaders = await signIn(t.app, 'viewer@uni.example');
  await addMember(t.db, {
    projectId,
    userId: viewer.id,
    role: 'viewer',
    folderId: await defaultFolderId(apiAs(t.app, viewerHeaders)),
  });
  const invitation = await owner('POST', `/api/projects/${projectId}/invitations`, {
    email: 'invitee@uni.example',
    role: 'member',
  });
  const attachments = await owner('GET', `/api/tasks/${f.taskId}/attachments`);
  const ownerId = Number((await owner('GET', '/api/auth/validate_token')).json().data.id);
  return {
    headers: {
      owner: ownerHeaders,
      member: await signIn(t.app, 'member@uni.example'),
      viewer: viewerHeaders,
      stranger: await signIn(t.app, 'stranger@uni.example'),
      anonymous: {},
      forged: forgedHeaders(ownerHeaders),
    },
    idsByResource: {
      projects: [projectId],
      boards: [f.boardId],
      columns: [f.columnId, f.otherColumnId],
      tasks: [f.taskId],
      labels: [f.labelId],
      milestones: [f.milestoneId],
      hours: [f.hourId],
      comments: [f.commentId],
      checklist: [f.checklistId],
      attachments: [f.attachmentId],
      folders: [await defaultFolderId(owner)],
      project_invitations: [invitation.json().data.id as number],
    },
    userIds: [ownerId, memberId, viewer.id, stranger.id],
    allIds: [projectId, ...Object.values(f), memberId, viewer.id, stranger.id],
    attachmentUrl: pathAndQuery(attachments.json().data[0].url as string),
  };
}

/** The owner's uid and client with a token that was never issued. */
function forgedHeaders(real: TokenHeaders): Record<string, string> {
  return { ...real, 'access-token': 'forged-token-' + 'A'.repeat(20) };
}

function pathAndQuery(url: string): string {
  const parsed = new URL(url, 'http://localhost');
  return parsed.pathname + parsed.search;
}
