/** Bookmarks per page of the bookmarks screen (and of the first page kept for reading offline, src/web/pwa/pwa.ts). */
export const BOOKMARKS_PAGE_SIZE = 10;
