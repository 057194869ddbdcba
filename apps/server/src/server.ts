import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { closeDatabase, createDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';

/**
 * Once a shutdown starts, requests in flight get this long to finish before every connection still
 * open is closed. Node's server.close() closes only idle keep-alive connections; one that sent part
 * of a request (or a client that stalls) would otherwise hold the exit until the header timeout,
 * 60 s or more: the restore test saw a 70 s stop now and then.
 */
const SHUTDOWN_GRACE_MS = 5_000;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const database = createDatabase(config.database);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database });
  await app.listen({ port: config.port, host: config.host });

  app.log.info(
    {
      database: config.database.dialect === 'sqlite' ? config.database.file : 'postgresql',
      mail: config.smtpUrl ? 'smtp' : config.outboxDir,
      webApp: config.webDistDir,
    },
    'TeamBoard started',
  );
  console.log(`TeamBoard is running at ${config.appUrl}`);

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    try {
      await app.close();
      await closeDatabase(database.db);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  console.error(`TeamBoard could not start: ${message}`);
  process.exit(1);
});
