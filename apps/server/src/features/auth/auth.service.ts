import type { AppDatabase } from '../../db/app-database.js';
import type { RealtimePublisher } from '../../realtime/publisher.js';
import { DEFAULT_MAX_PROJECTS, type Language, type SignInInput, type SignUpInput } from '@teamboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { addMs, DAY_MS, HOUR_MS, MINUTE_MS, type Clock } from '../../lib/clock.js';
import { plainLine, type Mailer, type MailMessage } from '../../lib/mailer.js';
import { hashPassword, NO_PASSWORD, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import { hashToken, randomToken, tokenMatches } from '../../lib/tokens.js';
import { ThrottleUnavailableError, type Throttle } from '../../lib/throttle.js';
import { StampedMemory } from '../../lib/stamped-memory.js';
import { composeAccountMail } from './auth.mail.js';
import * as repo from './auth.repository.js';
import type { SessionRow, TokenPurpose } from './auth.table.js';
import * as users from '../../users/users.js';
import { versionAcceptedOnSignUp } from '../terms/terms.service.js';
import type { NewUserRow, UserRow } from '../../users/users.js';
import { type AccountMailAction, beginSignInAttempt, mayMail, trustAddress } from './auth.limits.js';

export const SESSION_LIFETIME_MS = 14 * DAY_MS;
export const CONFIRMATION_LIFETIME_MS = 48 * HOUR_MS;
export const RESET_LIFETIME_MS = HOUR_MS;
/** last_used_at is informative; writing it on every call would cost a write per request. */
const SESSION_TOUCH_INTERVAL_MS = 5 * 60_000;

/** The hourly cleanup (features/jobs/cleanup.ts) asks auth for its expired rows: sessions… */
export function deleteExpiredSessions(db: Db, at: string): Promise<number> {
  return repo.deleteExpiredSessions(db, at);
}

/** …and emailed tokens (confirmation, reset) past their expiry; each answers how many went. */
export function deleteExpiredTokens(db: Db, at: string): Promise<number> {
  return repo.deleteExpiredTokens(db, at);
}

export interface AuthDeps {
  database: AppDatabase;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  throttle: Throttle;
  secretKey: string;
  appUrl: string;
  log: FastifyBaseLogger;
  realtime: RealtimePublisher;
}

/**
 * A user's name as stored: one plain line (lib/mailer.ts plainLine), never blank. Names go into mail
 * greetings and invitation subjects, where a line break could start a header. Sign-up and the
 * profile both store names through here.
 */
export function storedUserName(name: string): string {
  const line = plainLine(name);
  if (!line) throw new AppError('NAME_REQUIRED');
  return line;
}

/**
 * Every field of an account that its sign-up or its owner sets: what a taken-back account starts
 * from (reclaimUnconfirmed). Required, so a new column of `users` must be decided here too. The id,
 * the email and what administrators set (account type, project limit, block) are not in it.
 */
export type FreshAccount = Required<
  Omit<NewUserRow, 'id' | 'email' | 'password_hash' | 'account_type' | 'max_projects' | 'blocked_at'>
>;

/** What a client sends back on every authenticated call (docs/spec.md §7). */
export interface SessionCredentials {
  'access-token': string;
  client: string;
  uid: string;
  expiry: string;
}

export class AuthService {
  /**
   * Each signed-in device's session and user, remembered under the user's change stamp
   * (lib/change-stamps.ts): a sign-out, a blocked account, a new password or any change to the user
   * row drops them at once, here and on every instance. The token is still checked on every call.
   */
  private readonly sessions: StampedMemory<string, { session: SessionRow; user: UserRow }>;

  constructor(private readonly deps: AuthDeps) {
    this.sessions = new StampedMemory(deps.database.stamps, 'user');
  }

  /** Same outcome for new and already registered emails; only the mail differs. */
  async signUp(input: SignUpInput, requestLanguage: Language, ip: string): Promise<void> {
    const name = storedUserName(input.name);
    const passwordHash = await hashPassword(input.password);
    const existing = await users.findUserByEmail(this.deps.db, input.email);
    if (existing)
      return this.mailIfAllowed('sign_up', existing, ip, () => this.alreadyRegisteredMail(existing));
    const now = this.nowIso();
    try {
      const user = await users.insertUser(this.deps.db, {
        email: input.email,
        name,
        password_hash: passwordHash,
        account_type: 'user',
        max_projects: DEFAULT_MAX_PROJECTS,
        language: input.language ?? requestLanguage,
        terms_accepted_at: now,
        terms_version: await versionAcceptedOnSignUp(this.deps.db, input.terms_version),
        created_at: now,
        updated_at: now,
      });
      await this.mailIfAllowed('sign_up', user, ip, () => this.confirmationMail(user));
    } catch (error) {
      // A concurrent sign-up with the same email won the unique index: answer the same way.
      const raced = await users.findUserByEmail(this.deps.db, input.email);
      if (!raced) throw error;
    }
  }

  async signIn(input: SignInInput, ip: string): Promise<{ user: UserRow; credentials: SessionCredentials }> {
    const email = input.email.toLowerCase();
    const attempt = await beginSignInAttempt(this.deps.throttle, this.deps.clock, email, ip);
    const user = await users.findUserByEmail(this.deps.db, email);
    const isPasswordRight = user
      ? await verifyPassword(user.password_hash, input.password)
      : await verifyAgainstDummy(input.password);
    if (!user || !isPasswordRight) {
      await attempt.failed();
      throw new AppError('INVALID_CREDENTIALS');
    }
    await this.forgive(attempt.succeeded());
    // Only a confirmed account's password makes the address known: whoever signed up with an address
    // that is not theirs knows the password of an account that is not theirs either.
    if (user.confirmed_at) await this.trustAddress(email, ip);
    if (user.blocked_at) throw new AppError('ACCOUNT_BLOCKED');
    if (!user.confirmed_at) throw new AppError('ACCOUNT_NOT_CONFIRMED');
    return { user, credentials: await this.createSession(user) };
  }

  /**
   * A session for an account whose owner proved who they are another way (OpenID Connect, in
   * features/oidc): the same headers as password sign-in; a blocked account is refused.
   */
  async signInVerified(user: UserRow): Promise<SessionCredentials> {
    if (user.blocked_at) throw new AppError('ACCOUNT_BLOCKED');
    return this.createSession(user);
  }

  /**
   * An unconfirmed account's address was just proved by someone else's means (OpenID Connect): whoever
   * signed up with it proved nothing, so nothing they set survives. In one transaction the row takes
   * `fresh` (every field a sign-up or the profile sets) and no password, its sessions and mailed
   * links go, and `within` runs (the caller links the identity). Undefined, with nothing changed,
   * when the account was confirmed or blocked in the meantime.
   */
  async reclaimUnconfirmed(
    userId: number,
    fresh: FreshAccount,
    within: (trx: Db) => Promise<void>,
  ): Promise<UserRow | undefined> {
    const row = await this.deps.db.transaction().execute(async (trx) => {
      const reset = await users.updateUnconfirmedUser(trx, this.deps.database.stamps, userId, {
        ...fresh,
        password_hash: NO_PASSWORD,
      });
      if (!reset) return undefined;
      await repo.deleteSessionsOfUser(trx, userId);
      await repo.deleteTokensOfUser(trx, userId);
      await within(trx);
      return reset;
    });
    if (row) {
      users.userChanged(this.deps.database.stamps, userId);
      this.deps.realtime.sessionsEnded(userId);
    }
    return row;
  }

  /** Resolves token headers to their user; every failure is the same 401. */
  async authenticate(headers: Partial<Record<'access-token' | 'client' | 'uid', string>>): Promise<{
    user: UserRow;
    session: SessionRow;
  }> {
    const { 'access-token': token, client, uid } = headers;
    if (!token || !client || !uid || client.length > 100 || token.length > 200)
      throw new AppError('UNAUTHORIZED');
    const found = await this.sessions.read(
      client,
      () => repo.findSessionWithUser(this.deps.db, client),
      (known) => known.user.id,
    );
    const now = this.nowIso();
    const isValid =
      found !== undefined &&
      found.user.email === uid.toLowerCase() &&
      tokenMatches(this.deps.secretKey, token, found.session.token_hash) &&
      found.session.expires_at > now;
    if (!isValid) throw new AppError('UNAUTHORIZED');
    const { session, user } = found;
    // A blocked user is signed out (401); signing in again then explains why (403 ACCOUNT_BLOCKED).
    if (user.blocked_at) throw new AppError('UNAUTHORIZED');
    if (Date.parse(now) - Date.parse(session.last_used_at) > SESSION_TOUCH_INTERVAL_MS) {
      await repo.touchSession(this.deps.db, session.id, now);
      session.last_used_at = now; // the remembered copy too, or every call would touch it again
    }
    return { user, session };
  }

  async signOut(user: UserRow, client: string): Promise<void> {
    await repo.deleteSessionByClient(this.deps.db, client);
    users.userChanged(this.deps.database.stamps, user.id);
    this.deps.realtime.sessionsEnded(user.id);
  }

  /** For long-lived connections: is this session still signed in (not signed out, expired or blocked)? */
  async isSessionActive(sessionId: number): Promise<boolean> {
    const session = await repo.findSessionById(this.deps.db, sessionId);
    if (!session || session.expires_at <= this.nowIso()) return false;
    const user = await users.findUserById(this.deps.db, session.user_id);
    return user !== undefined && !user.blocked_at;
  }

  findUser(id: number): Promise<UserRow | undefined> {
    return users.findUserById(this.deps.db, id);
  }

  /** Signs the user out of every device and drops their sockets (an administrator blocked the account). */
  async endAllSessions(userId: number): Promise<void> {
    await repo.deleteSessionsOfUser(this.deps.db, userId);
    users.userChanged(this.deps.database.stamps, userId);
    this.deps.realtime.sessionsEnded(userId);
  }

  /** Signs the user out of every device but `keepClient` (a new password was set). */
  async endOtherSessions(userId: number, keepClient: string): Promise<void> {
    await repo.deleteSessionsOfUser(this.deps.db, userId, keepClient);
    users.userChanged(this.deps.database.stamps, userId);
    this.deps.realtime.sessionsEnded(userId);
  }

  async confirm(token: string): Promise<UserRow> {
    const userId = await this.consumeToken(token, 'confirm');
    const user = await users.findUserById(this.deps.db, userId);
    if (!user) throw new AppError('TOKEN_INVALID');
    if (user.confirmed_at) return user;
    return users.updateUser(this.deps.db, this.deps.database.stamps, userId, {
      confirmed_at: this.nowIso(),
      updated_at: this.nowIso(),
    });
  }

  async forgotPassword(email: string, ip: string): Promise<void> {
    const user = await users.findUserByEmail(this.deps.db, email);
    if (!user || user.blocked_at) return;
    await this.mailIfAllowed('forgot', user, ip, () => this.resetMail(user));
  }

  async resendConfirmation(email: string, ip: string): Promise<void> {
    const user = await users.findUserByEmail(this.deps.db, email);
    if (!user || user.confirmed_at || user.blocked_at) return;
    await this.mailIfAllowed('resend', user, ip, () => this.confirmationMail(user));
  }

  /** A password changed by its owner: a reset link mailed before it must not undo the change. */
  async retireResetLinks(userId: number): Promise<void> {
    await repo.deleteUnusedTokens(this.deps.db, userId, 'reset');
  }

  /**
   * Sets a new password from an emailed token, proving the address (so it also confirms), and signs
   * out everywhere. The address it came from becomes known for the account, so the owner signs in
   * there even while strangers keep the account locked elsewhere. Answers whose password it was.
   */
  async resetPassword(token: string, password: string, ip: string): Promise<number> {
    const passwordHash = await hashPassword(password);
    const userId = await this.consumeToken(token, 'reset');
    const user = await users.findUserById(this.deps.db, userId);
    if (!user) throw new AppError('TOKEN_INVALID');
    const now = this.nowIso();
    await users.updateUser(this.deps.db, this.deps.database.stamps, userId, {
      password_hash: passwordHash,
      confirmed_at: user.confirmed_at ?? now,
      updated_at: now,
    });
    await repo.deleteSessionsOfUser(this.deps.db, userId);
    users.userChanged(this.deps.database.stamps, userId);
    this.deps.realtime.sessionsEnded(userId);
    await this.trustAddress(user.email, ip);
    return userId;
  }

  private async createSession(user: UserRow): Promise<SessionCredentials> {
    const now = this.deps.clock.now();
    const token = randomToken();
    const client = randomToken(16);
    const expiresAt = addMs(now, SESSION_LIFETIME_MS);
    await repo.insertSession(this.deps.db, {
      user_id: user.id,
      client,
      token_hash: hashToken(this.deps.secretKey, token),
      expires_at: expiresAt.toISOString(),
      created_at: now.toISOString(),
      last_used_at: now.toISOString(),
    });
    const expiry = String(Math.floor(expiresAt.getTime() / 1000));
    return { 'access-token': token, client, uid: user.email, expiry };
  }

  private async consumeToken(token: string, purpose: TokenPurpose): Promise<number> {
    const tokenHash = hashToken(this.deps.secretKey, token);
    const userId = await repo.consumeUserToken(this.deps.db, tokenHash, purpose, this.nowIso());
    if (userId === undefined) throw new AppError('TOKEN_INVALID');
    return userId;
  }

  private async issueToken(user: UserRow, purpose: TokenPurpose, lifetimeMs: number): Promise<string> {
    const token = randomToken();
    const now = this.deps.clock.now();
    await repo.replaceUserToken(this.deps.db, {
      user_id: user.id,
      purpose,
      token_hash: hashToken(this.deps.secretKey, token),
      expires_at: addMs(now, lifetimeMs).toISOString(),
      created_at: now.toISOString(),
    });
    return token;
  }

  /**
   * Forgiving an address only lifts limits, so it fails open: with the shared counters unreachable
   * the sign-in (or the password reset, already saved) still succeeds.
   */
  private trustAddress(email: string, ip: string): Promise<void> {
    return this.forgive(trustAddress(this.deps.throttle, email, ip));
  }

  /** Lifting a limit fails open: logged, and the request goes on. */
  private async forgive(lifting: Promise<void>): Promise<void> {
    try {
      await lifting;
    } catch (error) {
      if (!(error instanceof ThrottleUnavailableError)) throw error;
      this.deps.log.error({ err: error.cause }, 'could not lift a sign-in limit: shared limits unavailable');
    }
  }

  /**
   * Mail caps fail closed, quietly: with the shared counters unreachable no account mail is sent
   * (the answer stays the neutral one), since anyone can ask for these mails to any address.
   */
  private async mayMail(action: AccountMailAction, email: string, ip: string): Promise<boolean> {
    try {
      return await mayMail(this.deps.throttle, action, email, ip);
    } catch (error) {
      if (!(error instanceof ThrottleUnavailableError)) throw error;
      this.deps.log.error({ err: error.cause, action }, 'mail not sent: shared limits unavailable');
      return false;
    }
  }

  /**
   * Sends the mail unless a cap of auth.limits.ts is reached; the caller's answer is the same either
   * way. The mail (and any token in it) is made only once it may go, so a capped request cannot
   * replace the link the owner already has.
   */
  private async mailIfAllowed(
    action: AccountMailAction,
    user: UserRow,
    ip: string,
    compose: () => Promise<MailMessage> | MailMessage,
  ): Promise<void> {
    if (!(await this.mayMail(action, user.email, ip))) {
      this.deps.log.info({ action }, 'mail not sent: a sending cap is reached');
      return;
    }
    await this.sendSafely(await compose());
  }

  private async confirmationMail(user: UserRow): Promise<MailMessage> {
    const token = await this.issueToken(user, 'confirm', CONFIRMATION_LIFETIME_MS);
    const link = `${this.deps.appUrl}/api/auth/confirmation?confirmation_token=${token}`;
    const expiry = { hours: CONFIRMATION_LIFETIME_MS / HOUR_MS };
    return composeAccountMail('confirm', { ...this.recipient(user), link, expiry });
  }

  private async resetMail(user: UserRow): Promise<MailMessage> {
    const token = await this.issueToken(user, 'reset', RESET_LIFETIME_MS);
    const link = `${this.deps.appUrl}/reset_password/${token}`;
    const expiry = { minutes: RESET_LIFETIME_MS / MINUTE_MS };
    return composeAccountMail('reset', { ...this.recipient(user), link, expiry });
  }

  private alreadyRegisteredMail(user: UserRow): MailMessage {
    const link = `${this.deps.appUrl}/forgot`;
    return composeAccountMail('already_registered', { ...this.recipient(user), link });
  }

  private recipient(user: UserRow) {
    return { to: user.email, name: user.name, language: user.language };
  }

  /** A failed delivery is logged, not answered: the answer must not tell whether the account exists. */
  private async sendSafely(message: MailMessage): Promise<void> {
    try {
      await this.deps.mailer.send(message);
    } catch (error) {
      this.deps.log.error({ err: error }, 'could not send mail');
    }
  }

  private nowIso(): string {
    return this.deps.clock.now().toISOString();
  }
}
