import { useEffect } from 'react';

/**
 * Puts a screen's own summary in <meta name="description"> (what a link preview or a search
 * engine rendering the page reads) while it is shown, and restores the site's on leaving.
 */
export function useMetaDescription(text: string) {
  useEffect(() => {
    const meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta || !text) return undefined;
    const previous = meta.content;
    meta.content = text;
    return () => {
      meta.content = previous;
    };
  }, [text]);
}
