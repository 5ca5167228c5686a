import { generateAtomFeed, generateRssFeed } from 'feedsmith';
import type { Schemas } from '../../http/routes';
import type { Lang } from '../../i18n';

type Post = Schemas['Post'];

/** One post as a feed entry, in one language. */
export interface FeedEntry {
  /** The post's page: its permanent address, and the entry's id (a correction updates the same entry). */
  url: string;
  title: string;
  summary: string;
  organization: { name: string; url: string } | null;
  /** The type first, then the categories, each with the scheme (list) it belongs to. */
  categories: Array<{ term: string; label: string; scheme: string }>;
  published: Date;
  /** The latest change readers were shown (a correction), else the publication. */
  updated: Date;
  /** The attachments, in their order. */
  enclosures: Array<{ url: string; type: string; length: number; title: string }>;
}

export interface FeedData {
  lang: Lang;
  title: string;
  /** The list's description (RSS needs one). */
  description: string;
  /** The feed's own address (its id in Atom). */
  selfUrl: string;
  /** The screen that shows the same list. */
  pageUrl: string;
  /** The newest change of its entries (the epoch for an empty list, so that the answer stays the same). */
  updated: Date;
  entries: FeedEntry[];
}

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A post (as kept for answers, at `origin`) as an entry in `lang`, the other language standing in for a missing text. */
export function entryOf(post: Post, lang: Lang, origin: string): FeedEntry {
  const pick = (en: string | null | undefined, ar: string | null | undefined) => ((lang === 'ar' ? ar || en : en || ar) ?? '').trim();
  const published = new Date(post.published_at ?? post.created_at);
  const changed = new Date(post.updated_at);
  const organization = post.organization;
  return {
    url: `${origin}/post/${encodeURIComponent(post.slug)}`,
    title: pick(post.title, post.title_ar),
    summary: pick(post.summary, post.summary_ar),
    organization: organization ? { name: pick(organization.name, organization.name_ar), url: `${origin}/organizations/${encodeURIComponent(organization.code)}` } : null,
    categories: [
      { term: post.type.name, label: lang === 'ar' ? post.type.name_ar : capitalized(post.type.name), scheme: `${origin}/types` },
      ...post.categories_data.map((c) => ({ term: c.slug, label: pick(c.name, c.name_ar), scheme: `${origin}/categories` })),
    ],
    published,
    updated: changed > published ? changed : published,
    enclosures: post.attachments.map((a) => ({ url: a.file_url, type: a.file_type, length: a.size, title: pick(a.title, a.title_ar) })),
  };
}

const ATOM = 'application/atom+xml';

/** Atom 1.0 (RFC 4287): every attachment an enclosure link, the organization the author. */
export function atomFeed(feed: FeedData): string {
  return generateAtomFeed({
    id: feed.selfUrl,
    title: { value: feed.title },
    subtitle: { value: feed.description },
    updated: feed.updated,
    links: [
      { href: feed.selfUrl, rel: 'self', type: ATOM },
      { href: feed.pageUrl, rel: 'alternate', type: 'text/html', hreflang: feed.lang },
    ],
    generator: { text: 'Qarar' },
    xml: { lang: feed.lang },
    entries: feed.entries.map((e) => ({
      id: e.url,
      title: { value: e.title },
      ...(e.summary ? { summary: { value: e.summary } } : {}),
      published: e.published,
      updated: e.updated,
      links: [
        { href: e.url, rel: 'alternate', type: 'text/html' },
        ...e.enclosures.map((a) => ({ href: a.url, rel: 'enclosure', type: a.type, length: a.length, title: a.title })),
      ],
      ...(e.organization ? { authors: [{ name: e.organization.name, uri: e.organization.url }] } : {}),
      categories: e.categories,
    })),
  });
}

/**
 * RSS 2.0: the item's guid is the post's page (a correction keeps it, with dcterms:modified),
 * the organization is dc:creator (RSS's own author is an e-mail address), and the first
 * attachment is the enclosure — the specification allows one per item.
 */
export function rssFeed(feed: FeedData): string {
  return generateRssFeed({
    title: feed.title,
    link: feed.pageUrl,
    description: feed.description,
    language: feed.lang,
    lastBuildDate: feed.updated,
    generator: 'Qarar',
    atom: { links: [{ href: feed.selfUrl, rel: 'self', type: 'application/rss+xml' }] },
    items: feed.entries.map((e) => ({
      title: e.title,
      link: e.url,
      guid: { value: e.url, isPermaLink: true },
      ...(e.summary ? { description: e.summary } : {}),
      pubDate: e.published,
      categories: e.categories.map((c) => ({ name: c.label, domain: c.scheme })),
      ...(e.enclosures.length ? { enclosures: [{ url: e.enclosures[0].url, length: e.enclosures[0].length, type: e.enclosures[0].type }] } : {}),
      ...(e.organization ? { dc: { creators: [e.organization.name] } } : {}),
      dcterms: { modified: [e.updated] },
    })),
  });
}
