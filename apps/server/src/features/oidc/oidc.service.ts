import {
  DEFAULT_MAX_PROJECTS,
  NAME_MAX_LENGTH,
  type Language,
  type OidcSignUpInput,
} from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { addMs, DAY_MS, MINUTE_MS, type Clock } from '../../lib/clock.js';
import { NO_PASSWORD } from '../../lib/passwords.js';
import { SecretBox } from '../../lib/sealed-secrets.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import * as users from '../../users/users.js';
import type { UserRow } from '../../users/users.js';
import { storedUserName, type FreshAccount, type SessionCredentials } from '../auth/auth.service.js';
import type { OidcClient, OidcFlow, OidcIdentity } from './oidc-client.js';
import { OidcFailure } from './oidc-failure.js';
import * as repo from './oidc.repository.js';
import { versionAcceptedOnSignUp } from '../terms/terms.service.js';

/** How long a started sign-in may take at the provider. */
export const FLOW_LIFETIME_MS = 10 * MINUTE_MS;
/** How long the web app has to exchange the callback's code (a new person: to accept the terms). */
export const HANDOFF_LIFETIME_MS = 15 * MINUTE_MS;
/** What `users.provider` says of an account created by OpenID Connect sign-in. */
export const OIDC_PROVIDER_VALUE = 'oidc';

/**
 * What OIDC needs of the auth feature: a session issued exactly as for password sign-in, and an
 * unconfirmed account taken back for the owner of its address (nothing its sign-up set survives).
 */
export interface VerifiedSignIn {
  signInVerified(user: UserRow): Promise<SessionCredentials>;
  reclaimUnconfirmed(
    userId: number,
    fresh: FreshAccount,
    within: (trx: Db) => Promise<void>,
  ): Promise<UserRow | undefined>;
}

/** The hourly cleanup (features/jobs/cleanup.ts) asks for the sign-in handoffs past their expiry; how many went. */
export function deleteExpiredHandoffs(db: Db, at: string): Promise<number> {
  return repo.deleteExpiredHandoffs(db, at);
}

export interface OidcDeps {
  db: Db;
  clock: Clock;
  auth: VerifiedSignIn;
  client: OidcClient;
  secretKey: string;
}

export interface SignedIn {
  user: UserRow;
  credentials: SessionCredentials;
}

/** How an identity came to its account. */
export interface AccountOutcome {
  user: UserRow;
  /** The identity was just linked to an existing account by its verified email. */
  linked: boolean;
  /** That account was unconfirmed: it was taken back (reclaimUnconfirmed) before the link. */
  reclaimed: boolean;
}

/**
 * What an identity and its verified email find: the account it was linked to or the confirmed one
 * with the email (linked now), or an unconfirmed one with the email (a claim nobody proved, not
 * linked: only a new person's terms step takes it back), or nothing.
 */
interface Found {
  user: UserRow | undefined;
  linked: boolean;
  unconfirmed: UserRow | undefined;
}

/** The callback's outcome: the code for the web app, and what the audit log records. */
export interface Handoff {
  code: string;
  email: string;
  userId: number | null;
  /** The identity was just linked to an existing account by its verified email. */
  linked: boolean;
}

/**
 * Sign-in with OpenID Connect (docs/api-oidc.md). The provider's subject finds the account it was
 * linked to; failing that, a verified email links the confirmed account with that email; failing
 * that, a new person accepts the terms before the account is created. An unconfirmed account with
 * the email counts as no account: whoever signed up with it never proved the address, so the owner
 * goes through the terms step and takes the account back with nothing its sign-up set (password,
 * sessions, mailed links, name, language, terms acceptance). Sessions come from AuthService exactly
 * as for password sign-in.
 */
export class OidcService {
  private readonly flowBox: SecretBox;

  constructor(private readonly deps: OidcDeps) {
    this.flowBox = new SecretBox(deps.secretKey, 'oidc-flow');
  }

  /** Where to send the browser, and the sealed flow for its cookie. */
  async start(): Promise<{ url: string; sealedFlow: string }> {
    const flow = this.deps.client.newFlow();
    const url = await this.deps.client.authorizationUrl(flow);
    const expires = this.deps.clock.now().getTime() + FLOW_LIFETIME_MS;
    return { url, sealedFlow: this.flowBox.seal(JSON.stringify({ ...flow, expires })) };
  }

  /** The provider sent the browser back: verify everything, then a one-time code for the web app. */
  async callback(query: string, sealedFlow: string | undefined): Promise<Handoff> {
    const flow = this.openFlow(sealedFlow);
    const identity = await this.deps.client.callback(query, flow);
    const { email, name } = requireVerifiedEmail(identity);
    const { user, linked } = refuseBlocked(await this.findAccount(identity, email));
    const code = randomToken();
    const now = this.deps.clock.now();
    // Handoffs expired a day ago or more go (they are checked by expiry anyway).
    await repo.deleteExpiredHandoffs(this.deps.db, addMs(now, -DAY_MS).toISOString());
    await repo.insertHandoff(this.deps.db, {
      code_hash: hashToken(this.deps.secretKey, code),
      user_id: user?.id ?? null,
      issuer: identity.issuer,
      subject: identity.subject,
      email,
      name: accountName(name ?? '', email),
      expires_at: addMs(now, HANDOFF_LIFETIME_MS).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    });
    return { code, email, userId: user?.id ?? null, linked };
  }

  /**
   * The web app's code: a known account is signed in (the code is used up); a new person's code stays
   * live for the finish-sign-up step, and the answer says who they are.
   */
  async exchange(code: string): Promise<SignedIn | { signUp: { email: string; name: string } }> {
    const codeHash = hashToken(this.deps.secretKey, code);
    const live = await repo.findLiveHandoff(this.deps.db, codeHash, this.nowIso());
    if (!live) throw new AppError('OIDC_CODE_NOT_VALID');
    if (live.user_id === null) return { signUp: { email: live.email, name: live.name } };
    const used = await repo.consumeHandoff(this.deps.db, codeHash, this.nowIso());
    const user = used?.user_id ? await users.findUserById(this.deps.db, used.user_id) : undefined;
    if (!user) throw new AppError('OIDC_CODE_NOT_VALID');
    return { user, credentials: await this.deps.auth.signInVerified(user) };
  }

  /** The finish-sign-up step: the terms are accepted, so the account is created and signed in. */
  async finishSignUp(
    input: OidcSignUpInput,
    requestLanguage: Language,
  ): Promise<SignedIn & AccountOutcome & { email: string }> {
    const codeHash = hashToken(this.deps.secretKey, input.code);
    const live = await repo.findLiveHandoff(this.deps.db, codeHash, this.nowIso());
    if (!live || live.user_id !== null) throw new AppError('OIDC_CODE_NOT_VALID');
    if (!(await repo.consumeHandoff(this.deps.db, codeHash, this.nowIso())))
      throw new AppError('OIDC_CODE_NOT_VALID');
    const identity = { issuer: live.issuer, subject: live.subject };
    const language = input.language ?? requestLanguage;
    const outcome = await this.accountOrNew(identity, live.email, live.name, language, input.terms_version);
    const credentials = await this.deps.auth.signInVerified(outcome.user);
    return { ...outcome, credentials, email: live.email };
  }

  /**
   * docs/spec.md §7 `POST /api/google_oauth2/callback`: the access token a SPEC client got from the
   * provider. Same rules; a new person's account needs `terms_accepted`.
   */
  async signInWithAccessToken(
    accessToken: string,
    termsAccepted: boolean,
    language: Language,
  ): Promise<SignedIn & AccountOutcome & { email: string }> {
    const identity = await this.deps.client.identityOfAccessToken(accessToken);
    const { email, name } = requireVerifiedEmail(identity);
    const found = refuseBlocked(await this.findAccount(identity, email));
    if (!found.user && !termsAccepted) throw new AppError('TERMS_NOT_ACCEPTED');
    const outcome = found.user
      ? { user: found.user, linked: found.linked, reclaimed: false }
      : await this.accountOrNew(identity, email, name ?? email, language, undefined);
    return { ...outcome, credentials: await this.deps.auth.signInVerified(outcome.user), email };
  }

  private openFlow(sealed: string | undefined): OidcFlow {
    try {
      const flow = JSON.parse(this.flowBox.open(sealed ?? '')) as OidcFlow & { expires: number };
      if (flow.expires > this.deps.clock.now().getTime()) return flow;
    } catch {
      // a missing, foreign or tampered cookie
    }
    throw new OidcFailure('OIDC_SIGN_IN_FAILED', 'flow_cookie_not_valid');
  }

  /** The linked account, else the confirmed one with this verified email (linked now), else none. */
  private async findAccount(
    identity: Pick<OidcIdentity, 'issuer' | 'subject'>,
    email: string,
  ): Promise<Found> {
    const now = this.nowIso();
    const link = await repo.findIdentity(this.deps.db, identity.issuer, identity.subject);
    if (link) {
      await repo.touchIdentity(this.deps.db, link.id, email, now);
      const user = await users.findUserById(this.deps.db, link.user_id);
      return { user, linked: false, unconfirmed: undefined };
    }
    const existing = await users.findUserByEmail(this.deps.db, email);
    if (!existing) return { user: undefined, linked: false, unconfirmed: undefined };
    if (!existing.confirmed_at) return { user: undefined, linked: false, unconfirmed: existing };
    await repo.insertIdentity(this.deps.db, { ...identityOf(identity, email), user_id: existing.id, now });
    return { user: existing, linked: true, unconfirmed: undefined };
  }

  /**
   * findAccount, else the unconfirmed account with the email taken back, else a new account; either
   * of the last two is confirmed, has the terms accepted now and is linked to the identity.
   */
  private async accountOrNew(
    identity: Pick<OidcIdentity, 'issuer' | 'subject'>,
    email: string,
    name: string,
    language: Language,
    shownTermsVersion: number | undefined,
  ): Promise<AccountOutcome> {
    const fresh = await this.freshAccount(name, email, language, shownTermsVersion);
    // A second round only when a concurrent sign-up, confirmation or block changed the account
    // between looking and writing: the next look sees the change.
    for (let round = 1; ; round++) {
      const found = refuseBlocked(await this.findAccount(identity, email));
      if (found.user) return { user: found.user, linked: found.linked, reclaimed: false };
      const made = found.unconfirmed
        ? await this.reclaim(found.unconfirmed, identity, email, fresh)
        : await this.insertNew(identity, email, fresh);
      if (made) return made;
      if (round === 2) throw new Error('the account changed twice during one OpenID Connect sign-in');
    }
  }

  /** The unconfirmed account taken back for the identity (AuthService.reclaimUnconfirmed), linked. */
  private async reclaim(
    unconfirmed: UserRow,
    identity: Pick<OidcIdentity, 'issuer' | 'subject'>,
    email: string,
    fresh: FreshAccount,
  ): Promise<AccountOutcome | undefined> {
    const link = { ...identityOf(identity, email), user_id: unconfirmed.id, now: fresh.updated_at };
    const user = await this.deps.auth.reclaimUnconfirmed(unconfirmed.id, fresh, (trx) =>
      repo.insertIdentity(trx, link),
    );
    return user && { user, linked: true, reclaimed: true };
  }

  /** A new account linked to the identity; undefined when a concurrent sign-up took the email. */
  private async insertNew(
    identity: Pick<OidcIdentity, 'issuer' | 'subject'>,
    email: string,
    fresh: FreshAccount,
  ): Promise<AccountOutcome | undefined> {
    let user: UserRow;
    try {
      const newAccount = { ...fresh, email, password_hash: NO_PASSWORD, account_type: 'user' as const };
      user = await users.insertUser(this.deps.db, { ...newAccount, max_projects: DEFAULT_MAX_PROJECTS });
    } catch (error) {
      // The unique index on the email: the next look finds that account.
      if (await users.findUserByEmail(this.deps.db, email)) return undefined;
      throw error;
    }
    await repo.insertIdentity(this.deps.db, {
      ...identityOf(identity, email),
      user_id: user.id,
      now: fresh.updated_at,
    });
    return { user, linked: false, reclaimed: false };
  }

  /**
   * What an account made (or taken back) by this sign-in holds: the provider's name, the owner's
   * language, confirmed and the terms accepted now, and nothing else. No password: the owner signs in
   * through the provider, or sets one with "forgot password".
   */
  private async freshAccount(
    name: string,
    email: string,
    language: Language,
    shownTermsVersion: number | undefined,
  ): Promise<FreshAccount> {
    const now = this.nowIso();
    return {
      name: accountName(name, email),
      language,
      provider: OIDC_PROVIDER_VALUE,
      image_key: null,
      gitname: null,
      labname: null,
      slack_id: null,
      year: null,
      semester: null,
      section: null,
      group: null,
      watched_tutorial: 0,
      confirmed_at: now,
      terms_accepted_at: now,
      terms_version: await versionAcceptedOnSignUp(this.deps.db, shownTermsVersion),
      created_at: now,
      updated_at: now,
    };
  }

  private nowIso(): string {
    return this.deps.clock.now().toISOString();
  }
}

/** The provider's name as a stored user name (one plain line), else the email's local part. */
function accountName(name: string, email: string): string {
  try {
    return storedUserName(name.slice(0, NAME_MAX_LENGTH));
  } catch {
    return email.split('@')[0] || email;
  }
}

/** A blocked account, confirmed or not, is refused (403 ACCOUNT_BLOCKED). */
function refuseBlocked(found: Found): Found {
  if (found.user?.blocked_at || found.unconfirmed?.blocked_at) throw new AppError('ACCOUNT_BLOCKED');
  return found;
}

function identityOf(identity: Pick<OidcIdentity, 'issuer' | 'subject'>, email: string) {
  return { issuer: identity.issuer, subject: identity.subject, email };
}

/** Only an email the provider verified may find, link or create an account. */
function requireVerifiedEmail(identity: OidcIdentity): { email: string; name: string | null } {
  if (!identity.email || !identity.emailVerified) throw new AppError('OIDC_EMAIL_NOT_VERIFIED');
  return { email: identity.email, name: identity.name };
}
