import type { PostRelation, RelatedPost } from '../../../api/posts';
import type { PostVersionSummary } from '../../../api/postVersions';

/** A published post that amends this one, and the two versions of this one around it. */
export interface AmendmentComparison {
  amendment: RelatedPost;
  /** The last version made before the amendment was published. */
  before: number;
  /** The first version made since: the text as amended. */
  after: number;
}

/**
 * Where an amendment can be read on the portal as a change of text (issue 30): a published post
 * amends this one ('in', 'amends'), and this one has versions from both before and after that
 * post was published — its text as it stood, and as its publisher brought it in line. None
 * otherwise: an amendment whose text was never carried into the post compares nothing.
 */
export function amendmentComparisons(relations: readonly PostRelation[], versions: readonly PostVersionSummary[]): AmendmentComparison[] {
  const ordered = [...versions].sort((a, b) => a.version - b.version);
  const comparisons: AmendmentComparison[] = [];
  for (const { kind, direction, post } of relations) {
    if (kind !== 'amends' || direction !== 'in' || !post.published_at) continue;
    const at = Date.parse(post.published_at);
    if (Number.isNaN(at)) continue;
    const before = ordered.filter((v) => Date.parse(v.created_at) < at).at(-1);
    const after = ordered.find((v) => Date.parse(v.created_at) >= at);
    if (before && after) comparisons.push({ amendment: post, before: before.version, after: after.version });
  }
  // The oldest amendment first, as the history reads.
  return comparisons.sort((a, b) => a.before - b.before || a.after - b.after);
}
