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
  request_id: string;
  [key: string]: string[] | string;
};
export type Error = {
  detail: string;
  code?: string;
  /** The request's id, as its `X-Request-Id` header and the server's log name it. */
  request_id: string;
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
} = injectedRtkApi;
