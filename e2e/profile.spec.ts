import { expect, test } from '@playwright/test';
import { createConfirmedUser, signIn } from './support/accounts';

// A 1×1 PNG: the smallest real image the server will decode and re-encode.
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('profile', () => {
  test('edits the profile in Settings, and it survives a reload', async ({ page, request }) => {
    const user = await createConfirmedUser(request, 'Marta Student');
    await signIn(page, user.email);
    await page.goto('/settings');
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await expect(name).toHaveValue('Marta Student');
    await name.fill('Marta G. Student');
    await page.getByRole('textbox', { name: 'GitHub user name' }).fill('marta-g');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your profile has been updated.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Marta G. Student');
    await expect(page.getByRole('textbox', { name: 'GitHub user name' })).toHaveValue('marta-g');
  });

  test('uploads a photo that becomes the avatar, and refuses a file that is not an image', async ({
    page,
    request,
  }) => {
    const user = await createConfirmedUser(request, 'Pablo Student');
    await signIn(page, user.email);
    await page.goto('/myprofile');

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload photo' }).click();
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    await expect(page.getByText('Your photo has been updated.')).toBeVisible();
    const avatar = page.getByRole('img', { name: 'Pablo Student' }).first();
    await expect(avatar).toHaveAttribute('src', /\/api\/files\/avatars\/.+\.webp$/);
    const served = await request.get((await avatar.getAttribute('src'))!);
    expect(served.headers()['content-type']).toBe('image/webp');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');

    // Declared as PNG, but its content is HTML: the server decides by content and refuses it.
    const second = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload photo' }).click();
    await (
      await second
    ).setFiles({ name: 'evil.png', mimeType: 'image/png', buffer: Buffer.from('<script>alert(1)</script>') });
    await expect(
      page.getByText('Image format not allowed. Allowed formats: jpeg, png, gif, webp.'),
    ).toBeVisible();
  });
});
