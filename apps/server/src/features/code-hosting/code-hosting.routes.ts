import {
  CodeHostingConfigResponseSchema,
  CommitListQuerySchema,
  CommitListResponseSchema,
  GithubCallbackInputSchema,
  LinkRepositoryInputSchema,
  LinkRepositoryResponseSchema,
  PullRequestListQuerySchema,
  PullRequestListResponseSchema,
  RepositoryListResponseSchema,
  RepositoryResponseSchema,
  RepositoryWebhookResponseSchema,
  TaskCommitInputSchema,
  TaskCommitListResponseSchema,
  TaskResponseSchema,
} from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onId, projectAccessOf, signedInRoute } from '../../access/access.js';
import { AppError } from '../../lib/app-error.js';
import { signedIn } from '../../plugins/auth.js';
import type { CodeHistoryService } from './code-history.service.js';
import type { GithubOauth } from './github-oauth.js';
import type { RepositoriesService } from './repositories.service.js';
import type { TaskCommitsService } from './task-commits.service.js';

const tags = ['code hosting'];

export interface CodeHostingRouteDeps {
  repositories: RepositoriesService;
  history: CodeHistoryService;
  taskCommits: TaskCommitsService;
  oauth: GithubOauth | null;
  localRepositories: boolean;
}

/** docs/api-code-hosting.md. */
export const codeHostingRoutes: FastifyPluginAsyncZod<CodeHostingRouteDeps> = async (app, deps) => {
  const { repositories, history, taskCommits, oauth } = deps;

  app.get(
    '/api/code_hosting/config',
    signedInRoute('signed_in', {
      tags,
      summary: 'What the link form offers on this server',
      response: { 200: CodeHostingConfigResponseSchema },
    }),
    async () => ({ data: { github_oauth: oauth !== null, local_repositories: deps.localRepositories } }),
  );

  app.get(
    '/api/projects/:id/repositories',
    onId('project.view', {
      tags,
      summary: 'The repositories linked to a project, with their sync state',
      response: { 200: RepositoryListResponseSchema },
    }),
    async (request) => ({ data: await repositories.list(projectAccessOf(request)) }),
  );

  app.post(
    '/api/projects/:id/repositories',
    onId('project.manage', {
      tags,
      summary: 'Link a repository (GitHub, GitLab or plain git); its first sync is queued',
      body: LinkRepositoryInputSchema,
      response: { 201: LinkRepositoryResponseSchema },
    }),
    async (request, reply) => {
      const access = projectAccessOf(request);
      const user = signedIn(request).user;
      const authorizing = request.body.authorize === true;
      if (authorizing && (request.body.provider !== 'github' || !oauth))
        throw new AppError('OAUTH_NOT_CONFIGURED');
      const id = await repositories.link(user, access, request.body, authorizing);
      const authorize_url = authorizing && oauth ? oauth.authorizeUrl(user, access.project.id, id) : null;
      return reply.code(201).send({ data: await repositories.one(access, id), authorize_url });
    },
  );

  app.post(
    '/api/projects/:id/repositories/github/callback',
    onId('project.manage', {
      tags,
      summary: "Complete a GitHub link with GitHub's OAuth answer (the /github/{id} page)",
      body: GithubCallbackInputSchema,
      response: { 200: RepositoryResponseSchema },
    }),
    async (request) => {
      if (!oauth) throw new AppError('OAUTH_NOT_CONFIGURED');
      const access = projectAccessOf(request);
      const id = await oauth.callback(signedIn(request).user, access, request.body);
      return { data: await repositories.one(access, id) };
    },
  );

  app.get(
    '/api/repositories/:id/webhook',
    onId('project.manage', {
      tags,
      summary: "Where the host's webhook (or a git post-receive hook) posts, and its secret",
      response: { 200: RepositoryWebhookResponseSchema },
    }),
    async (request) => ({ data: await repositories.webhook(projectAccessOf(request), request.params.id) }),
  );

  app.post(
    '/api/repositories/:id/sync',
    onId('work.edit', {
      tags,
      summary: 'Sync now (queued for the background worker)',
      response: { 202: RepositoryResponseSchema },
    }),
    async (request, reply) =>
      reply
        .code(202)
        .send({ data: await repositories.requestSync(projectAccessOf(request), request.params.id) }),
  );

  app.delete(
    '/api/repositories/:id',
    onId('project.manage', {
      tags,
      summary: 'Unlink a repository (its collected commits stay on their tasks)',
    }),
    async (request, reply) => {
      await repositories.unlink(projectAccessOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/projects/:id/commits',
    onId('project.view', {
      tags,
      summary: "The project's collected commits, newest first, searchable",
      querystring: CommitListQuerySchema,
      response: { 200: CommitListResponseSchema },
    }),
    async (request) => history.commits(projectAccessOf(request), request.query),
  );

  app.get(
    '/api/projects/:id/pull_requests',
    onId('project.view', {
      tags,
      summary: "The project's pull and merge requests, newest first",
      querystring: PullRequestListQuerySchema,
      response: { 200: PullRequestListResponseSchema },
    }),
    async (request) => history.pullRequests(projectAccessOf(request), request.query),
  );

  app.get(
    '/api/tasks/:id/commits',
    onId('project.view', {
      tags,
      summary: "The task's linked commits",
      response: { 200: TaskCommitListResponseSchema },
    }),
    async (request) => ({ data: await taskCommits.list(projectAccessOf(request), request.params.id) }),
  );

  app.post(
    '/api/tasks/:id/commits',
    onId('work.edit', {
      tags,
      summary:
        'Link a commit to the task by hand: a collected one ({commit_id}) or any address ({message, url})',
      body: TaskCommitInputSchema,
      response: { 200: TaskResponseSchema },
    }),
    async (request) => {
      const body = request.body;
      const input =
        body.commit_id !== undefined
          ? { commit_id: body.commit_id }
          : { message: body.message!, url: body.url! };
      return {
        data: await taskCommits.link(
          signedIn(request).user,
          projectAccessOf(request),
          request.params.id,
          input,
        ),
      };
    },
  );

  app.delete(
    '/api/tasks/:id/commits',
    onId('work.edit', {
      tags,
      summary: "Clear the task's commit links (SPEC §4)",
      response: { 200: TaskResponseSchema },
    }),
    async (request) => ({
      data: await taskCommits.clear(signedIn(request).user, projectAccessOf(request), request.params.id),
    }),
  );

  app.delete(
    '/api/task_commits/:id',
    onId('work.edit', { tags, summary: 'Unlink one commit from its task' }),
    async (request, reply) => {
      await taskCommits.unlink(signedIn(request).user, projectAccessOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
