import { organizationsGeneratedApi, type Organization, type PaginatedOrganizationList } from './generated/organizations.gen';
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

/** The largest page the server gives (the contract's page_size maximum). */
const EVERY_ORGANIZATION_PAGE = 100;

/**
 * Every organization, page after page: staff act for all of them, and the workspace's pickers
 * must reach the last one, not the first page's hundred. One cached answer for every screen.
 */
const everyOrganizationApi = organizationsApi.injectEndpoints({
  endpoints: (build) => ({
    listEveryOrganization: build.query<Organization[], void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const found = new Map<number, Organization>();
        for (let page = 1, pages = 1; page <= pages; page += 1) {
          const answer = await baseQuery({ url: '/producers/organizations/', params: { page, page_size: EVERY_ORGANIZATION_PAGE } });
          if (answer.error) return { error: answer.error };
          const list = answer.data as PaginatedOrganizationList;
          // By id: an organization added meanwhile may push one onto the next page twice.
          for (const organization of list.results) found.set(organization.id, organization);
          pages = Math.ceil(list.count / EVERY_ORGANIZATION_PAGE);
        }
        return { data: [...found.values()] };
      },
      providesTags: [{ type: 'Organization', id: 'LIST' }],
    }),
  }),
});

export const { useListEveryOrganizationQuery } = everyOrganizationApi;

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
