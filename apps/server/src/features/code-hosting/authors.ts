import type { Db } from '../../db/database.js';

export interface AuthorIdentity {
  login: string | null;
  email: string;
  name: string;
}

/**
 * Maps a commit or pull-request author to a member of the project: by the host's login (GitHub →
 * the member's `gitname`, GitLab → `labname`, plain git → either), then by the commit's email, then by
 * a name equal to one of those handles. Loaded once per sync; names compared case-insensitively.
 */
export class AuthorMap {
  private constructor(
    private readonly byLogin: Map<string, number>,
    private readonly byEmail: Map<string, number>,
  ) {}

  static async load(db: Db, projectId: number, provider: 'git' | 'github' | 'gitlab'): Promise<AuthorMap> {
    const members = await db
      .selectFrom('project_members')
      .innerJoin('users', 'users.id', 'project_members.user_id')
      .select(['users.id', 'users.email', 'users.gitname', 'users.labname'])
      .where('project_members.project_id', '=', projectId)
      .orderBy('users.id')
      .execute();
    const byLogin = new Map<string, number>();
    const byEmail = new Map<string, number>();
    for (const member of members) {
      const handles =
        provider === 'github'
          ? [member.gitname]
          : provider === 'gitlab'
            ? [member.labname]
            : [member.gitname, member.labname];
      for (const handle of handles) if (handle) setOnce(byLogin, handle.toLowerCase(), member.id);
      setOnce(byEmail, member.email.toLowerCase(), member.id);
    }
    return new AuthorMap(byLogin, byEmail);
  }

  userOf(author: AuthorIdentity): number | null {
    return (
      (author.login && this.byLogin.get(author.login.toLowerCase())) ||
      this.byEmail.get(author.email.toLowerCase()) ||
      this.byLogin.get(author.name.toLowerCase()) ||
      null
    );
  }
}

function setOnce(map: Map<string, number>, key: string, id: number): void {
  if (!map.has(key)) map.set(key, id);
}
