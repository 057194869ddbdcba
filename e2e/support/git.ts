import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_GIT_ROOT } from './env';

const ENV = {
  PATH: process.env.PATH,
  HOME: tmpdir(),
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
};
const git = (cwd: string, args: string[], env: Record<string, string> = {}) =>
  execFileSync('git', args, {
    cwd,
    env: { ...ENV, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });

/** A team's bare repository inside the folder the app may link by path, and a checkout that pushes to it. */
export class TeamRepository {
  readonly bare: string;
  private readonly work: string;
  private count = 0;

  constructor(name: string) {
    mkdirSync(E2E_GIT_ROOT, { recursive: true });
    this.bare = join(mkdtempSync(join(E2E_GIT_ROOT, `${name}-`)), `${name}.git`);
    this.work = mkdtempSync(join(tmpdir(), 'teamboard-e2e-checkout-'));
    git(E2E_GIT_ROOT, ['init', '--quiet', '--bare', '--initial-branch=main', this.bare]);
    git(this.work, ['init', '--quiet', '--initial-branch=main']);
    git(this.work, ['remote', 'add', 'origin', this.bare]);
  }

  /** Commits as `author` and pushes; returns the sha. */
  commitAndPush(author: { name: string; email: string }, message: string): string {
    this.count += 1;
    writeFileSync(join(this.work, `change-${this.count}.txt`), `${this.count}\n`);
    git(this.work, ['add', '.']);
    git(this.work, ['commit', '--quiet', '-m', message], {
      GIT_AUTHOR_NAME: author.name,
      GIT_AUTHOR_EMAIL: author.email,
      GIT_COMMITTER_NAME: author.name,
      GIT_COMMITTER_EMAIL: author.email,
    });
    git(this.work, ['push', '--quiet', 'origin', 'HEAD:refs/heads/main']);
    return git(this.work, ['rev-parse', 'HEAD']).trim();
  }
}
