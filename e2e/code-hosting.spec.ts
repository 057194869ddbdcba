import { expect, test } from '@playwright/test';
import { createConfirmedUser, uniqueEmail } from './support/accounts';
import { TeamRepository } from './support/git';
import {
  apiData,
  expectNoSidewaysScroll,
  signInThroughApi,
  VIEWPORTS,
  type Language,
} from './support/locale';

/** What the person reads, word for word, in each language. */
const TEXT = {
  en: {
    title: 'Code repositories',
    provider: 'Provider',
    address: 'Repository',
    link: 'Link repository',
    upToDate: 'Up to date',
    commits: (n: number) => `${n} ${n === 1 ? 'commit' : 'commits'}`,
    sync: (name: string) => `Sync now: ${name}`,
    linkedCommits: 'Linked commits',
    unlink: (sha: string) => `Unlink commit ${sha}`,
    empty: 'No commits linked yet',
    pathRefused: 'This folder is not a git repository inside a folder the administrator allows.',
    sidebar: 'Code',
  },
  es: {
    title: 'Repositorios de código',
    provider: 'Proveedor',
    address: 'Repositorio',
    link: 'Vincular repositorio',
    upToDate: 'Al día',
    commits: (n: number) => `${n} ${n === 1 ? 'commit' : 'commits'}`,
    sync: (name: string) => `Sincronizar ahora: ${name}`,
    linkedCommits: 'Commits vinculados',
    unlink: (sha: string) => `Desvincular el commit ${sha}`,
    empty: 'Aún no hay commits vinculados',
    pathRefused: 'Esta carpeta no es un repositorio git dentro de una carpeta que el administrador permita.',
    sidebar: 'Código',
  },
} as const;

for (const language of ['en', 'es'] as const satisfies readonly Language[]) {
  test(`links a local repository, syncs pushes and unlinks a commit by hand (${language})`, async ({
    page,
    request,
  }) => {
    const text = TEXT[language];
    const { email } = await createConfirmedUser(request, `Ana ${language}`, uniqueEmail(`code-${language}`));
    const headers = await signInThroughApi(page, request, email, language);
    const project = await apiData<{ id: number }>(
      request.post('/api/projects', { headers, data: { name: `Code ${language}` } }),
    );
    const board = await apiData<{ id: number }>(
      request.post(`/api/projects/${project.id}/boards`, { headers, data: { name: 'Sprint' } }),
    );
    const column = await apiData<{ id: number }>(
      request.post(`/api/boards/${board.id}/columns`, { headers, data: { name: 'Doing' } }),
    );
    const task = await apiData<{ id: number }>(
      request.post(`/api/columns/${column.id}/tasks`, { headers, data: { title: 'Login form' } }),
    );
    const repository = new TeamRepository(`team-${language}`);
    const first = repository.commitAndPush({ name: 'Ana', email }, `Add the login form #${task.id}`);

    await page.goto(`/project/${project.id}`);
    await page.getByRole('link', { name: text.sidebar }).first().click();
    await expect(page.getByRole('heading', { name: text.title })).toBeVisible();

    // A folder outside the allowed one is refused with the localized reason.
    await page.getByRole('textbox', { name: text.address }).fill('/etc');
    await page.getByRole('button', { name: text.link }).click();
    await expect(page.getByText(text.pathRefused)).toBeVisible();

    await page.getByRole('textbox', { name: text.address }).fill(repository.bare);
    await page.getByRole('button', { name: text.link }).click();
    const name = `team-${language}`;
    const item = page.getByRole('listitem').filter({ hasText: name });
    await expect(item.getByText(text.upToDate)).toBeVisible({ timeout: 20_000 });
    await expect(item.getByText(text.commits(1))).toBeVisible();

    // A new push arrives on "sync now".
    const second = repository.commitAndPush({ name: 'Ana', email }, `Validate the e-mail field #${task.id}`);
    await page.getByRole('button', { name: text.sync(name) }).click();
    await expect(item.getByText(text.commits(2))).toBeVisible({ timeout: 20_000 });

    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expectNoSidewaysScroll(page);
      await page.screenshot({
        path: `test-results/screens/code-repositories-${language}-${viewport.width}.png`,
        fullPage: true,
      });
    }
    await page.setViewportSize(VIEWPORTS[0]);

    // Both commits are on the task; one is unlinked by hand.
    await page.goto(`/project/${project.id}?task=${task.id}`);
    const commits = page.getByRole('list', { name: text.linkedCommits });
    await expect(commits.getByRole('listitem')).toHaveCount(2);
    await expect(commits.getByText(first.slice(0, 7))).toBeVisible();
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await commits.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screens/task-commits-${language}-${viewport.width}.png` });
    }
    await page.setViewportSize(VIEWPORTS[0]);
    await commits.getByRole('button', { name: text.unlink(second.slice(0, 7)) }).click();
    await expect(commits.getByRole('listitem')).toHaveCount(1);
    const links = await apiData<{ commit: { sha: string } }[]>(
      request.get(`/api/tasks/${task.id}/commits`, { headers }),
    );
    expect(links.map((link) => link.commit.sha)).toEqual([first]);
  });
}
