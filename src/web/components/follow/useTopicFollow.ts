import { useTranslation } from 'react-i18next';
import { peopleApi, useFollowTopicMutation, useListTopicFollowsQuery, useUnfollowTopicMutation } from '../../api/people';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toast } from '../toast';
import { selectIsSignedIn } from '../../state/sessionSlice';
import { isFollowed, withTopic, type Topic } from './topics';

/**
 * Following a topic: whether the signed-in reader follows it (their list, asked once and kept),
 * and a change that shows at once in that list and is taken back, with a message, if the
 * server refuses it. A visitor's list is empty and never asked for.
 */
export function useTopicFollow() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  const list = useListTopicFollowsQuery(undefined, { skip: !signedIn });
  const [follow, followState] = useFollowTopicMutation();
  const [unfollow, unfollowState] = useUnfollowTopicMutation();

  const change = async (topic: Topic, following: boolean, name: string) => {
    const patch = dispatch(peopleApi.util.updateQueryData('listTopicFollows', undefined, (draft) => withTopic(draft, topic, following)));
    try {
      const arg = { kind: topic.kind, id: topic.item.id };
      await (following ? follow(arg) : unfollow(arg)).unwrap();
      toast.success(t(following ? 'following.followed' : 'following.unfollowed', { name }));
    } catch {
      patch.undo();
      toast.error(t('following.failed'));
    }
  };

  return {
    signedIn,
    list,
    busy: followState.isLoading || unfollowState.isLoading,
    isFollowed: (topic: Topic) => isFollowed(list.data, topic),
    change,
  };
}
