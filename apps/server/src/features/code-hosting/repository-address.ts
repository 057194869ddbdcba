import type { CodeHost, LinkRepositoryInput } from '@teamboard/contract';
import { execFile } from 'node:child_process';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { assertOutboundUrl, OutboundError } from '../../http-client/index.js';
import { AppError } from '../../lib/app-error.js';
import { parseGithubRepository } from './providers/github.js';
import { parseGitlabRepository } from './providers/gitlab.js';

const run = promisify(execFile);
const GITHUB_API = 'https://api.github.com';
const GITLAB = 'https://gitlab.com';

export interface RepositoryAddress {
  provider: CodeHost;
  name: string;
  url: string;
  web_url: string | null;
  base_url: string | null;
}

export interface AddressRules {
  allowedHosts: readonly string[];
  localRoots: readonly string[];
}

/**
 * What a link form's address means, checked before anything is stored: the repository's canonical
 * form per host, and every address the server will call refused when it points at a loopback,
 * private or link-local network the administrator did not allow (docs/security.md).
 */
export async function resolveAddress(
  input: LinkRepositoryInput,
  rules: AddressRules,
): Promise<RepositoryAddress> {
  if (input.base_url) await checkOutbound(input.base_url, rules);
  switch (input.provider) {
    case 'git':
      return gitAddress(input, rules);
    case 'github': {
      const parsed = parseGithubRepository(input.url);
      if (!parsed) throw new AppError('REPOSITORY_URL_NOT_VALID');
      const base = input.base_url?.replace(/\/+$/, '') ?? null;
      const web = base ? base.replace(/\/api\/v3$/, '') : 'https://github.com';
      const name = `${parsed.owner}/${parsed.name}`;
      return { provider: 'github', name, url: name, web_url: `${web}/${name}`, base_url: base ?? GITHUB_API };
    }
    case 'gitlab': {
      const parsed = parseGitlabRepository(input.url, input.base_url);
      if (!parsed) throw new AppError('REPOSITORY_URL_NOT_VALID');
      const base = input.base_url?.replace(/\/+$/, '') ?? GITLAB;
      return {
        provider: 'gitlab',
        name: parsed.path,
        url: parsed.path,
        web_url: `${base}/${parsed.path}`,
        base_url: base,
      };
    }
  }
}

async function gitAddress(input: LinkRepositoryInput, rules: AddressRules): Promise<RepositoryAddress> {
  if (input.token) throw new AppError('TOKEN_NOT_SUPPORTED');
  const name = (url: string) => path.basename(url.replace(/\/+$/, '')).replace(/\.git$/, '') || url;
  if (/^https?:\/\//i.test(input.url)) {
    await checkOutbound(input.url, rules);
    const web = input.url.replace(/\.git\/?$/, '').replace(/\/+$/, '');
    return { provider: 'git', name: name(input.url), url: input.url, web_url: web, base_url: null };
  }
  if (!path.isAbsolute(input.url)) throw new AppError('REPOSITORY_URL_NOT_VALID');
  const local = await localRepository(input.url, rules.localRoots);
  return { provider: 'git', name: name(local), url: local, web_url: null, base_url: null };
}

/** A local repository is read only inside a folder the administrator allows (CODE_HOSTING_LOCAL_ROOTS). */
async function localRepository(given: string, roots: readonly string[]): Promise<string> {
  const real = await realpath(given).catch(() => null);
  const inside = async (root: string) => {
    const realRoot = await realpath(root).catch(() => null);
    return realRoot !== null && real !== null && (real === realRoot || real.startsWith(realRoot + path.sep));
  };
  if (!real || !(await Promise.all(roots.map(inside))).some(Boolean))
    throw new AppError('REPOSITORY_PATH_NOT_ALLOWED');
  // The folder itself must be the repository (bare, or with its .git), not any folder inside one.
  const gitDir = await run('git', ['-C', real, 'rev-parse', '--absolute-git-dir'], {
    env: { PATH: process.env.PATH, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
    timeout: 10_000,
  }).then(
    ({ stdout }) => stdout.trim(),
    () => null,
  );
  if (gitDir !== real && gitDir !== path.join(real, '.git'))
    throw new AppError('REPOSITORY_PATH_NOT_ALLOWED');
  return real;
}

/** Refuses loopback/private targets and bad schemes; a host that does not resolve yet is the sync's problem. */
async function checkOutbound(url: string, rules: AddressRules): Promise<void> {
  try {
    await assertOutboundUrl(url, rules.allowedHosts);
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    if (error.code === 'ADDRESS_NOT_ALLOWED') throw new AppError('ADDRESS_NOT_ALLOWED');
    if (error.code === 'URL_NOT_VALID') throw new AppError('URL_NOT_VALID');
  }
}
