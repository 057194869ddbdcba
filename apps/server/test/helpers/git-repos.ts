import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const GIT_ENV = {
  PATH: process.env.PATH,
  HOME: os.tmpdir(),
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
};

export interface Author {
  name: string;
  email: string;
}

/**
 * A real bare repository under `root` and a clone to commit in, driven with the git command line —
 * what a team's remote and a student's checkout are.
 */
export class GitRepos {
  readonly bare: string;
  readonly work: string;
  private counter = 0;

  constructor(readonly root = mkdtempSync(path.join(os.tmpdir(), 'teamboard-git-'))) {
    this.bare = path.join(root, 'team-app.git');
    this.work = path.join(root, 'checkout');
    git(root, ['init', '--quiet', '--bare', '--initial-branch=main', this.bare]);
    git(root, ['clone', '--quiet', this.bare, this.work]);
    git(this.work, ['checkout', '--quiet', '-B', 'main']);
  }

  /** One commit by `author` with `message` (a new file each time); returns its sha. */
  commit(author: Author, message: string, date = '2026-11-20T10:00:00Z'): string {
    this.counter += 1;
    writeFileSync(path.join(this.work, `file-${this.counter}.txt`), `change ${this.counter}\n`);
    git(this.work, ['add', '.']);
    git(this.work, ['commit', '--quiet', '-m', message], {
      GIT_AUTHOR_NAME: author.name,
      GIT_AUTHOR_EMAIL: author.email,
      GIT_COMMITTER_NAME: author.name,
      GIT_COMMITTER_EMAIL: author.email,
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_DATE: date,
    });
    return git(this.work, ['rev-parse', 'HEAD']).trim();
  }

  push(options: { force?: boolean; branch?: string } = {}): void {
    const branch = options.branch ?? 'main';
    git(this.work, [
      'push',
      '--quiet',
      ...(options.force ? ['--force'] : []),
      'origin',
      `HEAD:refs/heads/${branch}`,
    ]);
  }

  /** Rewrites the last commit's message (what `git commit --amend` + force-push does to history). */
  amend(author: Author, message: string): string {
    git(this.work, ['commit', '--quiet', '--amend', '-m', message], {
      GIT_COMMITTER_NAME: author.name,
      GIT_COMMITTER_EMAIL: author.email,
      GIT_COMMITTER_DATE: '2026-11-21T10:00:00Z',
    });
    return git(this.work, ['rev-parse', 'HEAD']).trim();
  }

  branch(name: string): void {
    git(this.work, ['checkout', '--quiet', '-B', name]);
  }

  /** A folder inside the root that is not a repository. */
  plainFolder(): string {
    const dir = path.join(this.root, 'not-a-repo');
    mkdirSync(dir, { recursive: true });
    return dir;
  }
}

function git(cwd: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync('git', args, {
    cwd,
    env: { ...GIT_ENV, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
}
