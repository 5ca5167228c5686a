import type { HashtagSummary, OrganizationSummary, PostTypeSummary, TopicFollows, TopicKind } from '../../api/people';

/** Something a reader may follow beside people: an organization, a hashtag or a post type. */
export type Topic =
  | { kind: 'organization'; item: OrganizationSummary }
  | { kind: 'hashtag'; item: HashtagSummary }
  | { kind: 'type'; item: PostTypeSummary };

/** Where each kind sits in the list of what a reader follows. */
export const LIST_OF: Record<TopicKind, keyof TopicFollows> = { organization: 'organizations', hashtag: 'hashtags', type: 'types' };

/** Whether the reader's list holds the topic. */
export function isFollowed(follows: TopicFollows | undefined, topic: Topic): boolean {
  return Boolean(follows?.[LIST_OF[topic.kind]].some((t) => t.id === topic.item.id));
}

/** The list with the topic added first (as the server lists the latest first) or taken out. */
export function withTopic(follows: TopicFollows, topic: Topic, following: boolean): void {
  const list = follows[LIST_OF[topic.kind]] as Array<Topic['item']>;
  const at = list.findIndex((t) => t.id === topic.item.id);
  if (following && at < 0) list.unshift(topic.item);
  if (!following && at >= 0) list.splice(at, 1);
}
