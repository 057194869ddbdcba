import { expect, test } from '@playwright/test';
import { apiCredentials, createConfirmedUser } from './support/accounts';
import { apiData, LANGUAGES, signInThroughApi, VIEWPORTS } from './support/locale';

/** What the invited student reads on Home, word for word (packages/i18n invitations.json `home`). */
const TEXT = {
  en: {
    waiting: '2 invitations are waiting for you',
    waitingOne: 'An invitation is waiting for you',
    reject: 'Reject invitation',
    accept: 'Accept invitation',
    rejectTitle: 'Reject the invitation to Declined?',
    join: 'Join',
    favorites: 'Favorites',
  },
  es: {
    waiting: 'Tienes 2 invitaciones pendientes',
    waitingOne: 'Tienes una invitación pendiente',
    reject: 'Rechazar invitación',
    accept: 'Aceptar invitación',
    rejectTitle: '¿Rechazar la invitación a Declined?',
    join: 'Unirme',
    favorites: 'Favoritos',
  },
};

for (const language of LANGUAGES) {
  test(`Home lists pending invitations on a phone; reject asks, accept opens the project (${language})`, async ({
    page,
    request,
  }) => {
    const text = TEXT[language];
    const owner = await createConfirmedUser(request, 'Olga Owner');
    const student = await createConfirmedUser(request, 'Iván Invited');
    const headers = await apiCredentials(request, owner.email);
    const projectIds: number[] = [];
    for (const name of ['Declined', 'Joined']) {
      const project = await apiData<{ id: number }>(
        request.post('/api/projects', { headers, data: { name } }),
      );
      await apiData(
        request.post(`/api/projects/${project.id}/invitations`, {
          headers,
          data: { email: student.email, role: 'member' },
        }),
      );
      projectIds.push(project.id);
    }
    await page.setViewportSize(VIEWPORTS[1]);
    await signInThroughApi(page, request, student.email, language);
    await page.goto('/home');
    const card = page.getByRole('region', { name: text.waiting });
    await expect(card).toBeVisible();
    await card
      .getByRole('listitem')
      .filter({ hasText: 'Declined' })
      .getByRole('button', { name: text.reject })
      .click();
    const confirm = page.getByRole('dialog', { name: text.rejectTitle });
    await confirm.getByRole('button', { name: text.reject }).click();
    await expect(confirm).toBeHidden();
    // The card's title counts what is left: the region is now named for one invitation.
    const left = page.getByRole('region', { name: text.waitingOne });
    await expect(left.getByRole('listitem')).toHaveCount(1);
    await left.getByRole('button', { name: text.accept }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.join }).click();
    await expect(page).toHaveURL(new RegExp(`/project/${projectIds[1]}`));
    await page.goto('/home');
    await expect(page.getByRole('region', { name: text.favorites })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: text.waitingOne })).toHaveCount(0);
  });
}
