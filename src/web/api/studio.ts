import { studioGeneratedApi, type AttachmentUpload, type StudioPost } from './generated/studio.gen';

/**
 * The publishing workspace (issue 14). Tags: 'StudioMe' (the user's memberships), 'StudioList'
 * (every page of the workspace's lists and the relation lookup), 'StudioPost' and
 * 'StudioHistory' by post id. A write that answers with the post writes it into the post's
 * cache instead of refetching it: the editor keeps its form while a draft autosaves, and reads
 * the post's new stage and abilities from the answer. Writes that change what readers see
 * (publish, correct, withdraw, a scheduled post) also invalidate the public post lists.
 */

/** Spec of the upload: the files the server accepts, and how large each may be. */
export const ATTACHMENT_LIMITS: Readonly<Record<string, number>> = {
  'application/pdf': 20 * 1024 * 1024,
  'image/jpeg': 10 * 1024 * 1024,
  'image/png': 10 * 1024 * 1024,
  'image/webp': 10 * 1024 * 1024,
};

/** The workspace list's page size. */
export const STUDIO_PAGE_SIZE = 20;

/** The upload is a multipart form; fetchBaseQuery leaves a FormData body's content type to the browser. */
export function attachmentFormData({ file, title_ar, title, description }: AttachmentUpload): FormData {
  const form = new FormData();
  const name = 'name' in file && typeof file.name === 'string' ? file.name : 'attachment';
  form.append('file', file, name);
  if (title_ar) form.append('title_ar', title_ar);
  if (title) form.append('title', title);
  if (description) form.append('description', description);
  return form;
}

const postTags = (id: number) => [
  { type: 'StudioPost' as const, id },
  { type: 'StudioHistory' as const, id },
  { type: 'StudioList' as const, id: 'LIST' },
];
/** A write readers see: the public lists too. */
const publicTags = (id: number) => [...postTags(id), { type: 'Post' as const, id: 'LIST' }, { type: 'Post' as const, id }];

type PostWriteLifecycle = {
  queryFulfilled: Promise<{ data: StudioPost }>;
  dispatch: (action: unknown) => unknown;
};

/** Puts the post a write answered with into the post's cache (no refetch, see above). */
async function storeAnsweredPost(id: number, { queryFulfilled, dispatch }: PostWriteLifecycle) {
  try {
    const { data } = await queryFulfilled;
    dispatch(studioGeneratedApi.util.upsertQueryData('getStudioPost', { id }, data));
  } catch {
    // The screen reports the failure.
  }
}

// The answered post is in the cache already, so these writes do not invalidate 'StudioPost'.
const withoutPost = (id: number) => postTags(id).filter((tag) => tag.type !== 'StudioPost');

export const studioApi = studioGeneratedApi.enhanceEndpoints({
  addTagTypes: ['StudioMe', 'StudioList', 'StudioPost', 'StudioHistory', 'Post'],
  endpoints: {
    getStudioMe: { providesTags: ['StudioMe'] },
    listStudioPosts: { providesTags: [{ type: 'StudioList', id: 'LIST' }] },
    lookupStudioPosts: { providesTags: [{ type: 'StudioList', id: 'LIST' }] },
    getStudioPost: { providesTags: (_result, _error, arg) => [{ type: 'StudioPost', id: arg.id }] },
    getStudioPostHistory: { providesTags: (_result, _error, arg) => [{ type: 'StudioHistory', id: arg.id }] },
    createStudioPost: {
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'StudioList', id: 'LIST' }]),
      // The editor moves to the new post's address: its cache is ready, so nothing is fetched.
      async onQueryStarted(_arg, { queryFulfilled, dispatch }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(studioGeneratedApi.util.upsertQueryData('getStudioPost', { id: data.id }, data));
        } catch {
          // The screen reports the failure.
        }
      },
    },
    updateStudioPost: {
      invalidatesTags: (_r, error, arg) => (error ? [] : withoutPost(arg.id)),
      onQueryStarted: (arg, api) => storeAnsweredPost(arg.id, api),
    },
    deleteStudioPost: { invalidatesTags: (_r, error, arg) => (error ? [] : postTags(arg.id)) },
    submitStudioPost: { invalidatesTags: (_r, error, arg) => (error ? [] : withoutPost(arg.id)), onQueryStarted: (arg, api) => storeAnsweredPost(arg.id, api) },
    requestStudioPostChanges: { invalidatesTags: (_r, error, arg) => (error ? [] : withoutPost(arg.id)), onQueryStarted: (arg, api) => storeAnsweredPost(arg.id, api) },
    commentStudioPost: {
      invalidatesTags: [],
      async onQueryStarted({ id }, { queryFulfilled, dispatch }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(studioGeneratedApi.util.upsertQueryData('getStudioPostHistory', { id }, data));
        } catch {
          // The screen reports the failure.
        }
      },
    },
    publishStudioPost: { invalidatesTags: (_r, error, arg) => (error ? [] : publicTags(arg.id).filter((t) => t.type !== 'StudioPost')), onQueryStarted: (arg, api) => storeAnsweredPost(arg.id, api) },
    scheduleStudioPost: { invalidatesTags: (_r, error, arg) => (error ? [] : withoutPost(arg.id)), onQueryStarted: (arg, api) => storeAnsweredPost(arg.id, api) },
    unscheduleStudioPost: { invalidatesTags: (_r, error, arg) => (error ? [] : withoutPost(arg.id)), onQueryStarted: (arg, api) => storeAnsweredPost(arg.id, api) },
    correctStudioPost: { invalidatesTags: (_r, error, arg) => (error ? [] : publicTags(arg.id).filter((t) => t.type !== 'StudioPost')), onQueryStarted: (arg, api) => storeAnsweredPost(arg.id, api) },
    withdrawStudioPost: { invalidatesTags: (_r, error, arg) => (error ? [] : publicTags(arg.id).filter((t) => t.type !== 'StudioPost')), onQueryStarted: (arg, api) => storeAnsweredPost(arg.id, api) },
    setStudioPostRelations: { invalidatesTags: (_r, error, arg) => (error ? [] : withoutPost(arg.id)), onQueryStarted: (arg, api) => storeAnsweredPost(arg.id, api) },
    uploadStudioAttachment: {
      query: (arg) => ({ url: `/studio/posts/${arg.id}/attachments/`, method: 'POST', body: attachmentFormData(arg.attachmentUpload) }),
      invalidatesTags: (_r, error, arg) => (error ? [] : withoutPost(arg.id)),
      onQueryStarted: (arg, api) => storeAnsweredPost(arg.id, api),
    },
    orderStudioAttachments: { invalidatesTags: (_r, error, arg) => (error ? [] : withoutPost(arg.id)), onQueryStarted: (arg, api) => storeAnsweredPost(arg.id, api) },
    updateStudioAttachment: { invalidatesTags: (_r, error, arg) => (error ? [] : withoutPost(arg.id)), onQueryStarted: (arg, api) => storeAnsweredPost(arg.id, api) },
    deleteStudioAttachment: { invalidatesTags: (_r, error, arg) => (error ? [] : withoutPost(arg.id)), onQueryStarted: (arg, api) => storeAnsweredPost(arg.id, api) },
    listStudioAudit: { providesTags: [{ type: 'StudioList', id: 'AUDIT' }] },
    listStudioMembers: { providesTags: ['StudioMe'] },
    setStudioMember: { invalidatesTags: ['StudioMe'] },
    removeStudioMember: { invalidatesTags: ['StudioMe'] },
  },
});

export {
  useGetStudioMeQuery,
  useListStudioPostsQuery,
  useCreateStudioPostMutation,
  useGetStudioPostQuery,
  useUpdateStudioPostMutation,
  useDeleteStudioPostMutation,
  useSubmitStudioPostMutation,
  useRequestStudioPostChangesMutation,
  useCommentStudioPostMutation,
  usePublishStudioPostMutation,
  useScheduleStudioPostMutation,
  useUnscheduleStudioPostMutation,
  useCorrectStudioPostMutation,
  useWithdrawStudioPostMutation,
  useGetStudioPostHistoryQuery,
  useSetStudioPostRelationsMutation,
  useUploadStudioAttachmentMutation,
  useOrderStudioAttachmentsMutation,
  useUpdateStudioAttachmentMutation,
  useDeleteStudioAttachmentMutation,
  useLookupStudioPostsQuery,
  useLazyLookupStudioPostsQuery,
  useListStudioAuditQuery,
  useListStudioMembersQuery,
  useSetStudioMemberMutation,
  useRemoveStudioMemberMutation,
} from './generated/studio.gen';
export type * from './generated/studio.gen';
