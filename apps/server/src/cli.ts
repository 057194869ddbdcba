import { parseArgs } from 'node:util';
import { adminPasswordFrom, ConfigError, loadConfig } from './config.js';
import { createDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { adminAuditEntry, createAdmin, InvalidAdminInput } from './features/auth/create-admin.js';
import { systemClock } from './lib/clock.js';

const USAGE =
  'Usage: node apps/server/dist/cli.js create-admin --email <email> --name <name> [--password <password>]\n' +
  '  The password may also come from ADMIN_PASSWORD; without either, one is generated and printed.';

/** Exit codes: 0 done, 1 failure, 2 usage error. */
async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'create-admin') {
    console.error(USAGE);
    return 2;
  }
  let values: { email?: string; name?: string; password?: string };
  try {
    values = parseArgs({
      args: rest,
      options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!values.email) {
    console.error(`--email is required.\n${USAGE}`);
    return 2;
  }
  const config = loadConfig(process.env);
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db);
    const password = values.password ?? adminPasswordFrom(process.env);
    const result = await createAdmin(db, systemClock, {
      email: values.email,
      name: values.name ?? values.email.split('@')[0] ?? 'Admin',
      password,
    });
    console.log(
      result.isNew
        ? `Created admin ${values.email.toLowerCase()}.`
        : `${values.email.toLowerCase()} is now an admin.`,
    );
    if (result.generatedPassword) console.log(`Generated password (shown once): ${result.generatedPassword}`);
    console.log(JSON.stringify({ audit: adminAuditEntry(result, values.email, systemClock.now()) }));
    return 0;
  } finally {
    await db.destroy();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const isUserError = error instanceof InvalidAdminInput || error instanceof ConfigError;
    console.error(isUserError ? (error as Error).message : error);
    process.exit(isUserError ? 2 : 1);
  },
);
