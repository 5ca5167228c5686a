/** Writing a post: creating a draft, changing it, relating it to other posts, commenting on it, deleting it. */
import type { Db } from '../../db/db';
import { invalid } from '../../http/errors';
import type { Schemas } from '../../http/routes';
import type { MessageKey } from '../../i18n';
import type { AuthContext } from '../auth/context';
import { roleIn } from './access';
import { recordAudit } from './audit';
import { writeFields } from './post-fields';
import { onPost } from './studio-row';
import { transition } from './transition';
import { checkInput } from './validation';
import { allowed } from './workflow';

type Input = Schemas['StudioPostInput'];

/** Creates a draft for one of the user's organizations. */
export async function createStudioPost(db: Db, auth: AuthContext, input: Input): Promise<number> {
  const errors: Record<string, MessageKey[]> = {};
  if (input.organization_id === undefined) errors.organization_id = ['fieldRequired'];
  if (input.type_id == null) errors.type_id = ['fieldRequired'];
  if (Object.keys(errors).length) throw invalid(errors);
  const organizationId = input.organization_id!;
  // Staff act for every organization, so their role says nothing of whether this one exists.
  const [org] = await db.query('SELECT 1 FROM organizations WHERE id = $1', [organizationId]);
  if (!org) throw invalid({ organization_id: ['unknownOrganization'] });
  const role = await roleIn(db, auth, organizationId);
  if (!role) throw invalid({ organization_id: ['studioNotMember'] });
  await checkInput(db, input, organizationId);
  return db.transaction(async (tx) => {
    const [org] = await tx.query<{ code: string }>('SELECT code FROM organizations WHERE id = $1', [organizationId]);
    const [type] = await tx.query<{ name: string }>('SELECT name FROM post_types WHERE id = $1', [input.type_id]);
    // The workflow's first stage (workflow.ts, CREATED).
    const [{ id }] = await tx.query<{ id: number }>(
      `INSERT INTO posts (slug, title, title_ar, author_id, type_id, organization_id, status, review_state, version, published_at)
       VALUES (gen_random_uuid()::text, '', '', $1, $2, $3, 'draft', 'writing', 0, NULL) RETURNING id`,
      [auth.userId, input.type_id, organizationId],
    );
    // The address is fixed at creation and stays (links to a post never break).
    await tx.query('UPDATE posts SET slug = $2 WHERE id = $1', [id, `${org.code.toLowerCase()}-${type.name}-${new Date().getUTCFullYear()}-${id}`]);
    await writeFields(tx, id, { ...input, type_id: undefined, organization_id: undefined });
    await recordAudit(tx, { organizationId, postId: id, userId: auth.userId, action: 'created' });
    return id;
  });
}

export async function updateStudioPost(db: Db, auth: AuthContext, id: number, input: Input): Promise<void> {
  await onPost(db, auth, id, (tx, { row, actor }) =>
    transition(tx, row, actor, 'edit', {
      write: async () => {
        if (input.organization_id !== undefined && input.organization_id !== row.organization_id) throw invalid({ organization_id: ['organizationFixed'] });
        await checkInput(tx, input, row.organization_id!);
        const changed = await writeFields(tx, id, input);
        return changed.length ? { details: { fields: changed } } : null;
      },
    }),
  );
}

export async function commentOn(db: Db, auth: AuthContext, id: number, comment: string): Promise<void> {
  await onPost(db, auth, id, (tx, { row, actor }) => transition(tx, row, actor, 'comment', { audit: { comment: comment.trim() } }));
}

export async function deleteStudioPost(db: Db, auth: AuthContext, id: number): Promise<void> {
  await onPost(db, auth, id, (tx, { row, actor }) =>
    transition(tx, row, actor, 'delete', {
      write: async () => {
        const [{ title, title_ar }] = await tx.query<{ title: string; title_ar: string }>('SELECT title, title_ar FROM posts WHERE id = $1', [id]);
        return { details: { id, title, title_ar } };
      },
    }),
  );
}

/** What a post amends, repeals, replaces or implements: changed as the post is (a draft's edit, a published post's correction). */
export async function setRelations(db: Db, auth: AuthContext, id: number, relations: Schemas['RelationsInput']['relations']): Promise<void> {
  await onPost(db, auth, id, async (tx, { row, actor }) => {
    allowed(row.status === 'published' ? 'correct' : 'edit', row, actor);
    const targets = [...new Set(relations.map((r) => r.post_id))];
    if (targets.includes(id)) throw invalid({ relations: ['relationToSelf'] });
    if (targets.length) {
      const [{ n }] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM posts WHERE id = ANY($1::int[]) AND status = 'published'`, [targets]);
      if (n !== targets.length) throw invalid({ relations: ['relationTargetNotFound'] });
    }
    await tx.query('DELETE FROM post_relations WHERE post_id = $1', [id]);
    if (relations.length) {
      await tx.query(
        `INSERT INTO post_relations (post_id, kind, target_id) SELECT $1, k, t FROM unnest($2::text[], $3::int[]) AS r(k, t) ON CONFLICT DO NOTHING`,
        [id, relations.map((r) => r.kind), relations.map((r) => r.post_id)],
      );
    }
    await recordAudit(tx, { organizationId: row.organization_id, postId: id, userId: auth.userId, action: 'relations_changed', version: row.version || null, details: { relations } });
  });
}
