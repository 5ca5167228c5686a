import type { Queryable } from '../../db/db';
import { notFound } from '../../http/errors';
import type { Schemas } from '../../http/routes';

type Kind = Schemas['TopicKind'];

/** Where each kind of thing a reader may follow lives (only those readers see: active organizations). */
const TARGETS: Record<Kind, string> = {
  organization: 'SELECT 1 FROM organizations WHERE id = $1 AND is_active',
  hashtag: 'SELECT 1 FROM hashtags WHERE id = $1',
  type: 'SELECT 1 FROM post_types WHERE id = $1',
};

/** Follows (true) or stops following an organization, a hashtag or a post type; either twice answers the same. */
export async function setTopicFollow(db: Queryable, userId: number, kind: Kind, id: number, following: boolean): Promise<Schemas['TopicFollowResult']> {
  if (!(await db.query(TARGETS[kind], [id])).length) throw notFound();
  if (following) {
    await db.query('INSERT INTO topic_follows (user_id, kind, target_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userId, kind, id]);
  } else {
    await db.query('DELETE FROM topic_follows WHERE user_id = $1 AND kind = $2 AND target_id = $3', [userId, kind, id]);
  }
  return { kind, id, following };
}

/** What a reader follows beside people, the most recent first in each kind. */
export async function topicFollowsOf(db: Queryable, userId: number): Promise<Schemas['TopicFollows']> {
  const [organizations, hashtags, types] = await Promise.all([
    db.query<Schemas['OrganizationSummary']>(
      `SELECT o.id, o.code, o.name, o.name_ar, o.is_verified FROM topic_follows f JOIN organizations o ON o.id = f.target_id
        WHERE f.user_id = $1 AND f.kind = 'organization' AND o.is_active ORDER BY f.created_at DESC, o.id`,
      [userId],
    ),
    db.query<Schemas['HashtagSummary']>(
      `SELECT h.id, h.name, h.slug FROM topic_follows f JOIN hashtags h ON h.id = f.target_id
        WHERE f.user_id = $1 AND f.kind = 'hashtag' ORDER BY f.created_at DESC, h.id`,
      [userId],
    ),
    db.query<Schemas['PostTypeSummary']>(
      `SELECT t.id, t.name, t.name_ar FROM topic_follows f JOIN post_types t ON t.id = f.target_id
        WHERE f.user_id = $1 AND f.kind = 'type' ORDER BY f.created_at DESC, t.id`,
      [userId],
    ),
  ]);
  return { organizations, hashtags, types };
}
