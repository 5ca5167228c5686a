import { organizationsGeneratedApi } from './generated/organizations.gen';
import { POST_PAGES_TTL_SECONDS, postListTags } from './posts';

export const organizationsApi = organizationsGeneratedApi.enhanceEndpoints({
  addTagTypes: ['Organization', 'Post'],
  endpoints: {
    listOrganizations: {
      providesTags: (result) => [
        { type: 'Organization', id: 'LIST' },
        ...(result?.results ?? []).map((o) => ({ type: 'Organization' as const, id: o.code })),
      ],
    },
    getOrganization: { providesTags: (_result, _error, arg) => [{ type: 'Organization', id: arg.code }] },
    listOrganizationPosts: { keepUnusedDataFor: POST_PAGES_TTL_SECONDS, providesTags: (result) => postListTags(result?.results) },
    listSubsidiaries: { providesTags: (_result, _error, arg) => [{ type: 'Organization', id: arg.code }] },
    listDepartments: { providesTags: (_result, _error, arg) => [{ type: 'Organization', id: arg.code }] },
  },
});

export {
  useListOrganizationsQuery,
  useLazyListOrganizationsQuery,
  useGetOrganizationQuery,
  useLazyGetOrganizationQuery,
  useListOrganizationPostsQuery,
  useLazyListOrganizationPostsQuery,
  useListSubsidiariesQuery,
  useLazyListSubsidiariesQuery,
  useListDepartmentsQuery,
  useLazyListDepartmentsQuery,
} from './generated/organizations.gen';
export type * from './generated/organizations.gen';
