import { expect, test, type Locator, type Page } from '@playwright/test';
import { createConfirmedUser } from './support/accounts';
import { apiData, expectNoSidewaysScroll, LANGUAGES, signInThroughApi, VIEWPORTS } from './support/locale';

interface Folder {
  id: number;
  name: string;
  is_archived: boolean;
  is_default: boolean;
}

interface Project {
  id: number;
  name: string;
  folder_id: number | null;
  order: number;
  is_favorite: boolean;
}

/** What the person reads on Home, word for word, in each language. */
const TEXT = {
  en: {
    home: 'Home',
    myProjects: 'My projects',
    folders: 'Your folders',
    archivedFolders: 'Your archived folders',
    favorites: 'Favorites',
    projects: 'Projects',
    noFavorites: 'No favorite projects yet',
    emptyFolder: 'No projects in this folder yet',
    inFolder: (name: string) => `Folder: ${name}`,
    count: (n: number) => `${n} ${n === 1 ? 'project' : 'projects'}`,
    newFolder: 'New folder',
    name: 'Name',
    createFolder: 'Create folder',
    folderCreated: 'Folder created',
    folderActions: (name: string) => `Actions for folder ${name}`,
    rename: 'Rename',
    renameTitle: 'Rename folder',
    save: 'Save',
    renamed: 'Folder renamed',
    archive: 'Archive',
    archived: 'Folder archived',
    showArchived: (n: number) => `Show archived folders (${n})`,
    hideArchived: 'Hide archived folders',
    noArchived: 'No archived folders',
    delete: 'Delete',
    deleteNamed: (name: string) => `Delete ${name}`,
    deleteTitle: 'Delete folder',
    deleteText: (name: string) => `Delete the folder "${name}"? Only an empty folder can be deleted.`,
    deleteSubmit: 'Delete folder',
    deleted: 'Folder deleted',
    notEmpty: 'cannot remove a folder with projects inside',
    newProject: 'New project',
    folderField: 'Folder',
    description: 'Description',
    createProject: 'Create project',
    projectCreated: 'Project created',
    addFavorite: (name: string) => `Add ${name} to favorites`,
    removeFavorite: (name: string) => `Remove ${name} from favorites`,
    cardActions: (name: string) => `Actions for ${name}`,
    moveUp: 'Move up',
    moveDown: 'Move down',
    moveToFolder: 'Move to folder',
    move: 'Move',
    moved: 'Project moved',
  },
  es: {
    home: 'Inicio',
    myProjects: 'Mis proyectos',
    folders: 'Tus carpetas',
    archivedFolders: 'Tus carpetas archivadas',
    favorites: 'Favoritos',
    projects: 'Proyectos',
    noFavorites: 'Todavía no hay proyectos favoritos',
    emptyFolder: 'Todavía no hay proyectos en esta carpeta',
    inFolder: (name: string) => `Carpeta: ${name}`,
    count: (n: number) => `${n} ${n === 1 ? 'proyecto' : 'proyectos'}`,
    newFolder: 'Nueva carpeta',
    name: 'Nombre',
    createFolder: 'Crear carpeta',
    folderCreated: 'Carpeta creada',
    folderActions: (name: string) => `Acciones de la carpeta ${name}`,
    rename: 'Cambiar nombre',
    renameTitle: 'Cambiar el nombre de la carpeta',
    save: 'Guardar',
    renamed: 'Nombre de la carpeta cambiado',
    archive: 'Archivar',
    archived: 'Carpeta archivada',
    showArchived: (n: number) => `Mostrar carpetas archivadas (${n})`,
    hideArchived: 'Ocultar carpetas archivadas',
    noArchived: 'No hay carpetas archivadas',
    delete: 'Eliminar',
    deleteNamed: (name: string) => `Eliminar ${name}`,
    deleteTitle: 'Eliminar carpeta',
    deleteText: (name: string) => `¿Eliminar la carpeta «${name}»? Solo se puede eliminar una carpeta vacía.`,
    deleteSubmit: 'Eliminar carpeta',
    deleted: 'Carpeta eliminada',
    notEmpty: 'no se puede eliminar una carpeta que contiene proyectos',
    newProject: 'Nuevo proyecto',
    folderField: 'Carpeta',
    description: 'Descripción',
    createProject: 'Crear proyecto',
    projectCreated: 'Proyecto creado',
    addFavorite: (name: string) => `Agregar ${name} a favoritos`,
    removeFavorite: (name: string) => `Quitar ${name} de favoritos`,
    cardActions: (name: string) => `Acciones de ${name}`,
    moveUp: 'Subir',
    moveDown: 'Bajar',
    moveToFolder: 'Mover a otra carpeta',
    move: 'Mover',
    moved: 'Proyecto movido',
  },
};

/** The names of the project cards of a section, top to bottom. */
function cardNames(section: Locator): Promise<string[]> {
  return section.getByRole('article').getByRole('link').allInnerTexts();
}

/** Opens the menu behind `trigger`, picks `item`, and waits until the menu has closed. */
async function pick(page: Page, trigger: Locator, item: string): Promise<void> {
  await trigger.click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
  await expect(page.getByRole('menu')).toHaveCount(0);
}

/** The folder row of the active list, a button named by the folder and its project count. */
function folderButton(page: Page, list: string, name: string): Locator {
  return page
    .getByRole('list', { name: list, exact: true })
    .getByRole('button', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}\\b`) });
}

// Traces without DOM snapshots or screenshots: the action log and network of a failure are kept,
// at a fraction of the cost (full traces add about a third to the run time on a 2-core machine).
test.use({ trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false } });

for (const language of LANGUAGES) {
  for (const viewport of VIEWPORTS) {
    const t = TEXT[language];

    test.describe(`Home in ${language} at ${viewport.name} size`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });

      test('folders: create, rename, archive, delete', async ({ page, request }) => {
        const user = await createConfirmedUser(request, 'Fiona Folders');
        const headers = await signInThroughApi(page, request, user.email, language);
        await page.goto('/home');
        const folders = () => apiData<Folder[]>(request.get('/api/folders', { headers }));

        await expect(page.getByRole('heading', { level: 1, name: t.home })).toBeVisible();
        const active = page.getByRole('list', { name: t.folders, exact: true });
        await expect(active.getByRole('listitem')).toHaveCount(1);
        await expect(active).toContainText(t.myProjects);

        // Create: the new folder is listed, selected and empty.
        await page.getByRole('button', { name: t.newFolder, exact: true }).click();
        const create = page.getByRole('dialog', { name: t.newFolder });
        await create.getByRole('textbox', { name: t.name, exact: true }).fill('Thesis');
        await create.getByRole('button', { name: t.createFolder }).click();
        await expect(page.getByText(t.folderCreated, { exact: true })).toBeVisible();
        await expect(create).toBeHidden();
        await expect(folderButton(page, t.folders, 'Thesis')).toHaveAttribute('aria-current', 'true');
        await expect(folderButton(page, t.folders, 'Thesis')).toContainText(t.count(0));
        await expect(page.getByTestId('selected-folder')).toHaveText(t.inFolder('Thesis'));
        await expect(page.getByRole('region', { name: t.projects, exact: true })).toContainText(
          t.emptyFolder,
        );
        const thesisId = (await folders()).find((folder) => folder.name === 'Thesis')?.id;
        expect(thesisId).toBeDefined();

        // Rename: the dialog starts from the current name.
        await pick(page, page.getByRole('button', { name: t.folderActions('Thesis') }), t.rename);
        const rename = page.getByRole('dialog', { name: t.renameTitle });
        const nameField = rename.getByRole('textbox', { name: t.name, exact: true });
        await expect(nameField).toHaveValue('Thesis');
        await nameField.fill('Thesis 2026');
        await rename.getByRole('button', { name: t.save, exact: true }).click();
        await expect(page.getByText(t.renamed, { exact: true })).toBeVisible();
        await expect(folderButton(page, t.folders, 'Thesis 2026')).toBeVisible();
        await expect(page.getByTestId('selected-folder')).toHaveText(t.inFolder('Thesis 2026'));
        expect((await folders()).find((folder) => folder.id === thesisId)?.name).toBe('Thesis 2026');

        // Archive: it leaves the active list for the archived one.
        await pick(page, page.getByRole('button', { name: t.folderActions('Thesis 2026') }), t.archive);
        await expect(page.getByText(t.archived, { exact: true })).toBeVisible();
        await expect(active.getByRole('listitem')).toHaveCount(1);
        await expect(active).not.toContainText('Thesis 2026');
        await page.getByRole('button', { name: t.showArchived(1) }).click();
        const archived = page.getByRole('list', { name: t.archivedFolders });
        await expect(archived.getByRole('listitem')).toHaveCount(1);
        await expect(archived).toContainText('Thesis 2026');
        expect((await folders()).find((folder) => folder.id === thesisId)?.is_archived).toBe(true);

        // Delete the archived folder, after a confirmation that names it.
        await archived.getByRole('button', { name: t.deleteNamed('Thesis 2026') }).click();
        const confirm = page.getByRole('dialog', { name: t.deleteTitle });
        await expect(confirm).toContainText(t.deleteText('Thesis 2026'));
        await confirm.getByRole('button', { name: t.deleteSubmit }).click();
        await expect(page.getByText(t.deleted, { exact: true })).toBeVisible();
        await expect(confirm).toBeHidden();
        await expect(page.getByText(t.noArchived)).toBeVisible();
        await expect(page.getByRole('button', { name: t.hideArchived })).toBeVisible();
        expect((await folders()).map((folder) => folder.id)).not.toContain(thesisId);

        await expect(active.getByRole('listitem')).toHaveCount(1);
        await expect(page.getByTestId('selected-folder')).toHaveText(t.inFolder(t.myProjects));
        expect((await folders()).map((folder) => folder.name)).toEqual(['<DefaultFolder>']);
        await expectNoSidewaysScroll(page);
      });

      test('projects: create, favorite, reorder, move to another folder', async ({ page, request }) => {
        const user = await createConfirmedUser(request, 'Pablo Projects');
        const headers = await signInThroughApi(page, request, user.email, language);
        const courses = await apiData<Folder>(
          request.post('/api/folders', { headers, data: { name: 'Courses' } }),
        );
        await apiData(request.post('/api/projects', { headers, data: { name: 'Beta' } }));
        const projects = () => apiData<Project[]>(request.get('/api/projects', { headers }));
        const byName = async (name: string) => (await projects()).find((project) => project.name === name)!;
        await page.goto('/home');

        const favorites = page.getByRole('region', { name: t.favorites, exact: true });
        const list = page.getByRole('region', { name: t.projects, exact: true });
        await expect(favorites).toContainText(t.noFavorites);
        await expect(page.getByTestId('selected-folder')).toHaveText(t.inFolder(t.myProjects));
        await expect(list.getByRole('article')).toHaveCount(1);

        // Create: filed in the selected folder, shown at once.
        await page.getByRole('button', { name: t.newProject, exact: true }).click();
        const create = page.getByRole('dialog', { name: t.newProject });
        await create.getByRole('textbox', { name: t.name, exact: true }).fill('Alpha');
        await create.getByRole('textbox', { name: t.description, exact: true }).fill('Term project');
        await expect(create.getByRole('combobox', { name: t.folderField, exact: true })).toHaveValue(
          t.myProjects,
        );
        await create.getByRole('button', { name: t.createProject }).click();
        await expect(page.getByText(t.projectCreated, { exact: true })).toBeVisible();
        await expect(list.getByRole('article')).toHaveCount(2);
        await expect(list.getByRole('article', { name: 'Alpha' })).toContainText('Term project');
        const defaultFolderId = (await byName('Beta')).folder_id;
        expect((await byName('Alpha')).folder_id).toBe(defaultFolderId);

        // Favorite: the star is pressed and the project joins Favorites.
        const star = list.getByRole('button', { name: t.addFavorite('Alpha') });
        await expect(star).toHaveAttribute('aria-pressed', 'false');
        await star.click();
        await expect(list.getByRole('button', { name: t.removeFavorite('Alpha') })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
        await expect(favorites.getByRole('article')).toHaveCount(1);
        await expect(favorites.getByRole('article', { name: 'Alpha' })).toBeVisible();
        await expect.poll(async () => (await byName('Alpha')).is_favorite).toBe(true);

        // Reorder: Alpha, created last, moves above Beta, and the server keeps that order.
        expect(await cardNames(list)).toEqual(['Beta', 'Alpha']);
        await list.getByRole('button', { name: t.cardActions('Alpha') }).click();
        await expect(page.getByRole('menuitem', { name: t.moveDown })).toHaveCount(0);
        await page.getByRole('menuitem', { name: t.moveUp, exact: true }).click();
        await expect(page.getByRole('menu')).toHaveCount(0);
        await expect.poll(() => cardNames(list)).toEqual(['Alpha', 'Beta']);
        await expect
          .poll(async () => {
            const [alpha, beta] = [await byName('Alpha'), await byName('Beta')];
            return alpha.order < beta.order;
          })
          .toBe(true);

        // Move Beta into Courses: it leaves My projects and is found in Courses.
        await pick(page, list.getByRole('button', { name: t.cardActions('Beta') }), t.moveToFolder);
        const move = page.getByRole('dialog', { name: t.moveToFolder });
        await expect(move.getByRole('button', { name: t.move, exact: true })).toBeDisabled();
        await move.getByRole('combobox', { name: t.folderField, exact: true }).click();
        await page.getByRole('option', { name: 'Courses', exact: true }).click();
        await move.getByRole('button', { name: t.move, exact: true }).click();
        await expect(page.getByText(t.moved, { exact: true })).toBeVisible();
        await expect(list.getByRole('article')).toHaveCount(1);
        await expect(list.getByRole('article', { name: 'Beta' })).toHaveCount(0);
        await expect(folderButton(page, t.folders, 'Courses')).toContainText(t.count(1));
        await expect(folderButton(page, t.folders, t.myProjects)).toContainText(t.count(1));
        await expect.poll(async () => (await byName('Beta')).folder_id).toBe(courses.id);
        await folderButton(page, t.folders, 'Courses').click();
        await expect(page.getByTestId('selected-folder')).toHaveText(t.inFolder('Courses'));
        await expect(list.getByRole('article', { name: 'Beta' })).toBeVisible();

        // A folder that holds a project cannot be deleted; the refusal is said in the reader's language.
        await pick(page, page.getByRole('button', { name: t.folderActions('Courses') }), t.delete);
        await page
          .getByRole('dialog', { name: t.deleteTitle })
          .getByRole('button', { name: t.deleteSubmit })
          .click();
        await expect(page.getByText(t.notEmpty, { exact: true })).toBeVisible();
        expect(
          (await apiData<Folder[]>(request.get('/api/folders', { headers }))).map((f) => f.id),
        ).toContain(courses.id);
        await expectNoSidewaysScroll(page);
      });
    });
  }
}
