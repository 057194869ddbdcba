import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { credentials, makeFolder, makeInvitation, makeProject, makeUser } from '../../../test/fixtures';
import { preloadSignedInFrame, renderApp, stubFetch } from '../../../test/render';

// The screens are lazy chunks: load them up front, so the first test's `findBy` does not also
// wait for their transform.
beforeAll(() => Promise.all([import('../../../app/routes/settings'), preloadSignedInFrame()]));

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const longName = `${'Bartolomé '.repeat(15)}Díaz`;

function signedInWith(answers: Parameters<typeof stubFetch>[0]) {
  setSession(credentials, makeUser());
  const stub = stubFetch({
    '/folders': {
      body: {
        data: [
          makeFolder(),
          makeFolder({ id: 5, name: 'Course', is_default: false }),
          makeFolder({ id: 6, name: 'Old', is_default: false, is_archived: true }),
        ],
      },
    },
    ...answers,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  renderApp('/settings');
  return stub;
}

async function openPanel(label = 'Invitations (pending)') {
  fireEvent.click(await screen.findByRole('button', { name: label }));
  return screen.findByRole('list', { name: /Invitations|Invitaciones/, hidden: true });
}

describe('InvitationsBell', { timeout: 30_000 }, () => {
  it('cuts the sender name to 100 characters, dates with the month as a word and words the invitation', async () => {
    signedInWith({
      '/project_invitations/': {
        body: { data: [makeInvitation({ sender_name: longName, role: 'viewer' })] },
      },
    });
    const panel = await openPanel();
    const sender = within(panel).getByTestId('invitation-sender').textContent ?? '';
    expect(sender).toHaveLength(100);
    expect(sender).toBe(`${longName.slice(0, 97)}...`);
    expect(within(panel).getByText('Mar 5, 2026')).toBeTruthy();
    expect(within(panel).getByText(`${sender} invited you to Beta as viewer`)).toBeTruthy();
  });

  it('words it in Spanish', async () => {
    await changeLanguage('es');
    signedInWith({ '/project_invitations/': { body: { data: [makeInvitation()] } } });
    const panel = await openPanel('Invitaciones (pendientes)');
    expect(within(panel).getByText('Bruno Díaz te invitó a Beta como miembro')).toBeTruthy();
  });

  it('accepts into the chosen folder, toasts and refreshes', async () => {
    const { calls } = signedInWith({
      '/project_invitations/': { body: { data: [makeInvitation({ id: 3 })] } },
      '/project_invitations/3/accept_invitation': {
        body: { data: makeProject({ id: 9, name: 'Beta' }), message: 'You joined the project successfully' },
      },
    });
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Accept invitation', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Join Beta' });
    const folder = within(dialog).getByLabelText('Folder') as HTMLInputElement;
    await waitFor(() => expect(folder.value).toBe('My projects'));
    fireEvent.click(folder);
    const listbox = await screen.findByRole('listbox', { name: 'Folder', hidden: true });
    const options = within(listbox).getAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual(['My projects', 'Course']);
    fireEvent.click(within(listbox).getByRole('option', { name: 'Course', hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Join' }));

    expect(await screen.findByText('You joined the project successfully')).toBeTruthy();
    const post = calls.find((call) => call.url === '/api/project_invitations/3/accept_invitation');
    expect(post?.init?.method).toBe('POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({ folder_id: 5 });
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/project_invitations/').length).toBeGreaterThan(1),
    );
  });

  it('rejects, removes it and toasts the deleteInvitation message', async () => {
    const invitations = [makeInvitation({ id: 4 })];
    const { calls } = signedInWith({
      '/project_invitations/': { body: { data: invitations } },
      '/project_invitations/4/reject_invitation': { body: { message: 'The invitation has been rejected.' } },
    });
    const panel = await openPanel();
    invitations.length = 0;
    fireEvent.click(within(panel).getByRole('button', { name: 'Reject invitation', hidden: true }));
    expect(await screen.findByText('The invitation has been rejected.')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/project_invitations/4/reject_invitation')).toBe(true);
    expect(await screen.findByRole('button', { name: 'Invitations' })).toBeTruthy();
  });

  it('shows the empty state with no invitations', async () => {
    signedInWith({ '/project_invitations/': { body: { data: [] } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Invitations' }));
    expect(await screen.findByText('You have no pending invitations')).toBeTruthy();
  });
});
