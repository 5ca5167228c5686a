import type { Organization, PaginatedOrganizationList } from './generated/organizations.gen';
import { organizationsApi } from './organizations';

// Apart from organizations.ts, which the first download holds: only the workspace asks for it.
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
