import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { isWebUrl } from '../../../shared/webLink';
import { HttpError, invalid, unauthorized } from '../../http/errors';
import type { Schemas } from '../../http/routes';
import { translate, type MessageKey } from '../../i18n';
import * as accounts from './accounts';
import { prepareAvatar, removeAvatar, storeAvatar } from './avatar';
import type { AuthContext } from './context';
import type { Mailer } from './mailer';
import { hasNul, withoutBidiControls } from '../../text/control-characters';
import { burnPasswordCheck, hashPassword, passwordProblems, verifyPassword } from './passwords';
import {
  accessTokenIsLive,
  closeSessionOf,
  closeSessionsOfUser,
  newOpaqueToken,
  openSession,
  rotateRefresh,
  tokenHash,
  type TokenPair,
} from './tokens';

type Fields = Record<string, MessageKey[]>;

const badCredentials = () => unauthorized('badCredentials');
const tokenInvalid = () => unauthorized('tokenInvalid', 'token_not_valid');

function failIfAny(fields: Fields) {
  if (Object.keys(fields).length) throw invalid(fields);
}

/** Which identifier a unique-index violation is about, when it is one. */
function duplicateOf(err: unknown): 'username' | 'email' | null {
  const e = err as { code?: string; constraint?: string };
  if (e?.code !== '23505') return null;
  if (e.constraint === 'users_username_ci') return 'username';
  if (e.constraint === 'users_email_ci') return 'email';
  return null;
}

/** As Django does: the domain of an address is case-insensitive, so it is kept in lower case. */
function normalizeEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  return at < 0 ? trimmed : trimmed.slice(0, at) + trimmed.slice(at).toLowerCase();
}

export type RegisterInput = Schemas['RegisterRequest'];

const TEXT_FIELDS = ['first_name', 'last_name', 'bio', 'location', 'website', 'twitter', 'facebook', 'instagram', 'linkedin'] as const;
const REQUIRED = new Set<string>(['first_name', 'last_name']);

export type ProfileInput = Partial<Record<(typeof TEXT_FIELDS)[number] | 'profile_picture', unknown>>;

/**
 * Accounts and sessions: registration, sign-in, tokens, passwords and the own profile. Needs the
 * app for its database, settings and JWT signer; keeps the mailer (a reset link's mail).
 */
export class AuthService {
  constructor(
    private readonly app: FastifyInstance,
    readonly mailer: Mailer,
  ) {}

  /** Creates a regular account and signs it in. Every field's problems are reported at once. */
  async register(input: RegisterInput, userAgent?: string): Promise<{ userId: number; tokens: TokenPair }> {
    const first = withoutBidiControls(input.first_name).trim();
    const last = withoutBidiControls(input.last_name).trim();
    const email = normalizeEmail(input.email);
    const fields: Fields = {};
    if (!first) fields.first_name = ['fieldBlank'];
    else if (hasNul(first)) fields.first_name = ['nullCharacters'];
    if (!last) fields.last_name = ['fieldBlank'];
    else if (hasNul(last)) fields.last_name = ['nullCharacters'];
    const taken = await accounts.takenIdentifiers(this.app.db, input.username, email);
    if (taken.username) fields.username = ['usernameTaken'];
    if (taken.email) fields.email = ['emailTaken'];
    const weak = passwordProblems(input.password, input.username);
    if (weak.length) fields.password = weak;
    if (input.password2 !== input.password) fields.password2 = ['passwordsDoNotMatch'];
    failIfAny(fields);

    const password_hash = await hashPassword(input.password);
    try {
      return await this.app.db.transaction(async (tx) => {
        const userId = await accounts.insertUser(tx, { username: input.username, email, password_hash, first_name: first, last_name: last });
        return { userId, tokens: await openSession(this.app, userId, userAgent, tx) };
      });
    } catch (err) {
      // Someone took the name or address between the check above and the insert.
      const field = duplicateOf(err);
      if (field === 'username') throw invalid({ username: ['usernameTaken'] });
      if (field === 'email') throw invalid({ email: ['emailTaken'] });
      throw err;
    }
  }

  /** Signs in by username or e-mail. Every failure looks (and takes) the same. */
  async login(name: string, password: string, userAgent?: string): Promise<{ userId: number; tokens: TokenPair }> {
    const candidates = hasNul(name) ? [] : await accounts.findForLogin(this.app.db, name.trim());
    if (!candidates.length) {
      await burnPasswordCheck(password);
      throw badCredentials();
    }
    for (const account of candidates) {
      if ((await verifyPassword(account.password_hash, password)) && account.is_active) {
        return { userId: account.id, tokens: await openSession(this.app, account.id, userAgent) };
      }
    }
    throw badCredentials();
  }

  async refresh(token: string): Promise<TokenPair> {
    const pair = await rotateRefresh(this.app, token);
    if (!pair) throw tokenInvalid();
    return pair;
  }

  async logout(token: string): Promise<void> {
    await closeSessionOf(this.app.db, token);
  }

  async verifyAccess(token: string): Promise<void> {
    if (!(await accessTokenIsLive(this.app, token))) throw tokenInvalid();
  }

  /** Changes the password after checking the current one; every other session is signed out. */
  async changePassword(auth: AuthContext, oldPassword: string, newPassword: string): Promise<void> {
    const account = await accounts.credentialsOf(this.app.db, auth.userId);
    if (!account) throw unauthorized('sessionEnded', 'token_not_valid');
    const fields: Fields = {};
    if (!(await verifyPassword(account.password_hash, oldPassword))) fields.old_password = ['oldPasswordWrong'];
    const weak = passwordProblems(newPassword, account.username);
    if (weak.length) fields.new_password = weak;
    failIfAny(fields);
    const hash = await hashPassword(newPassword);
    await this.app.db.transaction(async (tx) => {
      await accounts.setPasswordHash(tx, account.id, hash);
      await closeSessionsOfUser(tx, account.id, auth.sessionId);
    });
  }

  /**
   * Sends a single-use reset link when an active account has this address, and does nothing
   * otherwise; the caller answers the same either way. The mail is not awaited: a slow mail
   * server must neither delay the answer (which would tell that the account exists) nor fail it.
   */
  async requestPasswordReset(email: string, origin: string, log: FastifyBaseLogger = this.app.log): Promise<void> {
    const account = await accounts.activeUserByEmail(this.app.db, email.trim());
    if (!account) return;
    const token = newOpaqueToken();
    await accounts.insertResetToken(this.app.db, account.id, tokenHash(token), this.app.config.passwordResetTtlSeconds);
    const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
    const params = { name: account.first_name || account.username, username: account.username, link };
    const mail = {
      to: account.email,
      subject: `${translate('ar', 'resetMailSubject')} | ${translate('en', 'resetMailSubject')}`,
      text: `${translate('ar', 'resetMailBody', params)}\n\n------------------------------\n\n${translate('en', 'resetMailBody', params)}\n`,
    };
    Promise.resolve()
      .then(() => this.mailer.send(mail, log))
      .catch((err) => log.error({ err, to: account.email }, 'the password reset mail could not be sent'));
  }

  /** Sets a new password with a reset link's token; every session of the account is signed out. */
  async confirmPasswordReset(token: string, newPassword: string): Promise<void> {
    const hash = tokenHash(token);
    const account = await accounts.resetTokenOwner(this.app.db, hash);
    if (!account) throw invalid({ token: ['resetInvalid'] });
    const weak = passwordProblems(newPassword, account.username);
    if (weak.length) throw invalid({ new_password: weak });
    const passwordHash = await hashPassword(newPassword);
    await this.app.db.transaction(async (tx) => {
      // Claimed again here: of two requests with the same link, only one gets past this line.
      if ((await accounts.consumeResetToken(tx, hash)) !== account.id) throw invalid({ token: ['resetInvalid'] });
      await accounts.setPasswordHash(tx, account.id, passwordHash);
      await closeSessionsOfUser(tx, account.id);
    });
  }

  /**
   * Updates the fields sent, and only those. Everything is checked before anything is written; the
   * new picture is stored before the row points at it, and the old one removed only afterwards.
   */
  async updateProfile(
    userId: number,
    body: ProfileInput,
    upload: { bytes: Buffer } | undefined,
  ): Promise<void> {
    const changes: accounts.ProfileChanges = {};
    const fields: Fields = {};
    for (const name of TEXT_FIELDS) {
      const value = body[name];
      if (typeof value !== 'string') continue;
      const trimmed = withoutBidiControls(value).trim();
      if (REQUIRED.has(name) && !trimmed) fields[name] = ['fieldBlank'];
      else if (hasNul(trimmed)) fields[name] = ['nullCharacters'];
      else if (name === 'website' && trimmed && !isWebUrl(trimmed)) fields[name] = ['invalidUrl'];
      else changes[name] = trimmed;
    }

    let picture: Buffer | undefined;
    if (upload) {
      try {
        picture = await prepareAvatar(upload.bytes, this.app.config.maxAvatarBytes);
      } catch (err) {
        if (!(err instanceof HttpError) || err.statusCode !== 400) throw err;
        fields.profile_picture = err.options.fields?.profile_picture ?? ['notAnImage'];
      }
    } else if (typeof body.profile_picture === 'string') {
      // Sent as text rather than as a file: empty removes the picture, anything else is no image.
      if (body.profile_picture === '') changes.profile_picture = null;
      else fields.profile_picture = ['notAnImage'];
    }
    failIfAny(fields);

    const dataDir = this.app.config.dataDir;
    let stored: string | undefined;
    let before: string | null = null;
    if (picture) {
      [{ profile_picture: before }] = await this.app.db.query<{ profile_picture: string | null }>('SELECT profile_picture FROM users WHERE id = $1', [userId]);
      stored = await storeAvatar(dataDir, userId, picture);
      changes.profile_picture = stored;
    }
    let previous: string | null;
    try {
      ({ previousPicture: previous } = await this.app.db.transaction((tx) => accounts.updateProfile(tx, userId, changes)));
    } catch (err) {
      // The same picture sent again has the same name: that file is still the current one.
      if (stored && stored !== before) await removeAvatar(dataDir, stored);
      throw err;
    }
    if (changes.profile_picture !== undefined && previous && previous !== changes.profile_picture) await removeAvatar(dataDir, previous);
  }

  /** Lets the mailer's connections go. */
  close(): void {
    this.mailer.close?.();
  }
}
