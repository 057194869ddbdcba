import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** A path under apps/server/src, or under apps/web/src when it starts with `web:`. */
const src = (file: string) =>
  file.startsWith('web:')
    ? path.join(repoRoot, 'apps/web/src', file.slice(4))
    : path.join(repoRoot, 'apps/server/src', file);

/** The import-rule messages ESLint gives `code` as if it were the file at `file`. */
async function importProblems(eslint: ESLint, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: src(file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('the import boundaries of docs/architecture.md, server and web (eslint.config.js)', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: repoRoot });
  });

  const refused: [string, string, string][] = [
    [
      'a feature importing another feature’s repository',
      'features/tasks/x.ts',
      "import '../comments/comments.repository.js';",
    ],
    [
      'a feature importing another feature’s routes',
      'features/tasks/x.ts',
      "import '../labels/labels.routes.js';",
    ],
    [
      'a feature importing another feature’s helper file',
      'features/tasks/x.ts',
      "import '../boards/board-detail-cache.js';",
    ],
    [
      'a feature importing another feature through the root',
      'features/tasks/x.ts',
      "import '../../features/members/members.service.js';",
    ],
    ['a feature importing the app wiring', 'features/tasks/x.ts', "import '../../app.js';"],
    ['access/ importing a feature', 'access/x.ts', "import '../features/projects/projects.service.js';"],
    ['access/ importing board-content/', 'access/x.ts', "import '../board-content/board-content.js';"],
    ['users/ importing access/', 'users/x.ts', "import '../access/access.js';"],
    [
      'board-content/ importing a feature',
      'board-content/x.ts',
      "import '../features/tasks/tasks.service.js';",
    ],
    ['board-content/ importing access/', 'board-content/x.ts', "import '../access/access.js';"],
    [
      'plugins/ importing a feature',
      'plugins/x.ts',
      "import type { AuthService } from '../features/auth/auth.service.js';",
    ],
    ['realtime/ importing a feature', 'realtime/x.ts', "import '../features/boards/boards.service.js';"],
    ['lib/ importing plugins/', 'lib/x.ts', "import '../plugins/auth.js';"],
    [
      'db/ importing a feature’s code (not only its types)',
      'db/x.ts',
      "import { x } from '../features/tasks/tasks.table.js';",
    ],
    [
      'a web feature importing another feature relatively',
      'web:features/tasks/components/x.tsx',
      "import '../../members/components/members-dialog';",
    ],
    [
      'a web feature file at its root importing a sibling feature',
      'web:features/tasks/x.ts',
      "import '../boards/api/get-board';",
    ],
    [
      'a web feature importing another feature through src/',
      'web:features/tasks/api/x.ts',
      "import '../../../features/boards/api/get-board';",
    ],
    [
      'a web feature importing the app layer relatively',
      'web:features/tasks/components/x.tsx',
      "import '../../../app/router';",
    ],
  ];
  it.each(refused)('refuses %s', async (_what, file, code) => {
    expect(await importProblems(eslint, file, code)).not.toEqual([]);
  });

  const allowed: [string, string, string][] = [
    ['a feature importing its own files', 'features/tasks/x.ts', "import './tasks.repository.js';"],
    [
      'a feature importing another feature’s service',
      'features/invitations/x.ts',
      "import '../members/members.service.js';",
    ],
    [
      'a feature importing the layers below',
      'features/comments/x.ts',
      "import '../../access/access.js';\nimport '../../board-content/board-content.js';\nimport '../../users/users.js';",
    ],
    ['access/ importing users/', 'access/x.ts', "import '../users/users.js';"],
    [
      'db/ naming a feature’s table type',
      'db/x.ts',
      "import type { TasksTable } from '../features/tasks/tasks.table.js';",
    ],
    [
      'a web feature importing its own files',
      'web:features/tasks/components/x.tsx',
      "import '../api/get-task';\nimport './section';",
    ],
    [
      'a web feature importing shared components and lib',
      'web:features/tasks/components/x.tsx',
      "import '../../../components/page';\nimport '../../../lib/api-client';",
    ],
  ];
  it.each(allowed)('allows %s', async (_what, file, code) => {
    expect(await importProblems(eslint, file, code)).toEqual([]);
  });
});
