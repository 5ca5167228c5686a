import type { Post } from '../../api/posts';

/** The post types schema.org calls legislation; the others are articles (announcements, statements…). */
const LEGISLATION = new Set(['law', 'regulation', 'decree']);

const FORCE = {
  in_force: 'https://schema.org/InForce',
  // An amended text is still in force, as amended.
  amended: 'https://schema.org/InForce',
  repealed: 'https://schema.org/NotInForce',
} as const;

/**
 * What a drawn post page tells search engines and archives about the document (schema.org, as
 * JSON-LD): `Legislation` for laws, regulations and decrees, with its number, date, publisher,
 * legal force and the texts it changes or applies; `Article` otherwise, with the texts it cites
 * and is based on. The posts that amend or repeal it are named too (`isBasedOn` has no inverse
 * in schema.org: they are listed as `subjectOf`, the texts about it). `postUrl` makes a post's
 * address at the page's origin.
 */
export function postJsonLd(post: Post, pageUrl: string, postUrl: (slug: string) => string, language: 'ar' | 'en'): Record<string, unknown> {
  const title = language === 'ar' ? post.title_ar || post.title : post.title || post.title_ar;
  const summary = language === 'ar' ? post.summary_ar || post.summary : post.summary || post.summary_ar;
  const out = post.relations.filter((r) => r.direction === 'out');
  const inward = post.relations.filter((r) => r.direction === 'in');
  const ref = (r: Post['relations'][number]) => ({ '@type': 'CreativeWork', '@id': postUrl(r.post.slug), url: postUrl(r.post.slug), name: language === 'ar' ? r.post.title_ar : r.post.title });
  const publisher = post.organization
    ? { '@type': 'GovernmentOrganization', name: language === 'ar' ? post.organization.name_ar : post.organization.name }
    : undefined;
  const common = {
    '@context': 'https://schema.org',
    '@id': pageUrl,
    url: pageUrl,
    name: title,
    headline: title,
    description: summary || undefined,
    inLanguage: post.language,
    datePublished: post.published_at ?? undefined,
    dateModified: post.last_update?.updated_at ?? post.updated_at,
    version: String(post.version),
    publisher,
    keywords: post.hashtags.map((h) => h.name).join(', ') || undefined,
    subjectOf: inward.length ? inward.map(ref) : undefined,
  };
  if (LEGISLATION.has(post.type.name)) {
    const changes = out.filter((r) => r.kind !== 'implements').map(ref);
    const applies = out.filter((r) => r.kind === 'implements').map(ref);
    return {
      ...common,
      '@type': 'Legislation',
      legislationType: language === 'ar' ? post.type.name_ar : post.type.name,
      legislationIdentifier: post.document_number || undefined,
      legislationDate: post.issued_on ?? undefined,
      legislationPassedBy: publisher,
      legislationLegalForce: FORCE[post.in_force],
      legislationChanges: changes.length ? changes : undefined,
      legislationApplies: applies.length ? applies : undefined,
    };
  }
  return {
    ...common,
    '@type': 'Article',
    articleSection: language === 'ar' ? post.type.name_ar : post.type.name,
    identifier: post.document_number || undefined,
    citation: out.filter((r) => r.kind !== 'implements').map(ref),
    isBasedOn: out.filter((r) => r.kind === 'implements').map(ref),
  };
}
