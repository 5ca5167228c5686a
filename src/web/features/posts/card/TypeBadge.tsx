import type { PostTypeSummary } from '../../../api/posts';

/** STUB (interface agreed): the coloured post-type badge linking to /types/{id}. */
export function TypeBadge({ type }: { type: PostTypeSummary; size?: 'small' | 'medium' }) {
  return <span>{type.name_ar}</span>;
}
