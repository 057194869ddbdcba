import { expect, type APIRequestContext } from '@playwright/test';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { apiCredentials, createConfirmedUser, PASSWORD, uniqueEmail } from './accounts';
import { E2E_DATA_DIR } from './env';

const run = promisify(execFile);

/**
 * An administrator, made the one way the app offers: the create-admin command (docs: README), run
 * against the data folder of the server under test, as an operator would on the server's machine.
 */
export async function createAdmin(name = 'Alma Admin', email = uniqueEmail('admin'), dataDir = E2E_DATA_DIR) {
  await run(
    process.execPath,
    ['apps/server/dist/cli.js', 'create-admin', '--email', email, '--name', name, '--password', PASSWORD],
    { env: { ...process.env, DATA_DIR: dataDir } },
  );
  return { name, email, password: PASSWORD };
}

/**
 * A teacher: a confirmed account that an administrator made teaching staff through the dashboard's
 * API (PUT /api/admin/users/:id), the way a school promotes one.
 */
export async function createTeacher(
  request: APIRequestContext,
  name: string,
  email = uniqueEmail('teacher'),
) {
  const teacher = await createConfirmedUser(request, name, email);
  const admin = await createAdmin();
  const adminHeaders = await apiCredentials(request, admin.email);
  const signedIn = await request.post('/api/auth/sign_in', {
    data: { email: teacher.email, password: teacher.password },
  });
  expect(signedIn.status()).toBe(200);
  const { id } = ((await signedIn.json()) as { data: { id: number } }).data;
  const promoted = await request.put(`/api/admin/users/${id}`, {
    headers: adminHeaders,
    data: { account_type: 'teacher' },
  });
  expect(promoted.status()).toBe(200);
  return teacher;
}
