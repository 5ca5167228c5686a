import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useSignInPrompt } from '../../app/guards/useSignInPrompt';
import './followingStrings';
import type { Topic } from './topics';
import { useTopicFollow } from './useTopicFollow';

export interface TopicFollowButtonProps {
  topic: Topic;
  /** The topic's name as the page shows it, for the button's accessible name and messages. */
  name: string;
}

/**
 * Follow / unfollow an organization, a post type or a hashtag on its page (issue 15): its posts
 * then come in the reader's "Following" list (/following). A toggle (aria-pressed) like the
 * profile's follow button; a visitor is asked to sign in and comes back here after.
 */
export default function TopicFollowButton({ topic, name }: TopicFollowButtonProps) {
  const { t } = useTranslation();
  const askToSignIn = useSignInPrompt();
  const { signedIn, list, busy, isFollowed, change } = useTopicFollow();
  const following = isFollowed(topic);
  const waiting = signedIn && !list.data && !list.isError;

  const press = () => {
    if (!signedIn) return askToSignIn(t('following.signInToFollow'));
    if (busy || !list.data) return;
    void change(topic, !following, name);
  };

  return (
    <Button
      variant={following ? 'outlined' : 'contained'}
      size="small"
      startIcon={following ? <CheckIcon /> : <AddIcon />}
      onClick={press}
      aria-pressed={following}
      aria-label={t(following ? 'following.unfollowLabel' : 'following.followLabel', { name })}
      // Until the reader's list is known, the button cannot say which way it goes: disabled, and
      // busy for assistive technology (and for the accessibility audit, which waits for it).
      disabled={waiting}
      aria-busy={waiting || undefined}
      sx={{ whiteSpace: 'nowrap', borderRadius: 5 }}
    >
      {following ? t('following.unfollow') : t('following.follow')}
    </Button>
  );
}
