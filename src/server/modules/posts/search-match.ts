/**
 * Why each post of a search's page matched: its title with the matching words marked, and an
 * excerpt of the first text that matched — summary, body, or an attached file's page — in the
 * reader's language where that text matched, else in the other language. The marking is the
 * shared highlighter's (src/shared/search/highlight.ts), so the words marked are exactly those
 * the index matched, in whatever form they were written.
 */
import { excerpt, highlight, matches, toMarkedHtml, type Segment } from '../../../shared/search/highlight';
import type { Queryable } from '../../db/db';
import type { Schemas } from '../../http/routes';
import type { Lang } from '../../i18n';
import type { PostRow } from './post-sql';
import type { PostSearch } from './search-index';

type SearchMatch = Schemas['SearchMatch'];

/** A file's titles: the Arabic always, the English when given. */
interface FileTitles {
  title: string | null;
  title_ar: string;
}

/** A file's title as the reader sees it: in their language, the Arabic where it has no English. */
const fileTitle = (file: FileTitles, lang: Lang) => (lang === 'en' && file.title) || file.title_ar;

interface FilePage extends FileTitles {
  post_id: number;
  attachment_id: number;
  page: number;
  body: string;
}

/** The first page of an attached file of each post that matches the search (file order, then page order). */
async function matchingFilePages(db: Queryable, postIds: number[], tsquery: string): Promise<Map<number, FilePage>> {
  if (!postIds.length) return new Map();
  const rows = await db.query<FilePage>(
    `SELECT DISTINCT ON (a.post_id) a.post_id, a.id AS attachment_id, a.title, a.title_ar, ft.page, ft.body
       FROM attachments a JOIN file_texts ft ON ft.storage_key = a.storage_key
      WHERE a.post_id = ANY($1::integer[]) AND ft.vector @@ $2::tsquery
      ORDER BY a.post_id, a.sort_order, a.id, ft.page`,
    [postIds, tsquery],
  );
  return new Map(rows.map((r) => [r.post_id, r]));
}

/** What a match is found in: a post's texts in both languages and its files' names (a row, or a post as answered). */
export type MatchSource = Pick<PostRow, 'id' | 'title' | 'title_ar' | 'summary' | 'summary_ar' | 'content' | 'content_ar'> & {
  attachments: (FileTitles & { id: number; description: string })[] | null;
};

const html = (segments: Segment[] | null) => (segments ? toMarkedHtml(segments) : null);

/** The match of each post (by id) of a page of search results; none for a search that only excludes. */
export async function searchMatches(db: Queryable, search: PostSearch, rows: MatchSource[], lang: Lang): Promise<Map<number, SearchMatch>> {
  const out = new Map<number, SearchMatch>();
  if (!search.tsquery || !rows.length) return out;
  const terms = new Set(search.terms);
  const needFiles: MatchSource[] = [];
  const texts = (row: MatchSource, l: Lang) =>
    l === 'ar' ? { title: row.title_ar, summary: row.summary_ar, content: row.content_ar } : { title: row.title, summary: row.summary, content: row.content };

  for (const row of rows) {
    const other: Lang = lang === 'ar' ? 'en' : 'ar';
    const own = texts(row, lang);
    const alt = texts(row, other);
    // The title as the reader sees it (their language, or the other when theirs is empty).
    const title = own.title || alt.title;
    const titleMatch = { title: toMarkedHtml(highlight(title, terms)), attachment: null };
    let found: SearchMatch | null = null;
    for (const t of own.title ? [own, alt] : [alt, own]) {
      const summary = t.summary && excerpt(t.summary, terms);
      if (summary) found = { ...titleMatch, excerpt: html(summary), found_in: 'summary' };
      else {
        const content = t.content && excerpt(t.content, terms);
        if (content) found = { ...titleMatch, excerpt: html(content), found_in: 'content' };
      }
      if (found) break;
    }
    if (!found && (matches(own.title, terms) || matches(alt.title, terms))) {
      found = { ...titleMatch, excerpt: null, found_in: 'title' };
    }
    if (found) out.set(row.id, found);
    else {
      out.set(row.id, { ...titleMatch, excerpt: null, found_in: 'attachment' });
      needFiles.push(row);
    }
  }

  if (needFiles.length) {
    const pages = await matchingFilePages(db, needFiles.map((r) => r.id), search.tsquery);
    for (const row of needFiles) {
      const match = out.get(row.id)!;
      const page = pages.get(row.id);
      if (page) {
        match.excerpt = html(excerpt(page.body, terms));
        match.attachment = { id: page.attachment_id, title: fileTitle(page, lang), page: page.page };
        continue;
      }
      // Found by an attached file's titles or description (they are indexed too).
      const file = (row.attachments ?? []).find((a) => matches(`${a.title_ar} ${a.title ?? ''} ${a.description}`, terms));
      if (file) {
        const shown = fileTitle(file, lang);
        const other = shown === file.title_ar ? (file.title ?? '') : file.title_ar;
        match.excerpt = html(excerpt(file.description, terms) ?? excerpt(shown, terms) ?? excerpt(other, terms));
        match.attachment = { id: file.id, title: shown, page: 1 };
      }
    }
  }
  return out;
}
