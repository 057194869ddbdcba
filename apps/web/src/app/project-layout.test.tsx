import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Project } from '@teamboard/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../lib/i18n';
import { setSession } from '../lib/session';
import { credentials, makeFolder, makeMember, makeProject, makeUser } from '../test/fixtures';
import { preloadSignedInFrame, renderApp, stubFetch } from '../test/render';

// The screens are lazy chunks: load them up front, so the first test's `findBy` does not also
// wait for their transform.
beforeAll(() => preloadSignedInFrame());

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const members = [
  makeMember({ id: 1, name: 'Ana Pérez', role: 'owner' }),
  makeMember({ id: 2, name: 'Bruno Díaz', email: 'bruno@example.com', role: 'member' }),
];

function openProject(project: Project, extra: Parameters<typeof stubFetch>[0] = {}) {
  setSession(credentials, makeUser());
  const stub = stubFetch({
    [`/projects/${project.id}`]: { body: { data: project } },
    [`/projects/${project.id}/members`]: { body: { data: members } },
    [`/projects/${project.id}/invitations`]: {
      body: {
        data: [{ id: 11, email: 'carla@example.com', role: 'viewer', date_sent: '2026-02-01T09:00:00Z' }],
      },
    },
    '/folders': { body: { data: [makeFolder(), makeFolder({ id: 5, name: 'Course', is_default: false })] } },
    ...extra,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  renderApp(`/project/${project.id}`);
  return stub;
}

async function openMembers() {
  fireEvent.click(await screen.findByRole('button', { name: 'Members' }));
  return screen.findByRole('dialog', { name: 'Members' });
}

describe('project frame', () => {
  it('shows the role badge and the read-only notice to a viewer', async () => {
    openProject(makeProject({ role: 'viewer' }));
    // The first render of the file also imports the lazy board screen: slow on a busy machine.
    const notice = await screen.findByTestId('read-only-notice', {}, { timeout: 5000 });
    expect(notice.textContent).toBe('You have read-only access to this project');
    expect(screen.getByTestId('role-badge').textContent).toBe('Viewer');
  });

  it('words the notice in Spanish', async () => {
    await changeLanguage('es');
    openProject(makeProject({ role: 'viewer' }));
    expect((await screen.findByTestId('read-only-notice')).textContent).toBe(
      'Tienes acceso de solo lectura a este proyecto',
    );
    expect(screen.getByTestId('role-badge').textContent).toBe('Observador');
  });

  it('shows no notice to a member, and the folder and project in the top bar', async () => {
    openProject(makeProject({ role: 'member', name: 'Alpha', folder_id: 5 }));
    expect((await screen.findByTestId('role-badge')).textContent).toBe('Member');
    expect(screen.queryByTestId('read-only-notice')).toBeNull();
    const title = await screen.findByTestId('top-bar-title');
    await waitFor(() => expect(title.textContent).toBe('CourseAlpha'));
  });

  it('shows "My projects" as the folder of a project in the default folder', async () => {
    openProject(makeProject({ folder_id: 1 }));
    await waitFor(() => expect(screen.getByTestId('top-bar-title').textContent).toBe('My projectsAlpha'));
  });

  it('says plainly that the caller has no access to a project they may not see, with a way home', async () => {
    setSession(credentials, makeUser());
    vi.stubGlobal('fetch', stubFetch().fetchStub);
    renderApp('/project/404');
    expect(await screen.findByRole('heading', { name: 'No access to this project' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your projects' }).getAttribute('href')).toBe('/home');
  });
});

describe('members dialog', () => {
  it('gives owners role selects, remove buttons and the invite form', async () => {
    const { calls } = openProject(makeProject({ role: 'owner' }), {
      '/projects/7/members/2': { status: 204 },
    });
    const dialog = await openMembers();
    expect(await within(dialog).findByLabelText('Role of Bruno Díaz')).toBeTruthy();
    expect(within(dialog).getByLabelText('Role of Ana Pérez')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Remove Ana Pérez' })).toBeNull();
    expect(within(dialog).getByLabelText(/^Email/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Invite' })).toBeTruthy();
    expect(await within(dialog).findByText('carla@example.com')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Bruno Díaz' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(within(dialog).queryByText('Bruno Díaz')).toBeNull());
    expect(calls.find((call) => call.url === '/api/projects/7/members/2')?.init?.method).toBe('DELETE');
  });

  it('shows members read-only to a non-owner, who can still leave', async () => {
    const { calls } = openProject(makeProject({ role: 'member' }), {
      '/projects/7/membership': { status: 204 },
    });
    const dialog = await openMembers();
    expect(await within(dialog).findByText('Bruno Díaz')).toBeTruthy();
    expect(within(dialog).getByText('bruno@example.com')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Role of Bruno Díaz')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Invite' })).toBeNull();
    expect(within(dialog).getAllByText('Owner')).toHaveLength(1);
    expect(calls.some((call) => call.url.includes('/invitations'))).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave project' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, leave' }));
    expect(await screen.findByText('You left the project')).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/projects/7/membership')?.init?.method).toBe('DELETE');
  });

  it('shows the server message when the last owner tries to leave', async () => {
    openProject(makeProject({ role: 'owner' }), {
      '/projects/7/membership': {
        status: 409,
        body: { errors: ['A project needs at least one owner.'], code: 'LAST_OWNER' },
      },
    });
    const dialog = await openMembers();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Leave project' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, leave' }));
    expect(await screen.findByText('A project needs at least one owner.')).toBeTruthy();
  });

  it('sends an invitation with the email and role, and lists it', async () => {
    const { calls } = openProject(makeProject({ role: 'owner' }), {
      // The server answers a new invitation with that one invitation (201), not the list.
      'POST /projects/7/invitations': {
        status: 201,
        body: {
          data: { id: 12, email: 'dora@example.com', role: 'member', date_sent: '2026-02-02T09:00:00Z' },
        },
      },
    });
    const dialog = await openMembers();
    fireEvent.change(await within(dialog).findByLabelText(/^Email/), {
      target: { value: 'dora@example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.url === '/api/projects/7/invitations' && call.init?.method === 'POST'),
      ).toBe(true),
    );
    const post = calls.find(
      (call) => call.url === '/api/projects/7/invitations' && call.init?.method === 'POST',
    );
    expect(JSON.parse(String(post?.init?.body))).toEqual({ email: 'dora@example.com', role: 'member' });
    expect(await within(dialog).findByText('dora@example.com')).toBeTruthy();
    expect(within(dialog).getByText('carla@example.com')).toBeTruthy();
  });
});
