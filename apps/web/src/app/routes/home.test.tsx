import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Project } from '@teamboard/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { setSession } from '../../lib/session';
import { credentials, makeActivity, makeFolder, makeProject, makeUser } from '../../test/fixtures';
import { preloadSignedInFrame, renderApp, stubFetch } from '../../test/render';

// The screens are lazy chunks: load them up front, so the first test's `findBy` does not also
// wait for their transform.
beforeAll(() => Promise.all([import('./home'), preloadSignedInFrame()]));

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

type Answers = Parameters<typeof stubFetch>[0];

function homeWith(projects: Project[], extra: Answers = {}) {
  setSession(credentials, makeUser());
  const stub = stubFetch({
    '/folders': { body: { data: [makeFolder(), makeFolder({ id: 5, name: 'Old', is_default: false })] } },
    '/projects': { body: { data: projects } },
    '/activity': { body: { data: [], next_cursor: null } },
    ...extra,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  renderApp('/home');
  return stub;
}

/**
 * Opens a card or folder menu. jsdom has no layout, so Mantine's floating dropdowns keep
 * `display: none` (their target looks detached): items are queried with `hidden: true`.
 */
async function openMenu(name: string) {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('menu', { hidden: true });
}

function menuItem(menu: HTMLElement, name: string) {
  return within(menu).queryByRole('menuitem', { name, hidden: true });
}

async function closeMenu(menu: HTMLElement) {
  fireEvent.keyDown(menu, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('menu', { hidden: true })).toBeNull());
}

describe('Home', () => {
  it('shows the default folder as "My projects", never the raw placeholder', async () => {
    homeWith([]);
    const folders = await screen.findByRole('list', { name: 'Your folders' });
    expect(within(folders).getByText('My projects')).toBeTruthy();
    expect(within(folders).getByText('Old')).toBeTruthy();
    expect(await screen.findByText('Folder: My projects')).toBeTruthy();
    expect(document.body.textContent).not.toContain('<DefaultFolder>');
  });

  it('shows it as "Mis proyectos" in Spanish', async () => {
    await changeLanguage('es');
    homeWith([]);
    const folders = await screen.findByRole('list', { name: 'Tus carpetas' });
    expect(within(folders).getByText('Mis proyectos')).toBeTruthy();
    expect(document.body.textContent).not.toContain('<DefaultFolder>');
  });

  it('shows the server message when a folder with projects cannot be deleted (409)', async () => {
    const { calls } = homeWith([], {
      '/folders/5': {
        status: 409,
        body: { errors: ['cannot remove a folder with projects inside'], code: 'FOLDER_NOT_EMPTY' },
      },
    });
    const menu = await openMenu('Actions for folder Old');
    fireEvent.click(menuItem(menu, 'Delete')!);
    const dialog = await screen.findByRole('dialog', { name: 'Delete folder' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete folder' }));
    expect(await screen.findByText('cannot remove a folder with projects inside')).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/folders/5')?.init?.method).toBe('DELETE');
  });

  it('offers edit and delete on a card to owners only', async () => {
    homeWith([
      makeProject({ id: 1, name: 'Mine', role: 'owner', order: 1 }),
      makeProject({ id: 2, name: 'Shared', role: 'member', order: 2 }),
      makeProject({ id: 3, name: 'Watched', role: 'viewer', order: 3 }),
    ]);
    let menu = await openMenu('Actions for Mine');
    expect(menuItem(menu, 'Edit')).not.toBeNull();
    expect(menuItem(menu, 'Delete')).not.toBeNull();
    await closeMenu(menu);

    for (const name of ['Shared', 'Watched']) {
      menu = await openMenu(`Actions for ${name}`);
      expect(menuItem(menu, 'Move to folder')).not.toBeNull();
      expect(menuItem(menu, 'Edit')).toBeNull();
      expect(menuItem(menu, 'Delete')).toBeNull();
      await closeMenu(menu);
    }
    expect(screen.getAllByTestId('role-badge').map((badge) => badge.textContent)).toEqual([
      'Owner',
      'Member',
      'Viewer',
    ]);
  });

  it('moves a project up by sending an order between its new neighbours', async () => {
    const projects = [
      makeProject({ id: 1, name: 'First', order: 1 }),
      makeProject({ id: 2, name: 'Second', order: 2 }),
      makeProject({ id: 3, name: 'Third', order: 4 }),
    ];
    const { calls } = homeWith(projects, {
      '/projects/3/placement': { body: { data: { ...projects[2], order: 1.5 } } },
    });
    const menu = await openMenu('Actions for Third');
    fireEvent.click(menuItem(menu, 'Move up')!);
    await waitFor(() => expect(calls.some((call) => call.url === '/api/projects/3/placement')).toBe(true));
    const call = calls.find((item) => item.url === '/api/projects/3/placement');
    expect(call?.init?.method).toBe('PUT');
    expect(JSON.parse(String(call?.init?.body))).toEqual({ order: 1.5 });
    await waitFor(() => {
      const names = screen.getAllByRole('article').map((card) => within(card).getByRole('link').textContent);
      expect(names).toEqual(['First', 'Third', 'Second']);
    });
  });

  it('lists favorites on top and toggles the star through the placement call', async () => {
    const project = makeProject({ id: 4, name: 'Starred', is_favorite: true });
    const { calls } = homeWith([project], {
      '/projects/4/placement': { body: { data: { ...project, is_favorite: false } } },
    });
    const favorites = await screen.findByRole('region', { name: 'Favorites' });
    await within(favorites).findByRole('link', { name: 'Starred' });
    fireEvent.click(within(favorites).getByRole('button', { name: 'Remove Starred from favorites' }));
    await waitFor(() => expect(within(favorites).queryByRole('link', { name: 'Starred' })).toBeNull());
    const call = calls.find((item) => item.url === '/api/projects/4/placement');
    expect(JSON.parse(String(call?.init?.body))).toEqual({ is_favorite: false });
  });

  it('shows the server message when the project limit is reached', async () => {
    homeWith([], {
      '/projects': {
        status: 403,
        body: { errors: ['You have reached your limit of 5 projects.'], code: 'MAX_PROJECTS_REACHED' },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New project' }));
    const dialog = await screen.findByRole('dialog', { name: 'New project' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Gamma' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create project' }));
    expect(await screen.findAllByText('You have reached your limit of 5 projects.')).not.toHaveLength(0);
  });
});

describe('Activity feed', () => {
  const entries = [
    makeActivity({ id: 1, kind: 'project.created', actor_name: 'Ana', project_name: 'Alpha' }),
    makeActivity({
      id: 2,
      kind: 'invitation.sent',
      actor_name: 'Ana',
      subject_name: 'Bruno',
      role: 'viewer',
      project_name: 'Alpha',
      created_at: '2025-12-24T12:00:00.000Z',
    }),
    makeActivity({
      id: 3,
      kind: 'member.role_changed',
      actor_name: 'Ana',
      subject_name: 'Bruno',
      role: 'member',
      project_name: 'Alpha',
      created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    }),
  ];

  function homeWithActivity() {
    homeWith([], { '/activity': { body: { data: entries, next_cursor: 'next' } } });
  }

  it('words each kind in English, with relative dates or the month as a word', async () => {
    homeWithActivity();
    expect(await screen.findByText('Ana created the project Alpha')).toBeTruthy();
    expect(screen.getByText('Ana invited Bruno to Alpha as viewer')).toBeTruthy();
    expect(screen.getByText('Ana changed the role of Bruno in Alpha to member')).toBeTruthy();
    expect(screen.getByText('Dec 24, 2025')).toBeTruthy();
    expect(screen.getByText('5 minutes ago')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
  });

  it('words each kind in Spanish', async () => {
    await changeLanguage('es');
    homeWithActivity();
    expect(await screen.findByText('Ana creó el proyecto Alpha')).toBeTruthy();
    expect(screen.getByText('Ana invitó a Bruno a Alpha como observador')).toBeTruthy();
    expect(screen.getByText('Ana cambió el rol de Bruno en Alpha a miembro')).toBeTruthy();
    expect(screen.getByText('hace 5 minutos')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cargar más' })).toBeTruthy();
  });
});
