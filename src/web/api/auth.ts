import { authGeneratedApi, type ProfileUpdateRequest } from './generated/auth.gen';
import { userLoaded } from '../state/sessionActions';

/**
 * The profile update is a multipart form (spec §7): only the fields given (not null or
 * undefined) are sent, the picture as a file. fetchBaseQuery leaves a FormData body's
 * content-type to the browser, which adds the boundary.
 */
export function profileFormData(fields: { [K in keyof ProfileUpdateRequest]?: ProfileUpdateRequest[K] | null }): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    if (value instanceof Blob) {
      const name = 'name' in value && typeof value.name === 'string' ? value.name : 'profile_picture';
      form.append(key, value, name);
    } else form.append(key, String(value));
  }
  return form;
}

export const authApi = authGeneratedApi.enhanceEndpoints({
  addTagTypes: ['CurrentUser', 'User'],
  endpoints: {
    getCurrentUser: { providesTags: ['CurrentUser'] },
    updateCurrentUser: {
      query: (arg) => ({ url: '/auth/me/update/', method: 'PATCH', body: profileFormData(arg.profileUpdateRequest) }),
      // The answer is the updated user: write it into the cache and the session instead of refetching.
      invalidatesTags: [],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(authGeneratedApi.util.upsertQueryData('getCurrentUser', undefined, data));
          dispatch(userLoaded(data));
        } catch {
          // The screen reports the failure (§8 'Failed to update profile').
        }
      },
    },
  },
});

export {
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
} from './generated/auth.gen';
export type * from './generated/auth.gen';
