import type { AppDatabase } from '../../db/app-database.js';
import type {
  AcceptTermsInput,
  TermsAcceptance,
  TermsDraft,
  TermsDraftInput,
  TermsHistoryResponse,
  TermsVersion,
} from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { userChanged, type UserRow } from '../../users/users.js';
import * as repo from './terms.repository.js';

/**
 * How long an instance trusts the current version number it read. Publishing on this instance
 * forgets it at once; another instance (several behind one Redis) sees a new version within this.
 */
export const CURRENT_VERSION_TTL_MS = 5_000;

export interface TermsDeps {
  database: AppDatabase;
  db: Db;
  clock: Clock;
}

/**
 * The terms version an account accepts when it is created (sign-up, the OIDC finish-sign-up step):
 * the version the screen showed, or the current one when left out. A version shown before a newer
 * one was published is recorded as it is: the newer one is then asked at the first sign-in.
 */
export async function versionAcceptedOnSignUp(db: Db, shown: number | undefined): Promise<number> {
  const current = (await repo.currentVersionNumber(db)) ?? 1;
  return shown === undefined ? current : Math.min(shown, current);
}

/** Versioned terms and conditions (docs/api-terms.md): drafts, publication, acceptance and the gate. */
export class TermsService {
  private cached: { version: number | null; until: number } | null = null;

  constructor(private readonly deps: TermsDeps) {}

  current(): Promise<TermsVersion | null> {
    return repo.findCurrentVersion(this.deps.db);
  }

  async history(): Promise<TermsHistoryResponse> {
    const [versions, draft] = await Promise.all([
      repo.listVersions(this.deps.db),
      repo.findDraft(this.deps.db),
    ]);
    return { data: versions, draft: draft && withoutId(draft) };
  }

  /** Saves the draft of the next version (the last save wins). */
  async saveDraft(admin: UserRow, input: TermsDraftInput): Promise<TermsDraft> {
    const values = {
      body_en: input.body_en,
      body_es: input.body_es,
      updated_by: admin.id,
      updated_at: this.now(),
    };
    await this.deps.db.transaction().execute(async (trx) => {
      const draft = await repo.findDraft(trx);
      if (draft) await repo.updateDraft(trx, draft.id, values);
      else await repo.insertDraft(trx, values);
    });
    const saved = await repo.findDraft(this.deps.db);
    if (!saved) throw new AppError('TERMS_DRAFT_MISSING');
    return withoutId(saved);
  }

  async discardDraft(): Promise<void> {
    await repo.deleteDrafts(this.deps.db);
  }

  /**
   * Publishes the draft as the next version. Every account that accepted an older one must accept it
   * before anything else; the publishing admin, who wrote it, counts as having accepted it.
   */
  async publish(admin: UserRow): Promise<TermsVersion> {
    const now = this.now();
    const version = await this.deps.db.transaction().execute(async (trx) => {
      const draft = await repo.findDraft(trx);
      if (!draft) throw new AppError('TERMS_DRAFT_MISSING');
      const next = ((await repo.currentVersionNumber(trx)) ?? 0) + 1;
      const isPublished = await repo.publishDraft(trx, draft.id, {
        version: next,
        published_by: admin.id,
        published_at: now,
      });
      // Published or discarded by another request in the meantime: nothing left to publish.
      if (!isPublished) throw new AppError('TERMS_DRAFT_MISSING');
      await repo.recordAcceptance(trx, this.deps.database.stamps, admin.id, next, now);
      return next;
    });
    userChanged(this.deps.database.stamps, admin.id);
    this.cached = null;
    const published = await repo.findVersion(this.deps.db, version);
    if (!published) throw new AppError('UNEXPECTED');
    return published;
  }

  /** The caller's standing, read fresh (not through the gate's short cache). */
  async acceptance(user: UserRow): Promise<TermsAcceptance> {
    const current = await repo.currentVersionNumber(this.deps.db);
    this.cached = { version: current, until: this.deps.clock.now().getTime() + CURRENT_VERSION_TTL_MS };
    return standing(current, user.terms_version, user.terms_accepted_at);
  }

  /** Accepts the current version; 409 TERMS_VERSION_OUTDATED when the person read another one. */
  async accept(user: UserRow, input: AcceptTermsInput): Promise<TermsAcceptance> {
    const current = await repo.currentVersionNumber(this.deps.db);
    if (current === null || input.version !== current) throw new AppError('TERMS_VERSION_OUTDATED');
    if (user.terms_version >= current) return standing(current, user.terms_version, user.terms_accepted_at);
    const now = this.now();
    await repo.recordAcceptance(this.deps.db, this.deps.database.stamps, user.id, current, now);
    return standing(current, current, now);
  }

  /** The gate's question, on every authenticated call: has this account accepted the version in force? */
  async isAcceptanceRequired(user: Pick<UserRow, 'terms_version'>): Promise<boolean> {
    const current = await this.currentVersionCached();
    return current !== null && user.terms_version < current;
  }

  private async currentVersionCached(): Promise<number | null> {
    const now = this.deps.clock.now().getTime();
    if (this.cached && now < this.cached.until) return this.cached.version;
    const version = await repo.currentVersionNumber(this.deps.db);
    this.cached = { version, until: now + CURRENT_VERSION_TTL_MS };
    return version;
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }
}

function standing(current: number | null, accepted: number, acceptedAt: string | null): TermsAcceptance {
  return {
    current_version: current,
    accepted_version: accepted,
    accepted_at: acceptedAt,
    required: current !== null && accepted < current,
  };
}

function withoutId(draft: TermsDraft & { id: number }): TermsDraft {
  const { id: _id, ...rest } = draft;
  return rest;
}
