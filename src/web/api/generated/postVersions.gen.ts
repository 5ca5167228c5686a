import { baseApi as api } from "../baseApi";
export const addTagTypes = ["posts"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listPostVersions: build.query<
        ListPostVersionsApiResponse,
        ListPostVersionsApiArg
      >({
        query: (queryArg) => ({
          url: `/content/posts/${queryArg.slug}/versions/`,
        }),
        providesTags: ["posts"],
      }),
      getPostVersion: build.query<
        GetPostVersionApiResponse,
        GetPostVersionApiArg
      >({
        query: (queryArg) => ({
          url: `/content/posts/${queryArg.slug}/versions/${queryArg.version}/`,
        }),
        providesTags: ["posts"],
      }),
      verifyDocument: build.query<
        VerifyDocumentApiResponse,
        VerifyDocumentApiArg
      >({
        query: (queryArg) => ({
          url: `/content/verify/`,
          params: {
            sha256: queryArg.sha256,
            number: queryArg["number"],
            organization: queryArg.organization,
            url: queryArg.url,
          },
        }),
        providesTags: ["posts"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as postVersionsGeneratedApi };
export type ListPostVersionsApiResponse =
  /** status 200 The versions. */ PostVersionSummary[];
export type ListPostVersionsApiArg = {
  /** The post's slug (Arabic slugs are sent percent-encoded). */
  slug: string;
};
export type GetPostVersionApiResponse =
  /** status 200 The version. */ PostVersion;
export type GetPostVersionApiArg = {
  /** The post's slug (Arabic slugs are sent percent-encoded). */
  slug: string;
  version: number;
};
export type VerifyDocumentApiResponse =
  /** status 200 What matched (nothing, when `matches` is empty). */ Verification;
export type VerifyDocumentApiArg = {
  sha256?: string;
  number?: string;
  /** An organization's code (MOH) or id, with `number`. */
  organization?: string;
  url?: string;
};
export type ChangeKind = "first" | "minor" | "major" | "withdrawal";
export type PostVersionSummary = {
  version: number;
  kind: ChangeKind;
  note: string;
  note_ar: string;
  created_at: string;
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
export type SignedVersion = {
  /** Canonical JSON (RFC 8785): format, post, version, kind, note, note_ar, made_at, files[{id, file, title, title_ar, file_type, size, sha256}]. */
  payload: string;
  alg: "EdDSA";
  /** The signing key's id (its RFC 7638 thumbprint). */
  kid: string;
  /** SHA-256 of the payload's UTF-8 bytes (hex). */
  digest: string;
  /** Ed25519 signature of the payload's UTF-8 bytes (base64url). */
  signature: string;
  signed_at: string;
};
export type PostVersion = PostVersionSummary & {
  /** The post's latest version. */
  current_version: number;
  post: Post;
  /** The version's signature; null until it is signed (just after it is published, or by the scheduled work for a version made otherwise). */
  signed: SignedVersion | null;
};
export type VerifiedVersion = {
  slug: string;
  version: number;
  kind: ChangeKind;
  /** When this version was published. */
  made_at: string;
  title: string;
  title_ar: string;
  language: "ar" | "en";
  type_name: string;
  type_name_ar: string;
  organization: {
    code: string;
    name: string;
    name_ar: string;
  };
  document_number: string;
  issued_on: string | null;
  issued_on_hijri: string | null;
  current_version: number;
  /** This version is the post's latest. */
  is_current: boolean;
  /** The post now (of any of its versions). */
  post_state: "in_force" | "amended" | "repealed" | "withdrawn";
  withdrawal: Withdrawal | null;
  /** This version's page (absolute). */
  version_url: string;
  /** The post's page, where its current version is (absolute). */
  current_url: string;
  /** The file that matched (asked by `sha256`), as this version names it; null otherwise. */
  file: {
    id: number;
    title: string | null;
    title_ar: string;
    sha256: string;
  } | null;
  signed: SignedVersion | null;
  /** The portal checked the signature against its published key now. */
  signature_valid: boolean;
};
export type Verification = {
  /** How the document was asked for. */
  by: "sha256" | "number" | "url";
  /** Why nothing was looked up (a link of another site, or not to a post); null when it was. */
  reason:
    | ("other_site" | "not_a_post_link" | null)
    | ("other_site" | "not_a_post_link" | null);
  matches: VerifiedVersion[];
};
export const {
  useListPostVersionsQuery,
  useLazyListPostVersionsQuery,
  useGetPostVersionQuery,
  useLazyGetPostVersionQuery,
  useVerifyDocumentQuery,
  useLazyVerifyDocumentQuery,
} = injectedRtkApi;
