import { expect, test } from '@playwright/test';
import { apiCredentials, createConfirmedUser, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { apiData, expectNoSidewaysScroll, useLanguage, VIEWPORTS } from './support/locale';
import { lastMessage, waitForLink } from './support/outbox';

interface Member {
  id: number;
  name: string;
  email: string;
  role: string;
}

interface SentInvitation {
  id: number;
  email: string;
  role: string;
}

/** Words of the English screens that must never show on the Spanish ones. */
const ENGLISH = /\b(Name|Password|Create account|Members|Invite|Owner|Viewer|Remove|Cancel|required)\b/;

// Traces without DOM snapshots or screenshots: the action log and network of a failure are kept,
// at a fraction of the cost (full traces add about a third to the run time on a 2-core machine).
test.use({ trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false } });

for (const viewport of VIEWPORTS) {
  test.describe(`in Spanish at ${viewport.name} size`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test.beforeEach(async ({ context }) => {
      await useLanguage(context, 'es');
    });

    test('registro: the sign-up form explains each mistake, then the account is confirmed and used', async ({
      page,
      request,
    }) => {
      const email = uniqueEmail('rocio');
      await page.goto('/register');
      await expect(page.getByRole('heading', { level: 1, name: 'Crea tu cuenta' })).toBeVisible();
      const form = page.locator('form');

      // Sent empty: every field says what is wrong, in Spanish, and nothing is sent.
      await form.getByRole('button', { name: 'Crear cuenta' }).click();
      await expect(form.getByText('El nombre no puede estar vacío.')).toBeVisible();
      await expect(form.getByText('correo electrónico no válido')).toBeVisible();
      await expect(form.getByText('contraseña demasiado corta')).toBeVisible();
      await expect(form.getByText('debes aceptar los términos y condiciones')).toBeVisible();
      await expect(form).not.toContainText(ENGLISH);
      await expect(page).toHaveURL(/\/register$/);

      // The terms open in a dialog and close again.
      await form.getByRole('button', { name: 'Leer los términos y condiciones' }).click();
      const terms = page.getByRole('dialog', { name: 'Términos y condiciones' });
      await expect(terms).toContainText('TeamBoard es una herramienta de aprendizaje');
      await terms.getByRole('button', { name: 'Cerrar' }).last().click();
      await expect(terms).toBeHidden();

      await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Rocío Núñez');
      await form.getByRole('textbox', { name: 'Correo electrónico', exact: true }).fill(email);
      await form.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(PASSWORD);
      await form.getByRole('textbox', { name: 'Confirmación de contraseña', exact: true }).fill('otra cosa');
      await form.getByRole('checkbox', { name: 'Acepto los términos y condiciones' }).check();
      await form.getByRole('button', { name: 'Crear cuenta' }).click();
      await expect(form.getByText('la confirmación de la contraseña no coincide')).toBeVisible();
      await expect(form.getByText('El nombre no puede estar vacío.')).toHaveCount(0);
      await expect(form.getByText('debes aceptar los términos y condiciones')).toHaveCount(0);
      await expectNoSidewaysScroll(page);

      await form.getByRole('textbox', { name: 'Confirmación de contraseña', exact: true }).fill(PASSWORD);
      await form.getByRole('button', { name: 'Crear cuenta' }).click();
      await expect(page).toHaveURL(/\/mail$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Revisa tu bandeja de entrada' }),
      ).toBeVisible();

      // The confirmation mail is in Spanish too, and its link confirms the account.
      const link = await waitForLink(email, '/api/auth/confirmation');
      const mail = lastMessage(email) ?? '';
      expect(mail).toContain('Hola, Rocío Núñez:');
      expect(mail).toContain('Confirma tu cuenta abriendo este enlace:');
      await page.goto(link);
      await expect(page.getByText('Tu cuenta está confirmada. Ya puedes iniciar sesión.')).toBeVisible();

      await signIn(page, email, PASSWORD, 'es');
      await expect(page.getByRole('heading', { level: 1, name: 'Inicio' })).toBeVisible();
      await expect(page.getByText('Te damos la bienvenida, Rocío Núñez')).toBeVisible();
      const session = await request.post('/api/auth/sign_in', { data: { email, password: PASSWORD } });
      expect(session.status()).toBe(200);
      expect((await session.json()).data).toMatchObject({ name: 'Rocío Núñez', language: 'es' });
    });

    test('miembros: the owner invites, changes roles and removes a member from the members dialog', async ({
      page,
      request,
    }) => {
      const owner = await createConfirmedUser(request, 'Olga Dueña');
      const member = await createConfirmedUser(request, 'Pedro Miembro');
      const guest = uniqueEmail('invitada');
      const ownerHeaders = await apiCredentials(request, owner.email);
      const memberHeaders = await apiCredentials(request, member.email);
      const project = await apiData<{ id: number }>(
        request.post('/api/projects', { headers: ownerHeaders, data: { name: 'Trabajo final' } }),
      );
      // Pedro is already in the project, as a member, through an accepted invitation.
      const invitation = await apiData<SentInvitation>(
        request.post(`/api/projects/${project.id}/invitations`, {
          headers: ownerHeaders,
          data: { email: member.email, role: 'member' },
        }),
      );
      const [pedroFolder] = await apiData<{ id: number }[]>(
        request.get('/api/folders', { headers: memberHeaders }),
      );
      await apiData(
        request.post(`/api/project_invitations/${invitation.id}/accept_invitation`, {
          headers: memberHeaders,
          data: { folder_id: pedroFolder!.id },
        }),
      );
      const members = () =>
        apiData<Member[]>(request.get(`/api/projects/${project.id}/members`, { headers: ownerHeaders }));
      const invitations = () =>
        apiData<SentInvitation[]>(
          request.get(`/api/projects/${project.id}/invitations`, { headers: ownerHeaders }),
        );

      await signIn(page, owner.email, PASSWORD, 'es');
      await page.goto(`/project/${project.id}`);
      await page.getByRole('button', { name: 'Miembros', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Miembros' });
      const list = dialog.getByRole('list', { name: 'Miembros del proyecto' });
      await expect(list.getByRole('listitem')).toHaveCount(2);
      await expect(list.getByRole('listitem').filter({ hasText: 'Olga Dueña' })).toContainText('(tú)');
      await expect(dialog.getByRole('combobox', { name: 'Rol de Olga Dueña' })).toHaveValue('Propietario');
      await expect(dialog.getByRole('combobox', { name: 'Rol de Pedro Miembro' })).toHaveValue('Miembro');
      await expect(dialog.getByText('No hay invitaciones pendientes')).toBeVisible();

      // Invite someone without an account yet, as an observer.
      await dialog.getByRole('textbox', { name: 'Correo electrónico', exact: true }).fill(guest);
      await dialog.getByRole('combobox', { name: 'Rol', exact: true }).click();
      await page.getByRole('option', { name: 'Observador', exact: true }).click();
      await dialog.getByRole('button', { name: 'Invitar', exact: true }).click();
      await expect(page.getByText(`Invitación enviada a ${guest}`)).toBeVisible();
      const pendingRole = dialog.getByRole('combobox', { name: `Rol de la invitación a ${guest}` });
      await expect(pendingRole).toHaveValue('Observador');
      await expect(dialog.getByRole('textbox', { name: 'Correo electrónico', exact: true })).toHaveValue('');
      expect(await invitations()).toEqual([expect.objectContaining({ email: guest, role: 'viewer' })]);

      // The pending invitation's role changes, then the invitation is withdrawn.
      await pendingRole.click();
      await page.getByRole('option', { name: 'Miembro', exact: true }).click();
      await expect(page.getByText('Invitación actualizada')).toBeVisible();
      await expect.poll(async () => (await invitations())[0]?.role).toBe('member');
      await dialog.getByRole('button', { name: `Eliminar la invitación a ${guest}` }).click();
      await expect(page.getByText('Invitación eliminada')).toBeVisible();
      await expect(dialog.getByText('No hay invitaciones pendientes')).toBeVisible();
      expect(await invitations()).toEqual([]);

      // Pedro becomes an observer.
      await dialog.getByRole('combobox', { name: 'Rol de Pedro Miembro' }).click();
      await page.getByRole('option', { name: 'Observador', exact: true }).click();
      await expect(page.getByText('Rol actualizado')).toBeVisible();
      await expect(dialog.getByRole('combobox', { name: 'Rol de Pedro Miembro' })).toHaveValue('Observador');
      await expect
        .poll(async () => (await members()).find((m) => m.email === member.email)?.role)
        .toBe('viewer');

      // Removing asks first; cancelling keeps him, confirming removes him.
      await dialog.getByRole('button', { name: 'Quitar a Pedro Miembro' }).click();
      await expect(dialog.getByText('¿Quitar a Pedro Miembro del proyecto?')).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await expect(dialog.getByText('¿Quitar a Pedro Miembro del proyecto?')).toHaveCount(0);
      await expect(list.getByRole('listitem')).toHaveCount(2);
      await dialog.getByRole('button', { name: 'Quitar a Pedro Miembro' }).click();
      await dialog.getByRole('button', { name: 'Sí, quitar' }).click();
      await expect(page.getByText('Pedro Miembro ya no es miembro del proyecto')).toBeVisible();
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(dialog).not.toContainText(ENGLISH);
      expect((await members()).map((m) => m.email)).toEqual([owner.email]);
      await expectNoSidewaysScroll(page);

      // Pedro has lost access: the project is no longer his.
      const refused = await request.get(`/api/projects/${project.id}`, { headers: memberHeaders });
      expect([403, 404]).toContain(refused.status());
    });
  });
}
