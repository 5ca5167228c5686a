import type { PageLanguage, PageTheme } from '../../shared/drawnPage';
import type { PageOrigin } from '../ssr';
import type { EncodedPage } from './encodings';
import type { PageStatus } from './page-status';

/**
 * What a page is drawn for: its address, the origin its links name, the reader's language and
 * theme, and the request its API requests go as (never a reader's token or cookie).
 */
export interface PageAsk {
  url: string;
  origin: string;
  language: PageLanguage;
  theme: PageTheme;
  from: PageOrigin;
}

/** A drawn page kept for the next readers, and what it was drawn from. */
export interface KeptPage extends EncodedPage {
  /** When it was drawn (ms): relative dates on it are counted from then. */
  drawnAt: number;
  /** How long it may be kept (ms): a list's relative dates move, a post's page shows none. */
  maxAgeMs: number;
  /** What it was drawn for: how to draw it again. */
  ask: PageAsk;
  /** The content version read before the drawing began. */
  version: number;
  /** The posts it shows, and the sum of their view counts as it shows them. */
  postIds: number[];
  views: number;
  /** A post's own page: each reader served the kept copy is counted as a view of it. */
  postId?: number;
  /**
   * 404 for a page of something that does not exist (page-status.ts), read after the content
   * version: while the page is valid, so is its status.
   */
  status: PageStatus;
}
