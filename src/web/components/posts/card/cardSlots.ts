import { createContext, type ReactNode } from 'react';
import type { Post } from '../../../api/posts';

/**
 * What a screen may add to the cards of its list, e.g. the explore screen's search highlights
 * (features/explore/searchSlots.tsx). A context rather than props through PostList, FeedItem
 * and PostCard: those are in the home route's first download, which stays as it is, and the
 * screen's own pieces (the search analyzer among them) stay in that screen's chunk.
 */
export interface CardSlots {
  /** The title as the card shows it (`title`: the one it chose for the reader's language). */
  renderTitle?(title: string, post: Post): ReactNode;
  /** Shown under the title and text, e.g. why a search found the post. */
  renderMatch?(post: Post): ReactNode;
}

export const NO_CARD_SLOTS: CardSlots = {};

export const CardSlotsContext = createContext<CardSlots>(NO_CARD_SLOTS);
