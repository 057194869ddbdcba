/* eslint-disable no-restricted-imports -- the generator must write exactly the server's schema with
   the server's own code (database factory, migrations, password hasher); this file is the one seam
   through which bench/generator reaches into apps/server (the lint rule keeps apps from importing
   each other, which this is not). */
export { createDatabase, type Database, type Db } from '../../apps/server/src/db/database.js';
export { isSqlite } from '../../apps/server/src/db/dialect.js';
export { migrateToLatest } from '../../apps/server/src/db/migrate.js';
export type { DatabaseConfig } from '../../apps/server/src/config.js';
export { hashPassword, verifyPassword } from '../../apps/server/src/lib/passwords.js';
export {
  VERSION_1_EN as TERMS_VERSION_1_EN,
  VERSION_1_ES as TERMS_VERSION_1_ES,
} from '../../apps/server/src/db/migrations/2026_11_26_1520_create_terms_versions.js';
