import { baseApi as api } from "../baseApi";
export const addTagTypes = ["studio"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getStudioMe: build.query<GetStudioMeApiResponse, GetStudioMeApiArg>({
        query: () => ({ url: `/studio/me/` }),
        providesTags: ["studio"],
      }),
      listStudioPosts: build.query<
        ListStudioPostsApiResponse,
        ListStudioPostsApiArg
      >({
        query: (queryArg) => ({
          url: `/studio/posts/`,
          params: {
            page: queryArg.page,
            page_size: queryArg.pageSize,
            organization: queryArg.organization,
            stage: queryArg.stage,
            search: queryArg.search,
          },
        }),
        providesTags: ["studio"],
      }),
      createStudioPost: build.mutation<
        CreateStudioPostApiResponse,
        CreateStudioPostApiArg
      >({
        query: (queryArg) => ({
          url: `/studio/posts/`,
          method: "POST",
          body: queryArg.studioPostInput,
        }),
        invalidatesTags: ["studio"],
      }),
      getStudioPost: build.query<GetStudioPostApiResponse, GetStudioPostApiArg>(
        {
          query: (queryArg) => ({ url: `/studio/posts/${queryArg.id}/` }),
          providesTags: ["studio"],
        },
      ),
      updateStudioPost: build.mutation<
        UpdateStudioPostApiResponse,
        UpdateStudioPostApiArg
      >({
        query: (queryArg) => ({
          url: `/studio/posts/${queryArg.id}/`,
          method: "PATCH",
          body: queryArg.studioPostInput,
        }),
        invalidatesTags: ["studio"],
      }),
      deleteStudioPost: build.mutation<
        DeleteStudioPostApiResponse,
        DeleteStudioPostApiArg
      >({
        query: (queryArg) => ({
          url: `/studio/posts/${queryArg.id}/`,
          method: "DELETE",
        }),
        invalidatesTags: ["studio"],
      }),
      submitStudioPost: build.mutation<
        SubmitStudioPostApiResponse,
        SubmitStudioPostApiArg
      >({
        query: (queryArg) => ({
          url: `/studio/posts/${queryArg.id}/submit/`,
          method: "POST",
        }),
        invalidatesTags: ["studio"],
      }),
      requestStudioPostChanges: build.mutation<
        RequestStudioPostChangesApiResponse,
        RequestStudioPostChangesApiArg
      >({
        query: (queryArg) => ({
          url: `/studio/posts/${queryArg.id}/request-changes/`,
          method: "POST",
          body: queryArg.reviewComment,
        }),
        invalidatesTags: ["studio"],
      }),
      commentStudioPost: build.mutation<
        CommentStudioPostApiResponse,
        CommentStudioPostApiArg
      >({
        query: (queryArg) => ({
          url: `/studio/posts/${queryArg.id}/comments/`,
          method: "POST",
          body: queryArg.reviewComment,
        }),
        invalidatesTags: ["studio"],
      }),
      publishStudioPost: build.mutation<
        PublishStudioPostApiResponse,
        PublishStudioPostApiArg
      >({
        query: (queryArg) => ({
          url: `/studio/posts/${queryArg.id}/publish/`,
          method: "POST",
        }),
        invalidatesTags: ["studio"],
      }),
      scheduleStudioPost: build.mutation<
        ScheduleStudioPostApiResponse,
        ScheduleStudioPostApiArg
      >({
        query: (queryArg) => ({
          url: `/studio/posts/${queryArg.id}/schedule/`,
          method: "POST",
          body: queryArg.scheduleRequest,
        }),
        invalidatesTags: ["studio"],
      }),
      unscheduleStudioPost: build.mutation<
        UnscheduleStudioPostApiResponse,
        UnscheduleStudioPostApiArg
      >({
        query: (queryArg) => ({
          url: `/studio/posts/${queryArg.id}/unschedule/`,
          method: "POST",
        }),
        invalidatesTags: ["studio"],
      }),
      correctStudioPost: build.mutation<
        CorrectStudioPostApiResponse,
        CorrectStudioPostApiArg
      >({
        query: (queryArg) => ({
          url: `/studio/posts/${queryArg.id}/correct/`,
          method: "POST",
          body: queryArg.correctionRequest,
        }),
        invalidatesTags: ["studio"],
      }),
      withdrawStudioPost: build.mutation<
        WithdrawStudioPostApiResponse,
        WithdrawStudioPostApiArg
      >({
        query: (queryArg) => ({
          url: `/studio/posts/${queryArg.id}/withdraw/`,
          method: "POST",
          body: queryArg.withdrawRequest,
        }),
        invalidatesTags: ["studio"],
      }),
      getStudioPostHistory: build.query<
        GetStudioPostHistoryApiResponse,
        GetStudioPostHistoryApiArg
      >({
        query: (queryArg) => ({ url: `/studio/posts/${queryArg.id}/history/` }),
        providesTags: ["studio"],
      }),
      setStudioPostRelations: build.mutation<
        SetStudioPostRelationsApiResponse,
        SetStudioPostRelationsApiArg
      >({
        query: (queryArg) => ({
          url: `/studio/posts/${queryArg.id}/relations/`,
          method: "PUT",
          body: queryArg.relationsInput,
        }),
        invalidatesTags: ["studio"],
      }),
      uploadStudioAttachment: build.mutation<
        UploadStudioAttachmentApiResponse,
        UploadStudioAttachmentApiArg
      >({
        query: (queryArg) => ({
          url: `/studio/posts/${queryArg.id}/attachments/`,
          method: "POST",
          body: queryArg.attachmentUpload,
        }),
        invalidatesTags: ["studio"],
      }),
      orderStudioAttachments: build.mutation<
        OrderStudioAttachmentsApiResponse,
        OrderStudioAttachmentsApiArg
      >({
        query: (queryArg) => ({
          url: `/studio/posts/${queryArg.id}/attachments/order/`,
          method: "PUT",
          body: queryArg.attachmentOrder,
        }),
        invalidatesTags: ["studio"],
      }),
      updateStudioAttachment: build.mutation<
        UpdateStudioAttachmentApiResponse,
        UpdateStudioAttachmentApiArg
      >({
        query: (queryArg) => ({
          url: `/studio/posts/${queryArg.id}/attachments/${queryArg.attachmentId}/`,
          method: "PATCH",
          body: queryArg.attachmentUpdate,
        }),
        invalidatesTags: ["studio"],
      }),
      deleteStudioAttachment: build.mutation<
        DeleteStudioAttachmentApiResponse,
        DeleteStudioAttachmentApiArg
      >({
        query: (queryArg) => ({
          url: `/studio/posts/${queryArg.id}/attachments/${queryArg.attachmentId}/`,
          method: "DELETE",
        }),
        invalidatesTags: ["studio"],
      }),
      lookupStudioPosts: build.query<
        LookupStudioPostsApiResponse,
        LookupStudioPostsApiArg
      >({
        query: (queryArg) => ({
          url: `/studio/lookup/posts/`,
          params: {
            search: queryArg.search,
            limit: queryArg.limit,
          },
        }),
        providesTags: ["studio"],
      }),
      listStudioAudit: build.query<
        ListStudioAuditApiResponse,
        ListStudioAuditApiArg
      >({
        query: (queryArg) => ({
          url: `/studio/organizations/${queryArg.organizationId}/audit/`,
          params: {
            page: queryArg.page,
            page_size: queryArg.pageSize,
          },
        }),
        providesTags: ["studio"],
      }),
      listStudioMembers: build.query<
        ListStudioMembersApiResponse,
        ListStudioMembersApiArg
      >({
        query: (queryArg) => ({
          url: `/studio/organizations/${queryArg.organizationId}/members/`,
        }),
        providesTags: ["studio"],
      }),
      setStudioMember: build.mutation<
        SetStudioMemberApiResponse,
        SetStudioMemberApiArg
      >({
        query: (queryArg) => ({
          url: `/studio/organizations/${queryArg.organizationId}/members/${queryArg.userId}/`,
          method: "PUT",
          body: queryArg.memberRoleInput,
        }),
        invalidatesTags: ["studio"],
      }),
      removeStudioMember: build.mutation<
        RemoveStudioMemberApiResponse,
        RemoveStudioMemberApiArg
      >({
        query: (queryArg) => ({
          url: `/studio/organizations/${queryArg.organizationId}/members/${queryArg.userId}/`,
          method: "DELETE",
        }),
        invalidatesTags: ["studio"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as studioGeneratedApi };
export type GetStudioMeApiResponse =
  /** status 200 The memberships. */ StudioMe;
export type GetStudioMeApiArg = void;
export type ListStudioPostsApiResponse =
  /** status 200 A page of posts. */ PaginatedStudioPostList;
export type ListStudioPostsApiArg = {
  /** 1-based page number. */
  page?: number;
  pageSize?: number;
  /** One of the user's organizations (any for staff); all of them when absent. */
  organization?: number;
  stage?: PostStage;
  /** Words of the title or the document number (Arabic-aware). */
  search?: string;
};
export type CreateStudioPostApiResponse =
  /** status 201 The draft. */ StudioPost;
export type CreateStudioPostApiArg = {
  studioPostInput: StudioPostInput;
};
export type GetStudioPostApiResponse = /** status 200 The post. */ StudioPost;
export type GetStudioPostApiArg = {
  /** The post's id. */
  id: number;
};
export type UpdateStudioPostApiResponse =
  /** status 200 The draft. */ StudioPost;
export type UpdateStudioPostApiArg = {
  /** The post's id. */
  id: number;
  studioPostInput: StudioPostInput;
};
export type DeleteStudioPostApiResponse = unknown;
export type DeleteStudioPostApiArg = {
  /** The post's id. */
  id: number;
};
export type SubmitStudioPostApiResponse =
  /** status 200 The post, in review. */ StudioPost;
export type SubmitStudioPostApiArg = {
  /** The post's id. */
  id: number;
};
export type RequestStudioPostChangesApiResponse =
  /** status 200 The post, with changes requested. */ StudioPost;
export type RequestStudioPostChangesApiArg = {
  /** The post's id. */
  id: number;
  reviewComment: ReviewComment;
};
export type CommentStudioPostApiResponse =
  /** status 201 The post's history with the comment. */ StudioHistory;
export type CommentStudioPostApiArg = {
  /** The post's id. */
  id: number;
  reviewComment: ReviewComment;
};
export type PublishStudioPostApiResponse =
  /** status 200 The post, published. */ StudioPost;
export type PublishStudioPostApiArg = {
  /** The post's id. */
  id: number;
};
export type ScheduleStudioPostApiResponse =
  /** status 200 The post, scheduled. */ StudioPost;
export type ScheduleStudioPostApiArg = {
  /** The post's id. */
  id: number;
  scheduleRequest: ScheduleRequest;
};
export type UnscheduleStudioPostApiResponse =
  /** status 200 The post, in review again. */ StudioPost;
export type UnscheduleStudioPostApiArg = {
  /** The post's id. */
  id: number;
};
export type CorrectStudioPostApiResponse =
  /** status 200 The post, corrected. */ StudioPost;
export type CorrectStudioPostApiArg = {
  /** The post's id. */
  id: number;
  correctionRequest: CorrectionRequest;
};
export type WithdrawStudioPostApiResponse =
  /** status 200 The post, withdrawn. */ StudioPost;
export type WithdrawStudioPostApiArg = {
  /** The post's id. */
  id: number;
  withdrawRequest: WithdrawRequest;
};
export type GetStudioPostHistoryApiResponse =
  /** status 200 The history. */ StudioHistory;
export type GetStudioPostHistoryApiArg = {
  /** The post's id. */
  id: number;
};
export type SetStudioPostRelationsApiResponse =
  /** status 200 The post. */ StudioPost;
export type SetStudioPostRelationsApiArg = {
  /** The post's id. */
  id: number;
  relationsInput: RelationsInput;
};
export type UploadStudioAttachmentApiResponse =
  /** status 201 The post with the file. */ StudioPost;
export type UploadStudioAttachmentApiArg = {
  /** The post's id. */
  id: number;
  attachmentUpload: AttachmentUpload;
};
export type OrderStudioAttachmentsApiResponse =
  /** status 200 The post. */ StudioPost;
export type OrderStudioAttachmentsApiArg = {
  /** The post's id. */
  id: number;
  attachmentOrder: AttachmentOrder;
};
export type UpdateStudioAttachmentApiResponse =
  /** status 200 The post. */ StudioPost;
export type UpdateStudioAttachmentApiArg = {
  /** The post's id. */
  id: number;
  attachmentId: number;
  attachmentUpdate: AttachmentUpdate;
};
export type DeleteStudioAttachmentApiResponse =
  /** status 200 The post. */ StudioPost;
export type DeleteStudioAttachmentApiArg = {
  /** The post's id. */
  id: number;
  attachmentId: number;
};
export type LookupStudioPostsApiResponse =
  /** status 200 The posts found, best first. */ RelatedPost[];
export type LookupStudioPostsApiArg = {
  search: string;
  limit?: number;
};
export type ListStudioAuditApiResponse =
  /** status 200 A page of the log. */ PaginatedAuditList;
export type ListStudioAuditApiArg = {
  organizationId: number;
  /** 1-based page number. */
  page?: number;
  pageSize?: number;
};
export type ListStudioMembersApiResponse =
  /** status 200 The members. */ Member[];
export type ListStudioMembersApiArg = {
  organizationId: number;
};
export type SetStudioMemberApiResponse = /** status 200 The member. */ Member;
export type SetStudioMemberApiArg = {
  organizationId: number;
  userId: number;
  memberRoleInput: MemberRoleInput;
};
export type RemoveStudioMemberApiResponse = unknown;
export type RemoveStudioMemberApiArg = {
  organizationId: number;
  userId: number;
};
export type OrganizationSummary = {
  id: number;
  code: string;
  name: string;
  name_ar: string;
  is_verified: boolean;
};
export type MemberRole = "editor" | "publisher";
export type Membership = {
  organization: OrganizationSummary;
  role: MemberRole;
};
export type StudioMe = {
  /** Staff act for any organization, as its publishers. */
  is_staff: boolean;
  memberships: Membership[];
};
export type Error = {
  detail: string;
  code?: string;
  /** The request's id, as its `X-Request-Id` header and the server's log name it. */
  request_id: string;
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
export type PostStage =
  | "draft"
  | "in_review"
  | "changes_requested"
  | "scheduled"
  | "published"
  | "withdrawn";
export type PostStatus = "published" | "draft" | "archived";
export type Language = "ar" | "en";
export type UserType = "regular" | "staff" | "publisher";
export type Author = {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  user_type: UserType;
  is_verified: boolean;
  /** Absolute URL. */
  profile_picture: string | null;
};
export type Rendition = {
  /** Absolute URL of the WebP file. */
  url: string;
  width: number;
  height: number;
};
export type Attachment = {
  id: number;
  /** Path of the file under the media root. */
  file: string;
  /** Absolute URL that serves the file inline. */
  file_url: string;
  /** Absolute URL of a smaller rendition (images only). */
  thumbnail_url: string | null;
  /** WebP copies of an image at fixed widths no wider than the image, narrowest first, for a `srcset`: a phone downloads the size it shows, not the original. Made by the server on first request and cached for a year. Empty for other files and for images of unknown size. */
  renditions: Rendition[];
  /** The English title; null when none was given. */
  title: string | null;
  /** The Arabic title, also the name downloads keep. */
  title_ar: string;
  description: string;
  /** MIME type. */
  file_type: string;
  /** Bytes. */
  size: number;
  /** For example "240.5 KB". */
  file_size_display: string;
  /** Lower case, without the dot, e.g. "pdf". */
  file_extension: string;
  order: number;
  created_at: string;
  width: number | null;
  height: number | null;
};
export type RelationKind = "amends" | "repeals" | "replaces" | "implements";
export type RelatedPost = {
  id: number;
  slug: string;
  title: string;
  title_ar: string;
  document_number: string;
  published_at: string | null;
  status: PostStatus;
  organization_name: string | null;
  organization_name_ar: string | null;
};
export type PostRelation = {
  kind: RelationKind;
  direction: "out" | "in";
  post: RelatedPost;
};
export type Withdrawal = {
  reason: string;
  reason_ar: string;
  withdrawn_at: string;
};
export type StudioAbilities = {
  edit: boolean;
  submit: boolean;
  review: boolean;
  publish: boolean;
  /** Schedule the post (in review) or cancel its scheduling (scheduled). */
  schedule: boolean;
  correct: boolean;
  withdraw: boolean;
  delete: boolean;
};
export type StudioPost = {
  id: number;
  slug: string;
  stage: PostStage;
  status: PostStatus;
  title: string;
  title_ar: string;
  summary: string;
  summary_ar: string;
  content: string;
  content_ar: string;
  language: Language;
  type_id: number | null;
  category_ids: number[];
  subcategory_ids: number[];
  hashtags: string[];
  organization: OrganizationSummary;
  subsidiary_id: number | null;
  document_number: string;
  issued_on: string | null;
  /** The issue date in the Umm al-Qura calendar, YYYY-MM-DD. */
  issued_on_hijri: string | null;
  author: Author;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  scheduled_at: string | null;
  /** The published version (0 before the first publication). */
  version: number;
  attachments: Attachment[];
  relations: PostRelation[];
  withdrawal: Withdrawal | null;
  /** The user's role for the post's organization (staff act as publishers). */
  role: MemberRole;
  can: StudioAbilities;
};
export type PaginatedStudioPostList = PageLinks & {
  results: StudioPost[];
};
export type ValidationErrors = {
  request_id: string;
  [key: string]: string[] | string;
};
export type StudioPostInput = {
  title?: string;
  title_ar?: string;
  summary?: string;
  summary_ar?: string;
  content?: string;
  content_ar?: string;
  language?: Language;
  type_id?: number | null;
  category_ids?: number[];
  subcategory_ids?: number[];
  /** Names, with or without `#`. */
  hashtags?: string[];
  organization_id?: number;
  subsidiary_id?: number | null;
  /** As the document gives it, e.g. "794/1446". */
  document_number?: string;
  /** The date the document was issued (Gregorian); its Hijri date is derived. */
  issued_on?: string | null;
};
export type ReviewComment = {
  comment: string;
};
export type ChangeKind = "first" | "minor" | "major" | "withdrawal";
export type PostVersionSummary = {
  version: number;
  kind: ChangeKind;
  note: string;
  note_ar: string;
  created_at: string;
};
export type AuditAction =
  | "created"
  | "edited"
  | "submitted"
  | "changes_requested"
  | "commented"
  | "published"
  | "scheduled"
  | "unscheduled"
  | "corrected"
  | "withdrawn"
  | "deleted"
  | "relations_changed"
  | "attachment_added"
  | "attachment_changed"
  | "attachment_removed"
  | "attachments_ordered"
  | "member_set"
  | "member_removed";
export type AuditEntry = {
  id: number;
  action: AuditAction;
  at: string;
  user: Author | null;
  /** The post written (null for a membership change, or a post since deleted). */
  post: RelatedPost | null;
  /** The post's published version the write started from. */
  version: number | null;
  /** A review comment, a change note or a withdrawal reason. */
  comment: string | null;
};
export type StudioHistory = {
  versions: PostVersionSummary[];
  events: AuditEntry[];
};
export type ScheduleRequest = {
  /** A time in the future. */
  publish_at: string;
};
export type CorrectionRequest = StudioPostInput & {
  change_kind: "minor" | "major";
  /** Needed (in one language at least) for a major change. */
  change_note?: string;
  change_note_ar?: string;
};
export type WithdrawRequest = {
  reason: string;
  reason_ar: string;
};
export type RelationsInput = {
  relations: {
    kind: RelationKind;
    post_id: number;
  }[];
};
export type AttachmentUpload = {
  /** A PDF (at most 20 MB) or a JPEG, PNG or WebP image (at most 10 MB). */
  file: Blob;
  /** The file's name when absent. */
  title_ar?: string;
  /** The English title; none when absent or blank. */
  title?: string;
  description?: string;
};
export type AttachmentOrder = {
  ids: number[];
};
export type AttachmentUpdate = {
  title_ar?: string;
  /** The English title; null or blank removes it (readers then see the Arabic). */
  title?: string | null;
  description?: string;
};
export type PaginatedAuditList = PageLinks & {
  results: AuditEntry[];
};
export type Member = {
  user: Author;
  role: MemberRole;
  created_at: string;
};
export type MemberRoleInput = {
  role: MemberRole;
};
export const {
  useGetStudioMeQuery,
  useLazyGetStudioMeQuery,
  useListStudioPostsQuery,
  useLazyListStudioPostsQuery,
  useCreateStudioPostMutation,
  useGetStudioPostQuery,
  useLazyGetStudioPostQuery,
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
  useLazyGetStudioPostHistoryQuery,
  useSetStudioPostRelationsMutation,
  useUploadStudioAttachmentMutation,
  useOrderStudioAttachmentsMutation,
  useUpdateStudioAttachmentMutation,
  useDeleteStudioAttachmentMutation,
  useLookupStudioPostsQuery,
  useLazyLookupStudioPostsQuery,
  useListStudioAuditQuery,
  useLazyListStudioAuditQuery,
  useListStudioMembersQuery,
  useLazyListStudioMembersQuery,
  useSetStudioMemberMutation,
  useRemoveStudioMemberMutation,
} = injectedRtkApi;
