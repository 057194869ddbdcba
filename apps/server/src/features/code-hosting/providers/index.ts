import path from 'node:path';
import { assertOutboundUrl, type HttpClient } from '../../../http-client/index.js';
import type { RepositoryRow } from '../repositories.repository.js';
import { GitProvider } from './git.js';
import { GithubProvider } from './github.js';
import { GitlabProvider } from './gitlab.js';
import type { CodeHostProvider } from './provider.js';

export interface ProviderDeps {
  http: HttpClient;
  allowedHosts: readonly string[];
  /** Where plain git repositories are mirrored (DATA_DIR/repositories). */
  mirrorsDir: string;
  /** The repository's token, opened from its sealed form only for the length of a sync. */
  tokenOf: (repository: RepositoryRow) => string | undefined;
}

/** The provider that reads one linked repository. */
export function providerFor(deps: ProviderDeps, repository: RepositoryRow): CodeHostProvider {
  const token = deps.tokenOf(repository);
  switch (repository.provider) {
    case 'git':
      return new GitProvider({
        url: repository.url,
        mirrorDir: path.join(deps.mirrorsDir, `${repository.id}.git`),
        checkRemote: async (url) => {
          await assertOutboundUrl(url, deps.allowedHosts);
        },
      });
    case 'github': {
      const [owner = '', name = ''] = repository.url.split('/');
      return new GithubProvider({
        http: deps.http,
        baseUrl: repository.base_url ?? undefined,
        owner,
        name,
        token,
      });
    }
    case 'gitlab':
      return new GitlabProvider({
        http: deps.http,
        baseUrl: repository.base_url ?? undefined,
        path: repository.url,
        token,
      });
  }
}
