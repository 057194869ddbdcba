import {
  DEFAULT_MAX_PROJECTS,
  NAME_MAX_LENGTH,
  type Language,
  type OidcSignUpInput,
} from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { addMs, DAY_MS, MINUTE_MS, type Clock } from '../../lib/clock.js';
import { hashPassword } from '../../lib/passwords.js';
import { SecretBox } from '../../lib/sealed-secrets.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import * as users from '../../users/users.js';
import type { UserRow } from '../../users/users.js';
import { storedUserName, type SessionCredentials } from '../auth/auth.service.js';
import { OidcClient, OidcFailure, type OidcFlow, type OidcIdentity } from './oidc-client.js';
import * as repo from './oidc.repository.js';
import { versionAcceptedOnSignUp } from '../terms/terms.service.js';

/** How long a started sign-in may take at the provider. */
export const FLOW_LIFETIME_MS = 10 * MINUTE_MS;
/** How long the web app has to exchange the callback's code (a new person: to accept the terms). */
export const HANDOFF_LIFETIME_MS = 15 * MINUTE_MS;
/** What `users.provider` says of an account created by OpenID Connect sign-in. */
export const OIDC_PROVIDER_VALUE = 'oidc';

/** What OIDC needs of the auth feature: a session issued exactly as for password sign-in. */
export interface VerifiedSignIn {
  signInVerified(user: UserRow): Promise<SessionCredentials>;
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
 * linked to; failing that, a verified email links the existing account with that email (confirming
 * it); failing that, a new person accepts the terms before the account is created. Sessions come
 * from AuthService exactly as for password sign-in.
 */
export class OidcService {
  private readonly flowBox: SecretBox;

  constructor(private readonly deps: OidcDeps) {
    this.flowBox = new SecretBox(deps.secretKey, 'oidc-flow');
  }

  /** Where to send the browser, and the sealed flow for its cookie. */
  async start(): Promise<{ url: string; sealedFlow: string }> {
    const flow = OidcClient.newFlow();
    const url = await this.deps.client.authorizationUrl(flow);
    const expires = this.deps.clock.now().getTime() + FLOW_LIFETIME_MS;
    return { url, sealedFlow: this.flowBox.seal(JSON.stringify({ ...flow, expires })) };
  }

  /** The provider sent the browser back: verify everything, then a one-time code for the web app. */
  async callback(query: string, sealedFlow: string | undefined): Promise<Handoff> {
    const flow = this.openFlow(sealedFlow);
    const identity = await this.deps.client.callback(query, flow);
    const { email, name } = requireVerifiedEmail(identity);
    const { user, linked } = await this.findAccount(identity, email);
    if (user?.blocked_at) throw new AppError('ACCOUNT_BLOCKED');
    const code = randomToken();
    const now = this.deps.clock.now();
    await repo.deleteOldHandoffs(this.deps.db, addMs(now, -DAY_MS).toISOString());
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
  ): Promise<SignedIn & { linked: boolean; email: string }> {
    const codeHash = hashToken(this.deps.secretKey, input.code);
    const live = await repo.findLiveHandoff(this.deps.db, codeHash, this.nowIso());
    if (!live || live.user_id !== null) throw new AppError('OIDC_CODE_NOT_VALID');
    if (!(await repo.consumeHandoff(this.deps.db, codeHash, this.nowIso())))
      throw new AppError('OIDC_CODE_NOT_VALID');
    const identity = { issuer: live.issuer, subject: live.subject };
    const language = input.language ?? requestLanguage;
    const { user, linked } = await this.accountOrNew(
      identity,
      live.email,
      live.name,
      language,
      input.terms_version,
    );
    return { user, credentials: await this.deps.auth.signInVerified(user), email: live.email, linked };
  }

  /**
   * docs/spec.md §7 `POST /api/google_oauth2/callback`: the access token a SPEC client got from the
   * provider. Same rules; a new person's account needs `terms_accepted`.
   */
  async signInWithAccessToken(
    accessToken: string,
    termsAccepted: boolean,
    language: Language,
  ): Promise<SignedIn & { linked: boolean; email: string }> {
    const identity = await this.deps.client.identityOfAccessToken(accessToken);
    const { email, name } = requireVerifiedEmail(identity);
    const found = await this.findAccount(identity, email);
    if (!found.user && !termsAccepted) throw new AppError('TERMS_NOT_ACCEPTED');
    const { user, linked } = found.user
      ? { user: found.user, linked: found.linked }
      : await this.accountOrNew(identity, email, name ?? email, language, undefined);
    return { user, credentials: await this.deps.auth.signInVerified(user), linked, email };
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

  /** The linked account, else the one with this verified email (linked now, and confirmed), else none. */
  private async findAccount(
    identity: Pick<OidcIdentity, 'issuer' | 'subject'>,
    email: string,
  ): Promise<{ user: UserRow | undefined; linked: boolean }> {
    const now = this.nowIso();
    const link = await repo.findIdentity(this.deps.db, identity.issuer, identity.subject);
    if (link) {
      await repo.touchIdentity(this.deps.db, link.id, email, now);
      return { user: await users.findUserById(this.deps.db, link.user_id), linked: false };
    }
    const existing = await users.findUserByEmail(this.deps.db, email);
    if (!existing) return { user: undefined, linked: false };
    await repo.insertIdentity(this.deps.db, {
      user_id: existing.id,
      issuer: identity.issuer,
      subject: identity.subject,
      email,
      now,
    });
    // The provider verified the address: that is what the confirmation mail would have proved.
    const user = existing.confirmed_at
      ? existing
      : await users.updateUser(this.deps.db, existing.id, { confirmed_at: now, updated_at: now });
    return { user, linked: true };
  }

  /** findAccount, or a new confirmed account (the terms accepted now) linked to the identity. */
  private async accountOrNew(
    identity: Pick<OidcIdentity, 'issuer' | 'subject'>,
    email: string,
    name: string,
    language: Language,
    shownTermsVersion: number | undefined,
  ): Promise<{ user: UserRow; linked: boolean }> {
    const found = await this.findAccount(identity, email);
    if (found.user) return { user: found.user, linked: found.linked };
    const now = this.nowIso();
    // No password: the owner signs in through the provider, or sets one with "forgot password".
    const passwordHash = await hashPassword(randomToken());
    let user: UserRow;
    try {
      user = await users.insertUser(this.deps.db, {
        email,
        name: accountName(name, email),
        password_hash: passwordHash,
        account_type: 'user',
        max_projects: DEFAULT_MAX_PROJECTS,
        language,
        provider: OIDC_PROVIDER_VALUE,
        confirmed_at: now,
        terms_accepted_at: now,
        terms_version: await versionAcceptedOnSignUp(this.deps.db, shownTermsVersion),
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      // A concurrent sign-up with this email won the unique index: link that account instead.
      const raced = await this.findAccount(identity, email);
      if (raced.user) return { user: raced.user, linked: raced.linked };
      throw error;
    }
    await repo.insertIdentity(this.deps.db, {
      user_id: user.id,
      issuer: identity.issuer,
      subject: identity.subject,
      email,
      now,
    });
    return { user, linked: false };
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

/** Only an email the provider verified may find, link or create an account. */
function requireVerifiedEmail(identity: OidcIdentity): { email: string; name: string | null } {
  if (!identity.email || !identity.emailVerified) throw new AppError('OIDC_EMAIL_NOT_VERIFIED');
  return { email: identity.email, name: identity.name };
}
