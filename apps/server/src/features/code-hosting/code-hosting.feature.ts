import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { locateInProject, locateThroughTask } from '../../access/access.js';
import type { AppCore } from '../../app-core.js';
import { createHttpClient } from '../../http-client/index.js';
import { SecretBox } from '../../lib/sealed-secrets.js';
import { codeHostingRoutes } from './code-hosting.routes.js';
import { CodeHistoryService } from './code-history.service.js';
import { GithubOauth } from './github-oauth.js';
import { providerFor } from './providers/index.js';
import { RepositoriesService, SYNC_JOB } from './repositories.service.js';
import { syncRepository } from './sync.js';
import { TaskCommitsService } from './task-commits.service.js';
import { webhookRoutes } from './webhooks.routes.js';

/** Code hosting (docs/api-code-hosting.md): repositories, their sync, commits on tasks, webhooks. */
export async function codeHostingFeature(app: FastifyInstance, core: AppCore): Promise<void> {
  const { db, clock, config, realtime, jobs } = core;

  const secrets = new SecretBox(config.secretKey, 'code-hosting secrets');
  const http = createHttpClient({ allowedHosts: config.outboundAllowedHosts });
  const providerDeps = {
    http,
    allowedHosts: config.outboundAllowedHosts,
    mirrorsDir: path.join(config.dataDir, 'repositories'),
    tokenOf: (row: { token_sealed: string | null }) =>
      row.token_sealed ? secrets.open(row.token_sealed) : undefined,
  };
  jobs.handle(SYNC_JOB, (key) =>
    syncRepository(
      { db, clock, realtime, providerFor: (row) => providerFor(providerDeps, row) },
      Number(key),
    ),
  );

  app.projectResources.register({
    kind: 'repository',
    path: '/api/repositories/:id',
    locate: locateInProject(core.database, 'repositories'),
  });
  app.projectResources.register({
    kind: 'task_commit',
    path: '/api/task_commits/:id',
    locate: locateThroughTask(core.database, 'task_commits'),
  });

  const oauth = config.githubOauth
    ? new GithubOauth({
        db,
        clock,
        http,
        jobs,
        secrets,
        secretKey: config.secretKey,
        appUrl: config.appUrl,
        app: config.githubOauth,
      })
    : null;
  await app.register(codeHostingRoutes, {
    repositories: new RepositoriesService({
      database: core.database,
      db,
      clock,
      jobs,
      secrets,
      appUrl: config.appUrl,
      rules: { allowedHosts: config.outboundAllowedHosts, localRoots: config.codeHostingLocalRoots },
    }),
    history: new CodeHistoryService({ db }),
    taskCommits: new TaskCommitsService({ db, clock, realtime }),
    oauth,
    localRepositories: config.codeHostingLocalRoots.length > 0,
  });
  await app.register(webhookRoutes, { db, clock, jobs, secrets });
}
