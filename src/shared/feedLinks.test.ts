import { alertListOf, feedHref } from './feedLinks';

describe('feedHref', () => {
  it('keeps a list’s filters and ordering under the API’s names, not its page, size or status', () => {
    expect(feedHref({ status: 'published', ordering: '-published_at', pageSize: 10, category: 'health' }, 'atom', 'ar')).toBe(
      '/api/v1/feeds/posts.atom?category=health&lang=ar',
    );
    expect(
      feedHref({ pageSize: 20, ordering: 'relevance', search: 'قرار "وزارة الصحة"', typeId: 3, organizationCode: 'MOH', publishedAfter: '2026-01-01', hasAttachments: true, inForce: 'repealed' }, 'rss', 'en'),
    ).toBe(
      '/api/v1/feeds/posts.rss?ordering=relevance&search=%D9%82%D8%B1%D8%A7%D8%B1+%22%D9%88%D8%B2%D8%A7%D8%B1%D8%A9+%D8%A7%D9%84%D8%B5%D8%AD%D8%A9%22&type_id=3&organization_code=MOH&published_after=2026-01-01&has_attachments=true&in_force=repealed&lang=en',
    );
  });

  it('names a hashtag’s or an organization’s own list by its decoded path segment', () => {
    expect(feedHref({ slug: encodeURIComponent('رؤية_2030'), pageSize: 10 }, 'atom', 'ar')).toBe(`/api/v1/feeds/posts.atom?hashtag=${encodeURIComponent('رؤية_2030')}&lang=ar`);
    expect(feedHref({ code: 'MOH', pageSize: 10 }, 'atom', 'en')).toBe('/api/v1/feeds/posts.atom?organization_code=MOH&lang=en');
    // A broken escape is kept as written.
    expect(feedHref({ slug: '%E0%A4%A' }, 'rss', 'ar')).toBe('/api/v1/feeds/posts.rss?hashtag=%25E0%25A4%25A&lang=ar');
  });
});

describe('alertListOf', () => {
  it('keeps only the filters an alert’s list allows, under the API’s names', () => {
    expect(
      alertListOf({
        page: 2,
        pageSize: 20,
        status: 'published',
        ordering: 'relevance',
        search: 'قرار',
        typeId: 3,
        organizationCode: 'MOH',
        publishedAfter: '2026-01-01',
        minViews: 10,
        hasAttachments: false,
        inForce: 'in_force',
        language: 'ar',
        category: '',
        subcategory: undefined,
      }),
    ).toEqual({ search: 'قرار', type_id: 3, organization_code: 'MOH', has_attachments: false, in_force: 'in_force', language: 'ar' });
    expect(alertListOf({ status: 'published', pageSize: 10 })).toEqual({});
  });

  it('names a hashtag’s or an organization’s own list by its decoded path segment', () => {
    expect(alertListOf({ slug: encodeURIComponent('رؤية_2030'), pageSize: 20 })).toEqual({ hashtag: 'رؤية_2030' });
    expect(alertListOf({ code: 'M%20OH' })).toEqual({ organization_code: 'M OH' });
    expect(alertListOf({ slug: '%E0%A4%A' })).toEqual({ hashtag: '%E0%A4%A' });
  });
});
