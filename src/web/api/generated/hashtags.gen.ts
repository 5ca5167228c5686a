import { baseApi as api } from "../baseApi";
export const addTagTypes = ["hashtags"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listHashtags: build.query<ListHashtagsApiResponse, ListHashtagsApiArg>({
        query: (queryArg) => ({
          url: `/content/hashtags/`,
          params: {
            page: queryArg.page,
            page_size: queryArg.pageSize,
            search: queryArg.search,
            is_trending: queryArg.isTrending,
            ordering: queryArg.ordering,
          },
        }),
        providesTags: ["hashtags"],
      }),
      listTrendingHashtags: build.query<
        ListTrendingHashtagsApiResponse,
        ListTrendingHashtagsApiArg
      >({
        query: (queryArg) => ({
          url: `/content/hashtags/trending/`,
          params: {
            limit: queryArg.limit,
          },
        }),
        providesTags: ["hashtags"],
      }),
      listPopularHashtags: build.query<
        ListPopularHashtagsApiResponse,
        ListPopularHashtagsApiArg
      >({
        query: (queryArg) => ({
          url: `/content/hashtags/popular/`,
          params: {
            limit: queryArg.limit,
          },
        }),
        providesTags: ["hashtags"],
      }),
      getHashtag: build.query<GetHashtagApiResponse, GetHashtagApiArg>({
        query: (queryArg) => ({ url: `/content/hashtags/${queryArg.slug}/` }),
        providesTags: ["hashtags"],
      }),
      listRelatedHashtags: build.query<
        ListRelatedHashtagsApiResponse,
        ListRelatedHashtagsApiArg
      >({
        query: (queryArg) => ({
          url: `/content/hashtags/${queryArg.slug}/related/`,
          params: {
            limit: queryArg.limit,
          },
        }),
        providesTags: ["hashtags"],
      }),
      listHashtagPosts: build.query<
        ListHashtagPostsApiResponse,
        ListHashtagPostsApiArg
      >({
        query: (queryArg) => ({
          url: `/content/hashtags/${queryArg.slug}/posts/`,
          params: {
            page: queryArg.page,
            page_size: queryArg.pageSize,
          },
        }),
        providesTags: ["hashtags"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as hashtagsGeneratedApi };
export type ListHashtagsApiResponse =
  /** status 200 A page of hashtags. */ PaginatedHashtagList;
export type ListHashtagsApiArg = {
  /** 1-based page number. */
  page?: number;
  pageSize?: number;
  search?: string;
  isTrending?: boolean;
  ordering?: HashtagOrdering;
};
export type ListTrendingHashtagsApiResponse =
  /** status 200 Hashtags. */ Hashtag[];
export type ListTrendingHashtagsApiArg = {
  limit?: number;
};
export type ListPopularHashtagsApiResponse =
  /** status 200 Hashtags. */ Hashtag[];
export type ListPopularHashtagsApiArg = {
  limit?: number;
};
export type GetHashtagApiResponse = /** status 200 The hashtag. */ Hashtag;
export type GetHashtagApiArg = {
  /** Slug or name, percent-encoded. */
  slug: string;
};
export type ListRelatedHashtagsApiResponse =
  /** status 200 Hashtags. */ Hashtag[];
export type ListRelatedHashtagsApiArg = {
  /** Slug or name, percent-encoded. */
  slug: string;
  limit?: number;
};
export type ListHashtagPostsApiResponse =
  /** status 200 A page of posts. */ PaginatedPostList;
export type ListHashtagPostsApiArg = {
  /** Slug or name, percent-encoded. */
  slug: string;
  /** 1-based page number. */
  page?: number;
  pageSize?: number;
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
export type Hashtag = {
  id: number;
  /** Without the leading `#`. */
  name: string;
  slug: string;
  post_count: number;
  is_trending: boolean;
  last_used: string | null;
  created_at: string;
};
export type PaginatedHashtagList = PageLinks & {
  results: Hashtag[];
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
export type HashtagOrdering =
  "-post_count" | "post_count" | "name" | "-name" | "-last_used" | "last_used";
export type Language = "ar" | "en";
export type PostStatus = "published" | "draft" | "archived";
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
export type CategorySummary = {
  id: number;
  slug: string;
  name: string;
  name_ar: string;
};
export type SubcategorySummary = {
  id: number;
  slug: string;
  category: string;
  name: string;
  name_ar: string;
};
export type HashtagSummary = {
  id: number;
  name: string;
  slug: string;
};
export type OrganizationSummary = {
  id: number;
  code: string;
  name: string;
  name_ar: string;
  is_verified: boolean;
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
export type PostUpdateNote = {
  version: number;
  updated_at: string;
  note: string;
  note_ar: string;
};
export type InForce = "in_force" | "amended" | "repealed";
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
export type PostSignature = {
  version: number;
  alg: "EdDSA";
  kid: string;
  digest: string;
  signature: string;
  signed_at: string;
  files: {
    id: number;
    sha256: string;
  }[];
};
export type AttachmentMatch = {
  id: number;
  /** The file's title in the reader's language (the Arabic when it has no English one). */
  title: string;
  page: number;
};
export type SearchMatch = {
  /** The title with its matching words marked. */
  title: string;
  /** A passage of about 220 characters around the matches, or null when only the title matched. */
  excerpt: string | null;
  /** Where the excerpt comes from (the first of these that matched). */
  found_in: "title" | "summary" | "content" | "attachment";
  attachment: AttachmentMatch | null;
};
export type Post = {
  id: number;
  slug: string;
  title: string;
  title_ar: string;
  summary: string;
  summary_ar: string;
  content: string;
  content_ar: string;
  language: Language;
  status: PostStatus;
  author: Author;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  type: PostTypeSummary;
  /** Category ids. */
  categories: number[];
  categories_data: CategorySummary[];
  subcategories: SubcategorySummary[];
  hashtags: HashtagSummary[];
  organization: OrganizationSummary | null;
  organization_name: string | null;
  organization_name_ar: string | null;
  subsidiary_name: string | null;
  subsidiary_name_ar: string | null;
  attachments: Attachment[];
  attachment_count: number;
  /** Legacy list of image URLs. */
  images: string[];
  /** Legacy list of other files' URLs. */
  files: string[];
  view_count: number;
  /** Minutes. */
  reading_time: number;
  meta_description: string;
  meta_keywords: string;
  is_bookmarked: boolean;
  /** The signed-in reader's bookmark of this post. */
  bookmark_id: number | null;
  /** As the document gives it ("794/1446"); empty when it has none. */
  document_number: string;
  /** The date the document was issued. */
  issued_on: string | null;
  /** The issue date in the Umm al-Qura calendar, YYYY-MM-DD. */
  issued_on_hijri: string | null;
  /** The published version the answer shows (1 until corrected). */
  version: number;
  last_update: PostUpdateNote | null;
  in_force: InForce;
  /** What this post amends, repeals, replaces or implements, and the published posts that do so to it. */
  relations: PostRelation[];
  /** Why a withdrawn (archived) post was withdrawn. */
  withdrawal: Withdrawal | null;
  /** The current version's signature, in a post's own answer (null while it is not signed yet); not in lists. */
  signature?: PostSignature | null;
  match?: SearchMatch;
};
export type PaginatedPostList = PageLinks & {
  results: Post[];
};
export const {
  useListHashtagsQuery,
  useLazyListHashtagsQuery,
  useListTrendingHashtagsQuery,
  useLazyListTrendingHashtagsQuery,
  useListPopularHashtagsQuery,
  useLazyListPopularHashtagsQuery,
  useGetHashtagQuery,
  useLazyGetHashtagQuery,
  useListRelatedHashtagsQuery,
  useLazyListRelatedHashtagsQuery,
  useListHashtagPostsQuery,
  useLazyListHashtagPostsQuery,
} = injectedRtkApi;
