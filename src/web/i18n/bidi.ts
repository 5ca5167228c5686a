/**
 * A value in its own direction (U+2068 … U+2069, the characters `<bdi>` stands for): in a
 * right-to-left heading '#COVID19' must not turn into 'COVID19#', nor an English message's
 * full stop jump to its start. For plain strings such as the page title; markup uses
 * `<bdi>` (components/Isolated).
 */
export const isolate = (text: string) => `\u2068${text}\u2069`;
