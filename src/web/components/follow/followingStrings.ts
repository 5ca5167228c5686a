import { addChunkStrings } from '../../i18n/chunkStrings';
import arFollowing from '../../i18n/locales/ar/following';
import enFollowing from '../../i18n/locales/en/following';

// The following screen's and the follow button's strings travel with their one chunk
// ("following": FollowingPage and TopicFollowButton share it), never in the first download.
addChunkStrings(arFollowing, enFollowing);
