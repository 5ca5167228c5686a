import { baseApi as api } from "../baseApi";
export const addTagTypes = ["auth"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      registerUser: build.mutation<RegisterUserApiResponse, RegisterUserApiArg>(
        {
          query: (queryArg) => ({
            url: `/auth/register/`,
            method: "POST",
            body: queryArg.registerRequest,
          }),
          invalidatesTags: ["auth"],
        },
      ),
      login: build.mutation<LoginApiResponse, LoginApiArg>({
        query: (queryArg) => ({
          url: `/auth/login/`,
          method: "POST",
          body: queryArg.loginRequest,
        }),
        invalidatesTags: ["auth"],
      }),
      logout: build.mutation<LogoutApiResponse, LogoutApiArg>({
        query: (queryArg) => ({
          url: `/auth/logout/`,
          method: "POST",
          body: queryArg.refreshRequest,
        }),
        invalidatesTags: ["auth"],
      }),
      refreshToken: build.mutation<RefreshTokenApiResponse, RefreshTokenApiArg>(
        {
          query: (queryArg) => ({
            url: `/auth/token/refresh/`,
            method: "POST",
            body: queryArg.refreshRequest,
          }),
          invalidatesTags: ["auth"],
        },
      ),
      verifyToken: build.mutation<VerifyTokenApiResponse, VerifyTokenApiArg>({
        query: (queryArg) => ({
          url: `/auth/token/verify/`,
          method: "POST",
          body: queryArg.verifyTokenRequest,
        }),
        invalidatesTags: ["auth"],
      }),
      getCurrentUser: build.query<
        GetCurrentUserApiResponse,
        GetCurrentUserApiArg
      >({
        query: () => ({ url: `/auth/me/` }),
        providesTags: ["auth"],
      }),
      updateCurrentUser: build.mutation<
        UpdateCurrentUserApiResponse,
        UpdateCurrentUserApiArg
      >({
        query: (queryArg) => ({
          url: `/auth/me/update/`,
          method: "PATCH",
          body: queryArg.profileUpdateRequest,
        }),
        invalidatesTags: ["auth"],
      }),
      changePassword: build.mutation<
        ChangePasswordApiResponse,
        ChangePasswordApiArg
      >({
        query: (queryArg) => ({
          url: `/auth/me/change-password/`,
          method: "POST",
          body: queryArg.changePasswordRequest,
        }),
        invalidatesTags: ["auth"],
      }),
      requestPasswordReset: build.mutation<
        RequestPasswordResetApiResponse,
        RequestPasswordResetApiArg
      >({
        query: (queryArg) => ({
          url: `/auth/password-reset/`,
          method: "POST",
          body: queryArg.passwordResetRequest,
        }),
        invalidatesTags: ["auth"],
      }),
      confirmPasswordReset: build.mutation<
        ConfirmPasswordResetApiResponse,
        ConfirmPasswordResetApiArg
      >({
        query: (queryArg) => ({
          url: `/auth/password-reset/confirm/`,
          method: "POST",
          body: queryArg.passwordResetConfirmRequest,
        }),
        invalidatesTags: ["auth"],
      }),
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
export { injectedRtkApi as authGeneratedApi };
export type RegisterUserApiResponse =
  /** status 201 Account created; the new session's tokens. */ RegisterResponse;
export type RegisterUserApiArg = {
  registerRequest: RegisterRequest;
};
export type LoginApiResponse = /** status 200 Signed in. */ LoginResponse;
export type LoginApiArg = {
  loginRequest: LoginRequest;
};
export type LogoutApiResponse = /** status 200 Signed out. */ Detail;
export type LogoutApiArg = {
  refreshRequest: RefreshRequest;
};
export type RefreshTokenApiResponse = /** status 200 New tokens. */ TokenPair;
export type RefreshTokenApiArg = {
  refreshRequest: RefreshRequest;
};
export type VerifyTokenApiResponse =
  /** status 200 The token is valid. */ Empty;
export type VerifyTokenApiArg = {
  verifyTokenRequest: VerifyTokenRequest;
};
export type GetCurrentUserApiResponse =
  /** status 200 The current user. */ CurrentUser;
export type GetCurrentUserApiArg = void;
export type UpdateCurrentUserApiResponse =
  /** status 200 The updated user. */ CurrentUser;
export type UpdateCurrentUserApiArg = {
  profileUpdateRequest: ProfileUpdateRequest;
};
export type ChangePasswordApiResponse =
  /** status 200 Password changed. */ Detail;
export type ChangePasswordApiArg = {
  changePasswordRequest: ChangePasswordRequest;
};
export type RequestPasswordResetApiResponse =
  /** status 200 If the address belongs to an account, a link was sent. */ Detail;
export type RequestPasswordResetApiArg = {
  passwordResetRequest: PasswordResetRequest;
};
export type ConfirmPasswordResetApiResponse =
  /** status 200 Password set. */ Detail;
export type ConfirmPasswordResetApiArg = {
  passwordResetConfirmRequest: PasswordResetConfirmRequest;
};
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
export type UserType = "regular" | "staff" | "publisher";
export type CurrentUser = {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  user_type: UserType;
  is_verified: boolean;
  is_staff: boolean;
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
  bookmarks_count: number;
};
export type RegisterResponse = {
  access: string;
  refresh: string;
  user: CurrentUser;
};
export type ValidationErrors = {
  [key: string]: string[] | string;
};
export type Error = {
  detail: string;
  code?: string;
};
export type RegisterRequest = {
  username: string;
  email: string;
  password: string;
  password2: string;
  first_name: string;
  last_name: string;
  /** Only `regular` may register. */
  user_type?: "regular";
};
export type LoginResponse = {
  access: string;
  refresh: string;
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  user_type: UserType;
  is_verified: boolean;
  user: CurrentUser;
};
export type LoginRequest = {
  username: string;
  password: string;
};
export type Detail = {
  detail: string;
};
export type RefreshRequest = {
  refresh: string;
};
export type TokenPair = {
  access: string;
  /** The rotated refresh token; the one sent can no longer be used. */
  refresh: string;
};
export type Empty = object;
export type VerifyTokenRequest = {
  token: string;
};
export type ProfileUpdateRequest = {
  first_name?: string;
  last_name?: string;
  bio?: string;
  location?: string;
  /** An http(s) URL, or empty. */
  website?: string;
  twitter?: string;
  facebook?: string;
  instagram?: string;
  linkedin?: string;
  /** A JPEG, PNG or WebP image of at most 5 MB. */
  profile_picture?: Blob;
};
export type ChangePasswordRequest = {
  old_password: string;
  new_password: string;
};
export type PasswordResetRequest = {
  email: string;
};
export type PasswordResetConfirmRequest = {
  token: string;
  new_password: string;
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
  useRegisterUserMutation,
  useLoginMutation,
  useLogoutMutation,
  useRefreshTokenMutation,
  useVerifyTokenMutation,
  useGetCurrentUserQuery,
  useLazyGetCurrentUserQuery,
  useUpdateCurrentUserMutation,
  useChangePasswordMutation,
  useRequestPasswordResetMutation,
  useConfirmPasswordResetMutation,
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
