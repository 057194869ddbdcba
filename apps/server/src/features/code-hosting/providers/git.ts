import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { BranchHead, CodeHostProvider, RemoteCommit, RemotePullRequest } from './provider.js';
import { ProviderError } from './provider.js';

const run = promisify(execFile);
const FIELD = '\x1f';
const RECORD = '\x1e';
const PAGE_SIZE = 500;
const FETCH_TIMEOUT_MS = 5 * 60_000;

export interface GitProviderOptions {
  /** An http(s) remote, already checked by the guarded client's rules, or a local repository's path. */
  url: string;
  /** Our bare copy of it (under DATA_DIR), fetched into on every sync. */
  mirrorDir: string;
  /** Checks a remote address again right before git reaches it (DNS may have changed since linking). */
  checkRemote: (url: string) => Promise<void>;
}

/**
 * Plain git, read with the git command line: any http(s) remote or a local repository, no API and
 * no network needed for the local case. Each sync fetches every branch into our bare copy, then
 * reads `git log` of what is new. git runs without a shell, system or user configuration, hooks or
 * prompts, with only the http(s) protocols (file for a local path) and no redirects.
 */
export class GitProvider implements CodeHostProvider {
  private readonly isLocal: boolean;

  constructor(private readonly options: GitProviderOptions) {
    this.isLocal = !/^https?:\/\//i.test(options.url);
  }

  async branches(): Promise<BranchHead[]> {
    await this.fetch();
    const { stdout } = await this.git([
      'for-each-ref',
      '--format=%(refname:short)%09%(objectname)',
      'refs/heads',
    ]);
    return stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [name = '', sha = ''] = line.split('\t');
        return { name, sha };
      });
  }

  async *commits(branch: BranchHead, since: string | null): AsyncIterable<RemoteCommit[]> {
    const range =
      since && (await this.isAncestor(since, branch.sha)) ? `${since}..${branch.sha}` : branch.sha;
    let page: RemoteCommit[] = [];
    for await (const record of this.logRecords(range)) {
      page.push(this.toCommit(record));
      if (page.length === PAGE_SIZE) {
        yield page;
        page = [];
      }
    }
    if (page.length > 0) yield page;
  }

  // Plain git has no pull requests.
  // eslint-disable-next-line require-yield
  async *pullRequests(): AsyncIterable<RemotePullRequest[]> {
    return;
  }

  private async fetch(): Promise<void> {
    const { url, mirrorDir } = this.options;
    if (!this.isLocal) await this.options.checkRemote(url);
    if (!existsSync(mirrorDir)) {
      await mkdir(mirrorDir, { recursive: true });
      await this.git(['init', '--bare', '--quiet']);
    }
    try {
      await this.git(
        ['fetch', '--quiet', '--prune', '--force', '--no-tags', url, '+refs/heads/*:refs/heads/*'],
        {
          timeout: FETCH_TIMEOUT_MS,
        },
      );
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr ?? '';
      if (
        /not found|does not appear to be a git repository|does not exist|repository .* not found/i.test(
          stderr,
        )
      ) {
        throw new ProviderError('REPOSITORY_NOT_FOUND', 'git: repository not found');
      }
      if (/Authentication failed|could not read Username|403/i.test(stderr)) {
        throw new ProviderError('UNAUTHORIZED', 'git: authentication required');
      }
      throw new ProviderError(
        'UNREACHABLE',
        `git fetch failed: ${stderr.split('\n')[0] ?? ''}`.slice(0, 300),
      );
    }
  }

  private async isAncestor(ancestor: string, head: string): Promise<boolean> {
    try {
      await this.git(['merge-base', '--is-ancestor', ancestor, head]);
      return true;
    } catch {
      // Exit 1: not an ancestor (history rewritten); 128: unknown commit (pruned after a force-push).
      return false;
    }
  }

  /** `git log` streamed record by record, so 10,000 commits never sit in one string. */
  private async *logRecords(range: string): AsyncIterable<string[]> {
    const child = spawn(
      'git',
      [...this.baseArgs(), 'log', `--format=%H${FIELD}%an${FIELD}%ae${FIELD}%cI${FIELD}%B${RECORD}`, range],
      {
        env: gitEnv(),
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    let buffer = '';
    child.stdout.setEncoding('utf8');
    for await (const chunk of child.stdout as AsyncIterable<string>) {
      buffer += chunk;
      let end = buffer.indexOf(RECORD);
      while (end !== -1) {
        yield buffer.slice(0, end).replace(/^\n/, '').split(FIELD);
        buffer = buffer.slice(end + 1);
        end = buffer.indexOf(RECORD);
      }
    }
    const code = await exited;
    if (code !== 0) throw new ProviderError('UNREACHABLE', `git log ended with code ${String(code)}`);
  }

  private toCommit([sha = '', name = '', email = '', date = '', body = '']: string[]): RemoteCommit {
    return {
      sha,
      message: body.trim(),
      url: commitWebUrl(this.options.url, sha),
      author_name: name,
      author_email: email,
      author_login: null,
      committed_at: new Date(date).toISOString(),
    };
  }

  private baseArgs(): string[] {
    const protocols = this.isLocal ? ['-c', 'protocol.file.allow=always'] : [];
    return [
      '-C',
      this.options.mirrorDir,
      '-c',
      'protocol.allow=never',
      '-c',
      'protocol.https.allow=always',
      '-c',
      'protocol.http.allow=always',
      ...protocols,
      '-c',
      'http.followRedirects=false',
      '-c',
      'core.hooksPath=/dev/null',
    ];
  }

  private git(args: string[], options: { timeout?: number } = {}) {
    return run('git', [...this.baseArgs(), ...args], {
      env: gitEnv(),
      timeout: options.timeout ?? 60_000,
      maxBuffer: 64 * 1024 * 1024,
    });
  }
}

function gitEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: 'C',
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_ASKPASS: 'true',
  };
}

/** Where a person reads a commit of a remote on a web host (GitHub-like or GitLab), else null. */
export function commitWebUrl(remote: string, sha: string): string | null {
  const match = /^(https?:\/\/[^/]+)\/(.+?)(?:\.git)?\/?$/i.exec(remote);
  if (!match) return null;
  const [, origin = '', path = ''] = match;
  const separator = /gitlab/i.test(origin) ? '/-/commit/' : '/commit/';
  return `${origin}/${path}${separator}${sha}`;
}
