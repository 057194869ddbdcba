import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { PASSWORD, uniqueEmail } from './accounts';
import { E2E_DATA_DIR } from './env';

const run = promisify(execFile);

/**
 * An administrator, made the one way the app offers: the create-admin command (docs: README), run
 * against the data folder of the server under test, as an operator would on the server's machine.
 */
export async function createAdmin(name = 'Alma Admin', email = uniqueEmail('admin')) {
  await run(
    process.execPath,
    ['apps/server/dist/cli.js', 'create-admin', '--email', email, '--name', name, '--password', PASSWORD],
    { env: { ...process.env, DATA_DIR: E2E_DATA_DIR } },
  );
  return { name, email, password: PASSWORD };
}
