import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { peopleApi, useToggleFollowMutation, type PublicUser } from '../../api/people';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useSignInPrompt } from '../../app/guards/useSignInPrompt';
import { toast } from '../../components/toast';
import { selectCurrentUser, selectIsSignedIn } from '../../state/sessionSlice';

/**
 * Follow / unfollow on a profile. The state and the follower count change at once and come back
 * with a message if the call fails; a visitor is asked to sign in and comes back here after.
 * Not shown on one's own profile.
 */
export function FollowButton({ profile }: { profile: PublicUser }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const askToSignIn = useSignInPrompt();
  const signedIn = useAppSelector(selectIsSignedIn);
  const me = useAppSelector(selectCurrentUser);
  const [toggle, { isLoading }] = useToggleFollowMutation();
  if (me?.id === profile.id) return null;
  const following = Boolean(profile.is_following);

  const press = async () => {
    if (!signedIn) {
      askToSignIn(t('profile.signInToFollow'));
      return;
    }
    if (isLoading) return;
    const patch = dispatch(
      peopleApi.util.updateQueryData('getProfile', { username: profile.username }, (draft) => {
        draft.is_following = !following;
        draft.followers_count = Math.max(0, draft.followers_count + (following ? -1 : 1));
      }),
    );
    try {
      const result = await toggle({ id: profile.id }).unwrap();
      dispatch(
        peopleApi.util.updateQueryData('getProfile', { username: profile.username }, (draft) => {
          draft.is_following = result.following;
          draft.followers_count = result.followers_count;
        }),
      );
    } catch {
      patch.undo();
      toast.error(t('profile.followFailed'));
    }
  };

  return (
    <Button variant={following ? 'outlined' : 'contained'} onClick={() => void press()} aria-pressed={following} disabled={!me && signedIn}>
      {following ? t('profile.unfollow') : t('profile.follow')}
    </Button>
  );
}
