import { useMemo } from 'react';
import { highlight } from '../../../shared/search/highlight';
import { Marked } from './Marked';

/**
 * A text with the words a search looks for marked, found by the shared analyzer (so that
 * وزارة marks الوزارة and بالوزارة), as the server finds them.
 */
export function HighlightedText({ text, terms }: { text: string; terms: ReadonlySet<string> }) {
  const segments = useMemo(() => highlight(text, terms), [text, terms]);
  return <Marked segments={segments} />;
}
