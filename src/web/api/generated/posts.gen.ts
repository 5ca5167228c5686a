import { baseApi as api } from "../baseApi";
export const addTagTypes = ["posts"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listPosts: build.query<ListPostsApiResponse, ListPostsApiArg>({
        query: (queryArg) => ({
          url: `/content/posts/`,
          params: {
            page: queryArg.page,
            page_size: queryArg.pageSize,
            status: queryArg.status,
            language: queryArg.language,
            search: queryArg.search,
            ordering: queryArg.ordering,
            category: queryArg.category,
            subcategory: queryArg.subcategory,
            type: queryArg["type"],
            type_id: queryArg.typeId,
            organization: queryArg.organization,
            organization_code: queryArg.organizationCode,
            hashtag: queryArg.hashtag,
            author: queryArg.author,
            published_after: queryArg.publishedAfter,
            published_before: queryArg.publishedBefore,
            min_views: queryArg.minViews,
            max_views: queryArg.maxViews,
            has_attachments: queryArg.hasAttachments,
            in_force: queryArg.inForce,
            following: queryArg.following,
          },
        }),
        providesTags: ["posts"],
      }),
      getPost: build.query<GetPostApiResponse, GetPostApiArg>({
        query: (queryArg) => ({ url: `/content/posts/${queryArg.slug}/` }),
        providesTags: ["posts"],
      }),
      searchContent: build.query<SearchContentApiResponse, SearchContentApiArg>(
        {
          query: (queryArg) => ({
            url: `/content/search/`,
            params: {
              q: queryArg.q,
              limit: queryArg.limit,
            },
          }),
          providesTags: ["posts"],
        },
      ),
      suggestContent: build.query<
        SuggestContentApiResponse,
        SuggestContentApiArg
      >({
        query: (queryArg) => ({
          url: `/content/suggest/`,
          params: {
            q: queryArg.q,
            limit: queryArg.limit,
            only: queryArg.only,
          },
        }),
        providesTags: ["posts"],
      }),
      postFacets: build.query<PostFacetsApiResponse, PostFacetsApiArg>({
        query: (queryArg) => ({
          url: `/content/facets/`,
          params: {
            language: queryArg.language,
            search: queryArg.search,
            category: queryArg.category,
            subcategory: queryArg.subcategory,
            type: queryArg["type"],
            type_id: queryArg.typeId,
            organization: queryArg.organization,
            organization_code: queryArg.organizationCode,
            hashtag: queryArg.hashtag,
            author: queryArg.author,
            published_after: queryArg.publishedAfter,
            published_before: queryArg.publishedBefore,
            min_views: queryArg.minViews,
            max_views: queryArg.maxViews,
            has_attachments: queryArg.hasAttachments,
            in_force: queryArg.inForce,
          },
        }),
        providesTags: ["posts"],
      }),
      correctSearch: build.query<CorrectSearchApiResponse, CorrectSearchApiArg>(
        {
          query: (queryArg) => ({
            url: `/content/spelling/`,
            params: {
              q: queryArg.q,
              language: queryArg.language,
            },
          }),
          providesTags: ["posts"],
        },
      ),
      listCategories: build.query<
        ListCategoriesApiResponse,
        ListCategoriesApiArg
      >({
        query: () => ({ url: `/content/categories/` }),
        providesTags: ["posts"],
      }),
      getCategory: build.query<GetCategoryApiResponse, GetCategoryApiArg>({
        query: (queryArg) => ({ url: `/content/categories/${queryArg.id}/` }),
        providesTags: ["posts"],
      }),
      listPostTypes: build.query<ListPostTypesApiResponse, ListPostTypesApiArg>(
        {
          query: () => ({ url: `/content/post-types/` }),
          providesTags: ["posts"],
        },
      ),
      getPostType: build.query<GetPostTypeApiResponse, GetPostTypeApiArg>({
        query: (queryArg) => ({ url: `/content/post-types/${queryArg.id}/` }),
        providesTags: ["posts"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as postsGeneratedApi };
export type ListPostsApiResponse =
  /** status 200 A page of posts. */ PaginatedPostList;
export type ListPostsApiArg = {
  /** 1-based page number. */
  page?: number;
  pageSize?: number;
  status?: PostStatus;
  /** The post's original language. */
  language?: Language;
  /** Full-text search over titles, summaries, content and the text of PDF attachments, with
    one analyzer for Arabic (every written form of a word: prefixes, suffixes, diacritics,
    spelling variants) and English (stemmed). All words must be found; `"words in quotes"`
    must be found in a row; `-word` (or `-"a phrase"`) must not be found; `794/1446` finds
    those numbers in a row. Each result then carries `match`: why it matched.
     */
  search?: string;
  ordering?: PostOrdering;
  /** Category slug. */
  category?: string;
  /** Subcategory slug. */
  subcategory?: string;
  /** Post type name, English or Arabic (e.g. `decision` or `قرار`). */
  type?: string;
  typeId?: number;
  /** Organization id. */
  organization?: number;
  organizationCode?: string;
  /** Hashtag slug or name, with or without a leading `#`. */
  hashtag?: string;
  /** Author username (case-insensitive). */
  author?: string;
  /** Published at or after this date (`YYYY-MM-DD`) or instant (ISO 8601). */
  publishedAfter?: DateOrDateTime;
  /** Published at or before this date (the whole day) or instant. */
  publishedBefore?: DateOrDateTime;
  minViews?: number;
  maxViews?: number;
  hasAttachments?: boolean;
  /** Only posts in this state, as their relations make it. */
  inForce?: InForce;
  /** The signed-in reader's Following feed: posts by the people, organizations, hashtags and
    post types they follow (401 for a visitor).
     */
  following?: boolean;
};
export type GetPostApiResponse = /** status 200 The post. */ Post;
export type GetPostApiArg = {
  /** The post's slug (Arabic slugs are sent percent-encoded). */
  slug: string;
};
export type SearchContentApiResponse =
  /** status 200 The best matches of each kind. */ SearchResult;
export type SearchContentApiArg = {
  q: string;
  /** How many of each kind (default 5). */
  limit?: number;
};
export type SuggestContentApiResponse =
  /** status 200 The suggestions, by kind (each group empty when none). */ Suggestions;
export type SuggestContentApiArg = {
  q: string;
  limit?: number;
  /** Only suggestions of this kind. */
  only?: SuggestionKind;
};
export type PostFacetsApiResponse = /** status 200 The counts. */ PostFacets;
export type PostFacetsApiArg = {
  /** The post's original language. */
  language?: Language;
  /** Full-text search over titles, summaries, content and the text of PDF attachments, with
    one analyzer for Arabic (every written form of a word: prefixes, suffixes, diacritics,
    spelling variants) and English (stemmed). All words must be found; `"words in quotes"`
    must be found in a row; `-word` (or `-"a phrase"`) must not be found; `794/1446` finds
    those numbers in a row. Each result then carries `match`: why it matched.
     */
  search?: string;
  /** Category slug. */
  category?: string;
  /** Subcategory slug. */
  subcategory?: string;
  /** Post type name, English or Arabic (e.g. `decision` or `قرار`). */
  type?: string;
  typeId?: number;
  /** Organization id. */
  organization?: number;
  organizationCode?: string;
  /** Hashtag slug or name, with or without a leading `#`. */
  hashtag?: string;
  /** Author username (case-insensitive). */
  author?: string;
  /** Published at or after this date (`YYYY-MM-DD`) or instant (ISO 8601). */
  publishedAfter?: DateOrDateTime;
  /** Published at or before this date (the whole day) or instant. */
  publishedBefore?: DateOrDateTime;
  minViews?: number;
  maxViews?: number;
  hasAttachments?: boolean;
  /** Only posts in this state, as their relations make it. */
  inForce?: InForce;
};
export type CorrectSearchApiResponse =
  /** status 200 The corrected searches (none when there is nothing to correct). */ SearchCorrections;
export type CorrectSearchApiArg = {
  q: string;
  /** The post's original language. */
  language?: Language;
};
export type ListCategoriesApiResponse =
  /** status 200 Categories in display order. */ Category[];
export type ListCategoriesApiArg = void;
export type GetCategoryApiResponse = /** status 200 The category. */ Category;
export type GetCategoryApiArg = {
  /** Numeric id or slug. */
  id: string;
};
export type ListPostTypesApiResponse = /** status 200 Post types. */ PostType[];
export type ListPostTypesApiArg = void;
export type GetPostTypeApiResponse = /** status 200 The post type. */ PostType;
export type GetPostTypeApiArg = {
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
export type PostOrdering =
  "-published_at" | "published_at" | "-view_count" | "view_count" | "relevance";
export type DateOrDateTime = string;
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
export type City = {
  id: number;
  name: string;
  name_ar: string;
};
export type Organization = {
  id: number;
  code: string;
  name: string;
  name_ar: string;
  description: string;
  description_ar: string;
  is_verified: boolean;
  is_active: boolean;
  city: City | null;
  website: string;
  email: string;
  phone: string;
  active_subsidiary_count: number;
  active_department_count: number;
  post_count: number;
};
export type SearchResult = {
  query: string;
  posts: Post[];
  posts_count: number;
  hashtags: Hashtag[];
  organizations: Organization[];
};
export type HashtagSuggestion = {
  id: number;
  name: string;
  slug: string;
  post_count: number;
};
export type PostSuggestion = {
  slug: string;
  title: string;
  title_ar: string;
  type: PostTypeName;
  organization_name: string | null;
  organization_name_ar: string | null;
};
export type Suggestions = {
  /** What was looked for: trimmed, a leading # removed ("" asks nothing). */
  q: string;
  hashtags: HashtagSuggestion[];
  organizations: OrganizationSummary[];
  types: PostTypeSummary[];
  posts: PostSuggestion[];
};
export type SuggestionKind = "hashtag" | "organization" | "type" | "post";
export type FacetCount = {
  count: number;
};
export type PostFacets = {
  /** The posts the filters find. */
  count: number;
  types: (PostTypeSummary & FacetCount)[];
  organizations: (OrganizationSummary & FacetCount)[];
  categories: (CategorySummary & FacetCount)[];
  in_force: ({
    value: InForce;
  } & FacetCount)[];
  years: ({
    year: number;
  } & FacetCount)[];
};
export type SearchCorrection = {
  /** The search with its words corrected, ready to search. */
  q: string;
  /** Each word replaced, as written and as corrected. */
  words: {
    from: string;
    to: string;
  }[];
  /** How many published posts it finds. */
  posts_count: number;
};
export type SearchCorrections = {
  q: string;
  corrections: SearchCorrection[];
};
export type Subcategory = {
  id: number;
  slug: string;
  /** The category's slug. */
  category: string;
  category_name: string;
  category_name_ar: string;
  name: string;
  name_ar: string;
  description: string;
  description_ar: string;
  post_count: number;
  is_active: boolean;
};
export type Category = {
  id: number;
  slug: string;
  name: string;
  name_ar: string;
  description: string;
  description_ar: string;
  post_count: number;
  subcategories: Subcategory[];
};
export type PostType = {
  id: number;
  name: PostTypeName;
  name_ar: string;
  description: string;
  description_ar: string;
  is_active: boolean;
  post_count: number;
};
export const {
  useListPostsQuery,
  useLazyListPostsQuery,
  useGetPostQuery,
  useLazyGetPostQuery,
  useSearchContentQuery,
  useLazySearchContentQuery,
  useSuggestContentQuery,
  useLazySuggestContentQuery,
  usePostFacetsQuery,
  useLazyPostFacetsQuery,
  useCorrectSearchQuery,
  useLazyCorrectSearchQuery,
  useListCategoriesQuery,
  useLazyListCategoriesQuery,
  useGetCategoryQuery,
  useLazyGetCategoryQuery,
  useListPostTypesQuery,
  useLazyListPostTypesQuery,
  useGetPostTypeQuery,
  useLazyGetPostTypeQuery,
} = injectedRtkApi;
