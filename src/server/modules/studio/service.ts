/**
 * What the workspace offers the app (decorated as `app.studio` by plugin.ts): every call of the
 * contract's `studio` tag, with the database and the data folder it was made with. Route handlers
 * (routes.ts) keep to HTTP — the answer's headers, status and pages — and call these.
 */
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db/db';
import { HttpError, invalid, notFound } from '../../http/errors';
import type { Schemas } from '../../http/routes';
import type { AuthContext } from '../auth/context';
import { membershipsOf, organizationExists, organizationsOf, roleIn, type Role } from './access';
import { addAttachment, orderAttachments, removeAttachment, updateAttachment } from './attachments';
import { auditPage } from './audit';
import { commentOn, createStudioPost, deleteStudioPost, setRelations, updateStudioPost } from './drafting';
import { postHistory } from './history';
import { listStudioPosts, lookupPublishedPosts, type StudioListQuery } from './lists';
import { listMembers, removeMember, setMember } from './members';
import { readStudioPost } from './presentation';
import {
  correctStudioPost,
  publishDuePosts,
  publishStudioPost,
  requestChanges,
  scheduleStudioPost,
  submitStudioPost,
  unscheduleStudioPost,
  withdrawStudioPost,
} from './publishing';
import type { VersionSigner } from '../signing/signer';

type Page = { pageSize: number; offset: number };
type Upload = { bytes: Buffer; filename: string };

/** A comment is words: one of blanks alone is refused before anything is read. */
function commentOf(text: string): string {
  const comment = text.trim();
  if (!comment) throw invalid({ comment: ['fieldRequired'] });
  return comment;
}

export class StudioService {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'dataDir'>,
    /** Signs the versions publishing, correcting and the publishing job make, once they are written. */
    private readonly signer?: VersionSigner,
    private readonly onSigningError: (err: unknown) => void = () => undefined,
  ) {}

  /**
   * Signs a post's new versions inside the transaction that made them: published signed, in one
   * change of the content version (a failure leaves them unsigned: see VersionSigner.signWithin).
   */
  private readonly signWithin = (tx: Queryable, ids: number[]) => this.signer?.signWithin(tx, ids) ?? Promise.resolve();

  /**
   * What signWithin left unsigned (a file that could not be read), tried once more after the
   * transaction: a failure is logged, not the answer's (what was published stands), and the
   * scheduled work signs them later.
   */
  private async signed<T>(ids: number[], done: T): Promise<T> {
    if (this.signer && ids.length) await this.signer.signPending(ids).catch(this.onSigningError);
    return done;
  }

  async me(auth: AuthContext): Promise<Schemas['StudioMe']> {
    return { is_staff: auth.isStaff, memberships: await membershipsOf(this.db, auth.userId) };
  }

  /** A page of the posts of the user's organizations (or of the one asked for, when it is theirs). */
  async listPosts(auth: AuthContext, query: StudioListQuery, page: Page, base: string) {
    const organizations = await organizationsOf(this.db, auth);
    if (query.organization !== undefined && organizations !== null && !organizations.includes(query.organization)) {
      throw notFound('studioOrganizationNotFound');
    }
    return listStudioPosts(this.db, auth, organizations, query, page, base);
  }

  read(auth: AuthContext, id: number, base: string): Promise<Schemas['StudioPost']> {
    return readStudioPost(this.db, auth, id, base);
  }

  create(auth: AuthContext, input: Schemas['StudioPostInput']): Promise<number> {
    return createStudioPost(this.db, auth, input);
  }

  update(auth: AuthContext, id: number, input: Schemas['StudioPostInput']): Promise<void> {
    return updateStudioPost(this.db, auth, id, input);
  }

  delete(auth: AuthContext, id: number): Promise<void> {
    return deleteStudioPost(this.db, auth, id);
  }

  submit(auth: AuthContext, id: number): Promise<void> {
    return submitStudioPost(this.db, auth, id);
  }

  requestChanges(auth: AuthContext, id: number, comment: string): Promise<void> {
    return requestChanges(this.db, auth, id, commentOf(comment));
  }

  /** Comments on a post on its way; its history after. */
  async comment(auth: AuthContext, id: number, comment: string): Promise<Schemas['StudioHistory']> {
    await commentOn(this.db, auth, id, commentOf(comment));
    return postHistory(this.db, auth, id);
  }

  async publish(auth: AuthContext, id: number): Promise<void> {
    return this.signed([id], await publishStudioPost(this.db, auth, id, this.signWithin));
  }

  schedule(auth: AuthContext, id: number, publishAt: Date): Promise<void> {
    return scheduleStudioPost(this.db, auth, id, publishAt);
  }

  unschedule(auth: AuthContext, id: number): Promise<void> {
    return unscheduleStudioPost(this.db, auth, id);
  }

  /** Publishes the scheduled posts due by `now` (the publishing job). */
  async publishDue(now?: Date): Promise<number[]> {
    const ids = await publishDuePosts(this.db, now, this.signWithin);
    return this.signed(ids, ids);
  }

  async correct(auth: AuthContext, id: number, request: Schemas['CorrectionRequest']): Promise<void> {
    return this.signed([id], await correctStudioPost(this.db, auth, id, request, this.signWithin));
  }

  async withdraw(auth: AuthContext, id: number, reason: string, reasonAr: string): Promise<void> {
    return this.signed([id], await withdrawStudioPost(this.db, auth, id, reason, reasonAr, this.signWithin));
  }

  history(auth: AuthContext, id: number): Promise<Schemas['StudioHistory']> {
    return postHistory(this.db, auth, id);
  }

  setRelations(auth: AuthContext, id: number, relations: Schemas['RelationsInput']['relations']): Promise<void> {
    return setRelations(this.db, auth, id, relations);
  }

  addAttachment(auth: AuthContext, id: number, upload: Upload | undefined, fields: { title_ar?: string; title?: string; description?: string }): Promise<void> {
    return addAttachment(this.db, this.config.dataDir, auth, id, upload, fields);
  }

  orderAttachments(auth: AuthContext, id: number, ids: number[]): Promise<void> {
    return orderAttachments(this.db, auth, id, ids);
  }

  updateAttachment(auth: AuthContext, id: number, attachmentId: number, change: { title_ar?: string; title?: string | null; description?: string }): Promise<void> {
    return updateAttachment(this.db, auth, id, attachmentId, change);
  }

  removeAttachment(auth: AuthContext, id: number, attachmentId: number): Promise<void> {
    return removeAttachment(this.db, auth, id, attachmentId);
  }

  lookup(search: string, limit: number): Promise<Schemas['RelatedPost'][]> {
    return lookupPublishedPosts(this.db, search, limit);
  }

  async auditPage(auth: AuthContext, organizationId: number, page: Page) {
    await this.requirePublisherOf(auth, organizationId);
    return auditPage(this.db, organizationId, page);
  }

  async members(auth: AuthContext, organizationId: number): Promise<Schemas['Member'][]> {
    await this.requirePublisherOf(auth, organizationId);
    return listMembers(this.db, organizationId);
  }

  setMember(auth: AuthContext, organizationId: number, userId: number, role: Role): Promise<Schemas['Member']> {
    return setMember(this.db, auth, organizationId, userId, role);
  }

  removeMember(auth: AuthContext, organizationId: number, userId: number): Promise<void> {
    return removeMember(this.db, auth, organizationId, userId);
  }

  /** A publisher of the organization (or staff) may read its log and members; others learn nothing. */
  private async requirePublisherOf(auth: AuthContext, organizationId: number): Promise<void> {
    const role = (await organizationExists(this.db, organizationId)) ? await roleIn(this.db, auth, organizationId) : null;
    if (!role) throw notFound('studioOrganizationNotFound');
    if (role !== 'publisher') throw new HttpError(403, 'studioPublishersOnly');
  }
}
