import { peopleGeneratedApi } from './generated/people.gen';

/**
 * Profiles, the user directory, interests and follows (of people and of topics). Loaded by
 * the screens that use them, not by the first page: the codegen writes them apart
 * (openapi/codegen.config.ts) and this module injects them when first imported.
 */
export const peopleApi = peopleGeneratedApi.enhanceEndpoints({
  addTagTypes: ['CurrentUser', 'User', 'TopicFollows', 'Following'],
  endpoints: {
    getUser: { providesTags: (_result, _error, arg) => [{ type: 'User', id: arg.id }] },
    getProfile: { providesTags: (result, _error, arg) => [{ type: 'User', id: result?.id ?? arg.username }] },
    toggleFollow: { invalidatesTags: (_result, _error, arg) => [{ type: 'User', id: arg.id }, 'CurrentUser', 'Following'] },
    verifyUser: { invalidatesTags: (_result, _error, arg) => [{ type: 'User', id: arg.id }] },
    // The list is patched as the reader follows (useTopicFollow); the "Following" posts are asked again.
    listTopicFollows: { providesTags: ['TopicFollows'] },
    followTopic: { invalidatesTags: ['Following'] },
    unfollowTopic: { invalidatesTags: ['Following'] },
  },
});

export {
  useListUsersQuery,
  useGetUserQuery,
  useGetProfileQuery,
  useLazyGetProfileQuery,
  useSearchUsersQuery,
  useListInterestsQuery,
  useAddInterestMutation,
  useDeleteInterestMutation,
  useToggleFollowMutation,
  useListFollowersQuery,
  useListFollowingQuery,
  useListTopicFollowsQuery,
  useFollowTopicMutation,
  useUnfollowTopicMutation,
  useVerifyUserMutation,
} from './generated/people.gen';
export type * from './generated/people.gen';
