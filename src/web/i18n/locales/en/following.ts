/**
 * English strings of following organizations, types and hashtags (issue 15): the follow button
 * on their pages and the "Following" screen. They travel with those screens' chunks
 * (src/web/components/follow/followingStrings.ts), never in the first download. The shape of
 * record for `ar/following.ts`.
 */
const following = {
  following: {
    title: 'Following',
    intro: 'New posts from the organizations, post types, hashtags and people you follow.',
    follow: 'Follow',
    unfollow: 'Unfollow',
    followLabel: 'Follow {{name}}',
    unfollowLabel: 'Unfollow {{name}}',
    followed: 'You now follow {{name}}',
    unfollowed: 'You no longer follow {{name}}',
    failed: 'The follow could not be updated. Try again.',
    signInToFollow: 'Sign in to follow organizations, post types and hashtags',
    what: 'What you follow',
    organizations: 'Organizations',
    types: 'Post types',
    hashtags: 'Hashtags',
    people: 'People',
    loadFailed: 'What you follow could not be loaded.',
    retry: 'Try again',
    nothing: 'You do not follow anything yet.',
    howTo: 'Open an organization, a post type or a hashtag and press “Follow”: its new posts will appear here.',
    browseOrganizations: 'Browse organizations',
    browseTypes: 'Browse post types',
    browseHashtags: 'Browse hashtags',
    posts: 'Posts',
    empty: 'No posts from what you follow yet.',
  },
};

export default following;
