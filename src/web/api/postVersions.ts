import { postVersionsGeneratedApi } from './generated/postVersions.gen';

/**
 * A post's versions (its history of corrections), read on the post's page only — kept out of
 * posts.ts so that the home route's first download does not carry them. A correction made in
 * the workspace invalidates 'Post' LIST (see studio.ts): the history is read again then.
 */
export const postVersionsApi = postVersionsGeneratedApi.enhanceEndpoints({
  addTagTypes: ['Post'],
  endpoints: {
    listPostVersions: { providesTags: [{ type: 'Post', id: 'LIST' }] },
    getPostVersion: { providesTags: [{ type: 'Post', id: 'LIST' }] },
  },
});

export const { useListPostVersionsQuery, useGetPostVersionQuery } = postVersionsApi;
export type { PostVersion, PostVersionSummary } from './generated/postVersions.gen';
