import { postVersionsGeneratedApi } from './generated/postVersions.gen';

/**
 * A post's versions (its history of corrections), read on the post's page, and the verify
 * screen's question (which version a file, a number or a link is) — kept out of posts.ts so
 * that the home route's first download does not carry them. A correction made in
 * the workspace invalidates 'Post' LIST (see studio.ts): the history is read again then.
 */
export const postVersionsApi = postVersionsGeneratedApi.enhanceEndpoints({
  addTagTypes: ['Post'],
  endpoints: {
    listPostVersions: { providesTags: [{ type: 'Post', id: 'LIST' }] },
    getPostVersion: { providesTags: [{ type: 'Post', id: 'LIST' }] },
    // The verify screen's answer names versions and whether they are current: a correction or a
    // withdrawal made meanwhile asks again.
    verifyDocument: { providesTags: [{ type: 'Post', id: 'LIST' }] },
  },
});

export const { useListPostVersionsQuery, useGetPostVersionQuery, useVerifyDocumentQuery, useLazyVerifyDocumentQuery } = postVersionsApi;
export type {
  PostVersion,
  PostVersionSummary,
  SignedVersion,
  VerifiedVersion,
  Verification,
  VerifyDocumentApiArg,
} from './generated/postVersions.gen';
