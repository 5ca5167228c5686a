// One badge for the post page and the cards; it lives with the cards, which the post page draws from already.
export { InForceBadge } from '../../components/posts/card/InForceBadge';
