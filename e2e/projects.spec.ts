import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiCredentials, createConfirmedUser, signIn } from './support/accounts';

async function newSignedInPage(browser: Browser, email: string, language = 'en'): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (language !== 'en') {
    await context.addCookies([{ name: 'language', value: language, url: test.info().project.use.baseURL! }]);
  }
  await signIn(page, email, undefined, language);
  return page;
}

test.describe('projects, members and invitations', () => {
  test('owner invites, invitee accepts into a folder, owner makes them a viewer', async ({
    browser,
    request,
  }) => {
    const owner = await createConfirmedUser(request, 'Olga Owner');
    const invitee = await createConfirmedUser(request, 'Iván Invitee');
    const ownerHeaders = await apiCredentials(request, owner.email);
    const created = await request.post('/api/projects', {
      headers: ownerHeaders,
      data: { name: 'Capstone Alpha', description: 'Final course project' },
    });
    expect(created.status()).toBe(201);
    const projectId = (await created.json()).data.id as number;

    // The owner invites through the members dialog.
    const ownerPage = await newSignedInPage(browser, owner.email);
    await ownerPage.goto(`/project/${projectId}`);
    await expect(ownerPage.getByTestId('top-bar-title')).toContainText('Capstone Alpha');
    await ownerPage.getByRole('button', { name: 'Members' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Members' });
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(invitee.email);
    await dialog.getByRole('combobox', { name: 'Role', exact: true }).click();
    await ownerPage.getByRole('option', { name: 'Member', exact: true }).click();
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(ownerPage.getByText(`Invitation sent to ${invitee.email}`)).toBeVisible();

    // The invitee sees the bell's dot (after a refresh until real time lands) and accepts.
    const inviteePage = await newSignedInPage(browser, invitee.email);
    await inviteePage.reload();
    const bell = inviteePage.getByRole('button', { name: 'Invitations (pending)' });
    await expect(bell).toBeVisible();
    await bell.click();
    // Home lists the same invitation too (pending-invitations.tsx): read and answer it in the bell's list.
    const bellList = inviteePage.getByRole('list', { name: 'Invitations', exact: true });
    await expect(bellList.getByText('Olga Owner invited you to Capstone Alpha as member')).toBeVisible();
    await bellList.getByRole('button', { name: 'Accept invitation' }).click();
    const join = inviteePage.getByRole('dialog', { name: 'Join Capstone Alpha' });
    await expect(join.getByRole('combobox', { name: 'Folder' })).toHaveValue('My projects');
    await join.getByRole('button', { name: 'Join', exact: true }).click();
    await expect(inviteePage.getByText('You joined the project successfully')).toBeVisible();
    await inviteePage.goto('/home');
    await expect(inviteePage.getByRole('link', { name: 'Capstone Alpha' }).first()).toBeVisible();
    await expect(inviteePage.getByRole('button', { name: 'Invitations', exact: true })).toBeVisible();

    // As a member the invitee may edit; the owner then makes them a viewer.
    await inviteePage.goto(`/project/${projectId}`);
    await expect(inviteePage.getByTestId('role-badge').first()).toHaveText('Member');
    await expect(inviteePage.getByTestId('read-only-notice')).toHaveCount(0);

    await ownerPage.reload();
    await ownerPage.getByRole('button', { name: 'Members' }).click();
    await ownerPage.getByRole('combobox', { name: 'Role of Iván Invitee' }).click();
    await ownerPage.getByRole('option', { name: 'Viewer', exact: true }).click();
    await expect
      .poll(async () => {
        const members = await request.get(`/api/projects/${projectId}/members`, { headers: ownerHeaders });
        return (await members.json()).data.find((m: { name: string }) => m.name === 'Iván Invitee')?.role;
      })
      .toBe('viewer');

    await inviteePage.reload();
    await expect(inviteePage.getByTestId('read-only-notice')).toBeVisible();
    await expect(inviteePage.getByTestId('role-badge').first()).toHaveText('Viewer');
    // The server agrees: a viewer cannot manage the project.
    const inviteeHeaders = await apiCredentials(request, invitee.email);
    const edit = await request.put(`/api/projects/${projectId}`, {
      headers: inviteeHeaders,
      data: { name: 'Hijacked' },
    });
    expect(edit.status()).toBe(403);

    // Spanish pass over the same screens.
    await inviteePage
      .context()
      .addCookies([{ name: 'language', value: 'es', url: new URL(inviteePage.url()).origin }]);
    await inviteePage.reload();
    await expect(inviteePage.getByTestId('read-only-notice')).toHaveText(
      'Tienes acceso de solo lectura a este proyecto',
    );
    await expect(inviteePage.getByTestId('role-badge').first()).toHaveText('Observador');
    await inviteePage.goto('/home');
    await expect(inviteePage.getByRole('heading', { name: 'Inicio' })).toBeVisible();
    await expect(inviteePage.getByRole('heading', { name: 'Actividad' })).toBeVisible();
    await expect(inviteePage.getByText('Carpeta: Mis proyectos')).toBeVisible();
  });

  test('an invitation can be rejected, in Spanish', async ({ browser, request }) => {
    const owner = await createConfirmedUser(request, 'Rita Owner');
    const invitee = await createConfirmedUser(request, 'Sara Invitee');
    const ownerHeaders = await apiCredentials(request, owner.email);
    const created = await request.post('/api/projects', { headers: ownerHeaders, data: { name: 'Beta' } });
    const projectId = (await created.json()).data.id as number;
    const invited = await request.post(`/api/projects/${projectId}/invitations`, {
      headers: ownerHeaders,
      data: { email: invitee.email, role: 'viewer' },
    });
    expect(invited.status()).toBe(201);

    const page = await newSignedInPage(browser, invitee.email, 'es');
    await page.getByRole('button', { name: 'Invitaciones (pendientes)' }).click();
    const bellList = page.getByRole('list', { name: 'Invitaciones', exact: true });
    await expect(bellList.getByText('Rita Owner te invitó a Beta como observador')).toBeVisible();
    await bellList.getByRole('button', { name: 'Rechazar invitación' }).click();
    await expect(page.getByText('La invitación ha sido rechazada.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Invitaciones', exact: true })).toBeVisible();
  });
});
