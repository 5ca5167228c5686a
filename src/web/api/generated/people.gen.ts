import { baseApi as api } from "../baseApi";
export const addTagTypes = ["auth"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listUsers: build.query<ListUsersApiResponse, ListUsersApiArg>({
        query: (queryArg) => ({
          url: `/auth/users/`,
          params: {
            page: queryArg.page,
            page_size: queryArg.pageSize,
            search: queryArg.search,
            is_verified: queryArg.isVerified,
          },
        }),
        providesTags: ["auth"],
      }),
      getUser: build.query<GetUserApiResponse, GetUserApiArg>({
        query: (queryArg) => ({ url: `/auth/users/${queryArg.id}/` }),
        providesTags: ["auth"],
      }),
      getProfile: build.query<GetProfileApiResponse, GetProfileApiArg>({
        query: (queryArg) => ({ url: `/auth/profiles/${queryArg.username}/` }),
        providesTags: ["auth"],
      }),
      searchUsers: build.query<SearchUsersApiResponse, SearchUsersApiArg>({
        query: (queryArg) => ({
          url: `/auth/search/`,
          params: {
            q: queryArg.q,
            page: queryArg.page,
            page_size: queryArg.pageSize,
          },
        }),
        providesTags: ["auth"],
      }),
      listInterests: build.query<ListInterestsApiResponse, ListInterestsApiArg>(
        {
          query: () => ({ url: `/auth/interests/` }),
          providesTags: ["auth"],
        },
      ),
      addInterest: build.mutation<AddInterestApiResponse, AddInterestApiArg>({
        query: (queryArg) => ({
          url: `/auth/interests/`,
          method: "POST",
          body: queryArg.interestRequest,
        }),
        invalidatesTags: ["auth"],
      }),
      deleteInterest: build.mutation<
        DeleteInterestApiResponse,
        DeleteInterestApiArg
      >({
        query: (queryArg) => ({
          url: `/auth/interests/${queryArg.id}/`,
          method: "DELETE",
        }),
        invalidatesTags: ["auth"],
      }),
      toggleFollow: build.mutation<ToggleFollowApiResponse, ToggleFollowApiArg>(
        {
          query: (queryArg) => ({
            url: `/auth/users/${queryArg.id}/follow/`,
            method: "POST",
          }),
          invalidatesTags: ["auth"],
        },
      ),
      listFollowers: build.query<ListFollowersApiResponse, ListFollowersApiArg>(
        {
          query: (queryArg) => ({
            url: `/auth/users/${queryArg.id}/followers/`,
            params: {
              page: queryArg.page,
              page_size: queryArg.pageSize,
            },
          }),
          providesTags: ["auth"],
        },
      ),
      listFollowing: build.query<ListFollowingApiResponse, ListFollowingApiArg>(
        {
          query: (queryArg) => ({
            url: `/auth/users/${queryArg.id}/following/`,
            params: {
              page: queryArg.page,
              page_size: queryArg.pageSize,
            },
          }),
          providesTags: ["auth"],
        },
      ),
      listTopicFollows: build.query<
        ListTopicFollowsApiResponse,
        ListTopicFollowsApiArg
      >({
        query: () => ({ url: `/auth/follows/` }),
        providesTags: ["auth"],
      }),
      followTopic: build.mutation<FollowTopicApiResponse, FollowTopicApiArg>({
        query: (queryArg) => ({
          url: `/auth/follows/${queryArg.kind}/${queryArg.id}/`,
          method: "PUT",
        }),
        invalidatesTags: ["auth"],
      }),
      unfollowTopic: build.mutation<
        UnfollowTopicApiResponse,
        UnfollowTopicApiArg
      >({
        query: (queryArg) => ({
          url: `/auth/follows/${queryArg.kind}/${queryArg.id}/`,
          method: "DELETE",
        }),
        invalidatesTags: ["auth"],
      }),
      verifyUser: build.mutation<VerifyUserApiResponse, VerifyUserApiArg>({
        query: (queryArg) => ({
          url: `/auth/users/${queryArg.id}/verify/`,
          method: "POST",
        }),
        invalidatesTags: ["auth"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as peopleGeneratedApi };
export type ListUsersApiResponse =
  /** status 200 A page of users. */ PaginatedUserList;
export type ListUsersApiArg = {
  /** 1-based page number. */
  page?: number;
  pageSize?: number;
  /** Matches username, first or last name. */
  search?: string;
  isVerified?: boolean;
};
export type GetUserApiResponse = /** status 200 The user. */ PublicUser;
export type GetUserApiArg = {
  id: number;
};
export type GetProfileApiResponse = /** status 200 The user. */ PublicUser;
export type GetProfileApiArg = {
  /** A name longer than any username (150 characters) is simply not found (404). */
  username: string;
};
export type SearchUsersApiResponse =
  /** status 200 A page of users. */ PaginatedUserList;
export type SearchUsersApiArg = {
  /** Text to look for; fewer than 2 characters finds nothing. */
  q?: string;
  /** 1-based page number. */
  page?: number;
  pageSize?: number;
};
export type ListInterestsApiResponse =
  /** status 200 Interests, in the order added. */ Interest[];
export type ListInterestsApiArg = void;
export type AddInterestApiResponse =
  | /** status 200 The interest already existed. */ Interest
  | /** status 201 Added. */ Interest;
export type AddInterestApiArg = {
  interestRequest: InterestRequest;
};
export type DeleteInterestApiResponse = unknown;
export type DeleteInterestApiArg = {
  id: number;
};
export type ToggleFollowApiResponse =
  /** status 200 The new state. */ FollowResult;
export type ToggleFollowApiArg = {
  id: number;
};
export type ListFollowersApiResponse =
  /** status 200 A page of users. */ PaginatedUserList;
export type ListFollowersApiArg = {
  id: number;
  /** 1-based page number. */
  page?: number;
  pageSize?: number;
};
export type ListFollowingApiResponse =
  /** status 200 A page of users. */ PaginatedUserList;
export type ListFollowingApiArg = {
  id: number;
  /** 1-based page number. */
  page?: number;
  pageSize?: number;
};
export type ListTopicFollowsApiResponse =
  /** status 200 What the reader follows, the most recent first in each kind. */ TopicFollows;
export type ListTopicFollowsApiArg = void;
export type FollowTopicApiResponse =
  /** status 200 Followed (following it already answers the same). */ TopicFollowResult;
export type FollowTopicApiArg = {
  kind: TopicKind;
  id: number;
};
export type UnfollowTopicApiResponse =
  /** status 200 Not followed any more (not following it answers the same). */ TopicFollowResult;
export type UnfollowTopicApiArg = {
  kind: TopicKind;
  id: number;
};
export type VerifyUserApiResponse =
  /** status 200 The verified user. */ PublicUser;
export type VerifyUserApiArg = {
  id: number;
};
export type PageLinks = {
  count: number;
  /** True when `count` is a lower bound rather than the exact size ("1,000+"): a search that matches a large share of posts is not counted to the end on first sight. Absent or false: exact. */
  count_bounded?: boolean;
  /** Absolute URL of the next page. */
  next: string | null;
  /** Absolute URL of the previous page. */
  previous: string | null;
};
export type UserType = "regular" | "staff" | "publisher";
export type PublicUser = {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  user_type: UserType;
  is_verified: boolean;
  date_joined: string;
  profile_picture: string | null;
  bio: string;
  location: string;
  website: string;
  twitter: string;
  facebook: string;
  instagram: string;
  linkedin: string;
  following_count: number;
  followers_count: number;
  posts_count: number;
  /** Whether the signed-in reader follows this user (null for visitors). */
  is_following: boolean | null;
};
export type PaginatedUserList = PageLinks & {
  results: PublicUser[];
};
export type ValidationErrors = {
  request_id: string;
  [key: string]: string[] | string;
};
export type Error = {
  detail: string;
  code?: string;
  /** The request's id, as its `X-Request-Id` header and the server's log name it. */
  request_id: string;
};
export type Interest = {
  id: number;
  name: string;
  created_at: string;
};
export type InterestRequest = {
  name: string;
};
export type FollowResult = {
  following: boolean;
  followers_count: number;
  detail: string;
};
export type OrganizationSummary = {
  id: number;
  code: string;
  name: string;
  name_ar: string;
  is_verified: boolean;
};
export type HashtagSummary = {
  id: number;
  name: string;
  slug: string;
};
export type PostTypeName =
  | "decision"
  | "circular"
  | "announcement"
  | "statement"
  | "law"
  | "decree"
  | "order"
  | "directive"
  | "regulation";
export type PostTypeSummary = {
  id: number;
  name: PostTypeName;
  name_ar: string;
};
export type TopicFollows = {
  organizations: OrganizationSummary[];
  hashtags: HashtagSummary[];
  types: PostTypeSummary[];
};
export type TopicKind = "organization" | "hashtag" | "type";
export type TopicFollowResult = {
  kind: TopicKind;
  id: number;
  following: boolean;
};
export const {
  useListUsersQuery,
  useLazyListUsersQuery,
  useGetUserQuery,
  useLazyGetUserQuery,
  useGetProfileQuery,
  useLazyGetProfileQuery,
  useSearchUsersQuery,
  useLazySearchUsersQuery,
  useListInterestsQuery,
  useLazyListInterestsQuery,
  useAddInterestMutation,
  useDeleteInterestMutation,
  useToggleFollowMutation,
  useListFollowersQuery,
  useLazyListFollowersQuery,
  useListFollowingQuery,
  useLazyListFollowingQuery,
  useListTopicFollowsQuery,
  useLazyListTopicFollowsQuery,
  useFollowTopicMutation,
  useUnfollowTopicMutation,
  useVerifyUserMutation,
} = injectedRtkApi;
