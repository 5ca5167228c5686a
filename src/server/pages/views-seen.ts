import type { ApiAnswer } from '../ssr';

type Post = { id: number; view_count: number };

const isPost = (value: unknown): value is Post =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { id?: unknown }).id === 'number' &&
  typeof (value as { view_count?: unknown }).view_count === 'number';

/**
 * The view count of each post as a drawing's API answers showed it — a post, or a page of them
 * (`results`), the shapes the renderer takes its `postIds` from. A kept page is valid while
 * the counts in the database are these: read after the drawing, they may already have grown
 * (the drawing's own view of a post is counted after its answer), and the page would then show
 * a count that is no longer true.
 */
export class ViewsSeen {
  private readonly counts = new Map<number, number>();

  read(answer: ApiAnswer): void {
    if (answer.status !== 200) return;
    const type = answer.headers.find(([name]) => name === 'content-type')?.[1] ?? '';
    if (!type.includes('json')) return;
    let data: unknown;
    try {
      data = JSON.parse(Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength).toString('utf8'));
    } catch {
      return;
    }
    if (isPost(data)) this.see(data);
    const results = (data as { results?: unknown } | null)?.results;
    if (Array.isArray(results)) for (const item of results) if (isPost(item)) this.see(item);
  }

  /** The count shown of a post, if any answer showed it. */
  of(id: number): number | undefined {
    return this.counts.get(id);
  }

  private see({ id, view_count }: Post): void {
    // Shown twice with different counts, the page is right only if the lower one still is.
    const seen = this.counts.get(id);
    this.counts.set(id, seen === undefined ? view_count : Math.min(seen, view_count));
  }
}
