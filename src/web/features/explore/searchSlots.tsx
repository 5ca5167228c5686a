import { useMemo } from 'react';
import { parseQuery, positiveTerms } from '../../../shared/search/query';
import { NO_CARD_SLOTS, type CardSlots } from '../../components/posts/card/cardSlots';
import { HighlightedText } from './HighlightedText';
import { SearchMatch } from './SearchMatch';

/**
 * What a search adds to the cards of the explore list: the searched words marked in each
 * title the card shows, and why the server found the post (SearchMatch). Nothing without a
 * search. The analyzer comes with this screen's chunk, not with the cards (the home route).
 */
export function useSearchSlots(search: string | undefined): CardSlots {
  return useMemo(() => {
    if (!search) return NO_CARD_SLOTS;
    const terms = positiveTerms(parseQuery(search));
    return {
      renderTitle: (title) => <HighlightedText text={title} terms={terms} />,
      renderMatch: (post) => (post.match ? <SearchMatch match={post.match} /> : null),
    };
  }, [search]);
}
