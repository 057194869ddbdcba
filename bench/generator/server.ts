/* eslint-disable no-restricted-imports -- the generator must write exactly the server's schema with
   the server's own code (database factory, migrations, password hasher); this file is the one seam
   through which bench/generator reaches into apps/server (the lint rule keeps apps from importing
   each other, which this is not). */
export { createDatabase, type Database, type Db } from '../../apps/server/src/db/database.js';
export { isSqlite } from '../../apps/server/src/db/dialect.js';
export { migrateToLatest } from '../../apps/server/src/db/migrate.js';
export type { DatabaseConfig } from '../../apps/server/src/config.js';
export { hashPassword, verifyPassword } from '../../apps/server/src/lib/passwords.js';
