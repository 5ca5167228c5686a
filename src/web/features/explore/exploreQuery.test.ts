import {
  countActiveFilters,
  dateBounds,
  DEFAULT_SORT,
  EXPLORE_PAGE_SIZE,
  isCalendarDate,
  localDate,
  localInstant,
  narrowsList,
  parseExploreParams,
  serializeExploreFilters,
  sortOptionsFor,
  toListPostsArgs,
  withFilters,
  type ExploreFilters,
} from './exploreQuery';

// Written to hold in any time zone (the machine's decides what "local" is): expected instants
// are built with the local Date constructor. Run with TZ=Asia/Riyadh, TZ=America/New_York… to see.

const parse = (query: string) => parseExploreParams(new URLSearchParams(query));
const serialize = (filters: ExploreFilters) => serializeExploreFilters(filters).toString();
/** A local wall-clock time. */
const at = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) => new Date(y, m - 1, d, h, min, s, ms);

describe('parseExploreParams', () => {
  it('reads nothing from an empty address', () => {
    expect(parse('')).toEqual({});
  });

  it('reads every parameter of spec §2', () => {
    expect(
      parse(
        'search=قرار&category=health&type=decision&type_id=3&organization=12&organization_code=MOH&status=archived' +
          '&dateRange=custom&start_date=2025-03-01&end_date=2025-03-31&min_views=10&max_views=500&sortBy=most_viewed&has_attachments=true',
      ),
    ).toEqual({
      search: 'قرار',
      category: 'health',
      type: 'decision',
      typeId: 3,
      organization: 12,
      organizationCode: 'MOH',
      status: 'archived',
      dateRange: 'custom',
      startDate: '2025-03-01',
      endDate: '2025-03-31',
      minViews: 10,
      maxViews: 500,
      sortBy: 'most_viewed',
      hasAttachments: true,
    });
  });

  it('trims text and drops blank or over-long text', () => {
    expect(parse('search=%20%20وزارة%20&category=%20')).toEqual({ search: 'وزارة' });
    expect(parse(`search=${'a'.repeat(200)}`).search).toHaveLength(200);
    expect(parse(`search=${'a'.repeat(201)}`)).toEqual({});
    expect(parse(`category=${'c'.repeat(101)}&type=${'t'.repeat(101)}&organization_code=${'O'.repeat(51)}`)).toEqual({});
  });

  it('leaves the defaults out', () => {
    expect(parse('status=published&sortBy=newest')).toEqual({});
  });

  it.each(['draft', 'archived'] as const)('reads status %s', (status) => {
    expect(parse(`status=${status}`)).toEqual({ status });
  });

  it.each(['oldest', 'most_viewed', 'least_viewed'] as const)('reads sortBy %s', (sortBy) => {
    expect(parse(`sortBy=${sortBy}`)).toEqual({ sortBy });
  });

  it('drops unknown values of the closed lists', () => {
    expect(parse('status=deleted&sortBy=random&dateRange=year&has_attachments=yes')).toEqual({});
    expect(parse('sortBy=NEWEST&status=Published&has_attachments=1')).toEqual({});
  });

  it('checks numbers: plain digits, in range', () => {
    expect(parse('type_id=0&organization=-1&min_views=1.5&max_views=1e3')).toEqual({});
    expect(parse('type_id=abc&organization=%207&min_views=&max_views=2147483648')).toEqual({});
    expect(parse('type_id=2147483647&min_views=0&max_views=0')).toEqual({ typeId: 2147483647, minViews: 0, maxViews: 0 });
  });

  it('drops a view range whose minimum is above its maximum', () => {
    expect(parse('min_views=100&max_views=99')).toEqual({});
    expect(parse('min_views=100&max_views=100')).toEqual({ minViews: 100, maxViews: 100 });
  });

  it.each(['today', 'week', 'month'] as const)('reads dateRange %s and ignores custom dates beside it', (range) => {
    expect(parse(`dateRange=${range}&start_date=2025-01-01&end_date=2025-01-02`)).toEqual({ dateRange: range });
  });

  it('reads a custom range with either end open', () => {
    expect(parse('dateRange=custom&start_date=2025-01-01')).toEqual({ dateRange: 'custom', startDate: '2025-01-01' });
    expect(parse('dateRange=custom&end_date=2025-01-31')).toEqual({ dateRange: 'custom', endDate: '2025-01-31' });
  });

  it('drops a custom range without any valid date, and reads bare dates as a custom range', () => {
    expect(parse('dateRange=custom')).toEqual({});
    expect(parse('dateRange=custom&start_date=2025-02-30&end_date=tomorrow')).toEqual({});
    expect(parse('start_date=2025-02-01')).toEqual({ dateRange: 'custom', startDate: '2025-02-01' });
  });

  it('reads has_attachments only as true', () => {
    expect(parse('has_attachments=true')).toEqual({ hasAttachments: true });
    expect(parse('has_attachments=false')).toEqual({});
  });

  it('reads in_force only as one of the three states', () => {
    expect(parse('in_force=repealed')).toEqual({ inForce: 'repealed' });
    expect(parse('in_force=amended')).toEqual({ inForce: 'amended' });
    expect(parse('in_force=expired')).toEqual({});
  });

  it('reads the right column search address', () => {
    expect(parse('search=%D9%82%D8%B1%D8%A7%D8%B1&sortBy=newest')).toEqual({ search: 'قرار' });
  });

  it('reads sortBy relevance only with a search; without one it is the default order', () => {
    expect(parse('search=%D9%82%D8%B1%D8%A7%D8%B1&sortBy=relevance')).toEqual({ search: 'قرار', sortBy: 'relevance' });
    expect(parse('sortBy=relevance')).toEqual({});
    expect(parse('sortBy=relevance&has_attachments=true')).toEqual({ hasAttachments: true });
    // A blank search is no search.
    expect(parse('search=%20%20&sortBy=relevance')).toEqual({});
  });
});

describe('sortOptionsFor', () => {
  it('offers relevance only while a search is given', () => {
    expect(sortOptionsFor({})).toEqual(['newest', 'oldest', 'most_viewed', 'least_viewed']);
    expect(sortOptionsFor({ search: 'قرار' })).toEqual(['newest', 'oldest', 'most_viewed', 'least_viewed', 'relevance']);
    expect(DEFAULT_SORT).toBe('newest');
  });
});

describe('isCalendarDate', () => {
  it.each(['2024-02-29', '2025-12-31', '2025-01-01'])('accepts %s', (value) => expect(isCalendarDate(value)).toBe(true));
  it.each(['2025-02-29', '2025-13-01', '2025-00-10', '2025-1-01', '0099-01-01', '2025-01-01T00:00', '', null, undefined])(
    'rejects %s',
    (value) => expect(isCalendarDate(value)).toBe(false),
  );
});

describe('serializeExploreFilters', () => {
  it('writes nothing for no filters, and leaves defaults out', () => {
    expect(serialize({})).toBe('');
    expect(serialize({ sortBy: 'newest', status: 'published' })).toBe('');
  });

  it('writes every filter with its spec name, in a fixed order', () => {
    const all: ExploreFilters = {
      hasAttachments: true,
      sortBy: 'least_viewed',
      maxViews: 9,
      minViews: 1,
      endDate: '2025-03-31',
      startDate: '2025-03-01',
      dateRange: 'custom',
      status: 'draft',
      organizationCode: 'MOH',
      organization: 4,
      typeId: 2,
      type: 'law',
      category: 'health',
      search: 'نظام',
    };
    expect(serialize(all)).toBe(
      'search=%D9%86%D8%B8%D8%A7%D9%85&category=health&type=law&type_id=2&organization=4&organization_code=MOH&status=draft' +
        '&dateRange=custom&start_date=2025-03-01&end_date=2025-03-31&min_views=1&max_views=9&sortBy=least_viewed&has_attachments=true',
    );
    expect(parse(serialize(all))).toEqual(all);
  });

  it('writes relevance only with a search', () => {
    expect(serialize({ search: 'x', sortBy: 'relevance' })).toBe('search=x&sortBy=relevance');
    expect(serialize({ sortBy: 'relevance', hasAttachments: true })).toBe('has_attachments=true');
  });

  it('is what parsing reads back (the canonical address is stable)', () => {
    for (const query of ['search=x&sortBy=newest', 'start_date=2025-01-01', 'min_views=5&max_views=1&dateRange=week', 'type_id=3&status=published']) {
      const once = serialize(parse(query));
      expect(serialize(parse(once))).toBe(once);
    }
  });
});

describe('withFilters', () => {
  it('sets and removes keys without touching the others', () => {
    const before: ExploreFilters = { search: 'x', typeId: 3, type: 'law' };
    expect(withFilters(before, { typeId: 5, type: undefined })).toEqual({ search: 'x', typeId: 5 });
    expect(before).toEqual({ search: 'x', typeId: 3, type: 'law' });
  });

  it('removing the search removes the relevance order with it; other orders stay', () => {
    expect(withFilters({ search: 'x', sortBy: 'relevance', hasAttachments: true }, { search: undefined })).toEqual({ hasAttachments: true });
    expect(withFilters({ search: 'x', sortBy: 'most_viewed' }, { search: undefined })).toEqual({ sortBy: 'most_viewed' });
    expect(withFilters({}, { sortBy: 'relevance' })).toEqual({});
    expect(withFilters({ search: 'x' }, { sortBy: 'relevance' })).toEqual({ search: 'x', sortBy: 'relevance' });
  });
});

describe('countActiveFilters and narrowsList', () => {
  it('counts each parameter that differs from the defaults, pairs once', () => {
    expect(countActiveFilters({})).toBe(0);
    expect(countActiveFilters({ sortBy: 'most_viewed' })).toBe(1);
    expect(countActiveFilters({ type: 'law', typeId: 2, organization: 1, organizationCode: 'A' })).toBe(2);
    expect(countActiveFilters({ dateRange: 'custom', startDate: '2025-01-01', endDate: '2025-01-02', hasAttachments: true })).toBe(2);
  });

  it('an order alone does not narrow the list', () => {
    expect(narrowsList({})).toBe(false);
    expect(narrowsList({ sortBy: 'oldest' })).toBe(false);
    expect(narrowsList({ sortBy: 'oldest', hasAttachments: true })).toBe(true);
    expect(narrowsList({ status: 'archived' })).toBe(true);
  });
});

describe('localInstant and localDate', () => {
  it('writes the wall-clock time with the reader offset', () => {
    const date = at(2025, 3, 15, 0, 0, 0, 0);
    jest.spyOn(date, 'getTimezoneOffset').mockReturnValue(-180);
    expect(localInstant(date)).toBe('2025-03-15T00:00:00.000+03:00');
    jest.spyOn(date, 'getTimezoneOffset').mockReturnValue(-330);
    expect(localInstant(date)).toBe('2025-03-15T00:00:00.000+05:30');
    jest.spyOn(date, 'getTimezoneOffset').mockReturnValue(300);
    expect(localInstant(date)).toBe('2025-03-15T00:00:00.000-05:00');
  });

  it('names the same instant', () => {
    for (const date of [at(2025, 3, 15), at(2024, 2, 29, 23, 59, 59, 999), at(2025, 10, 26, 2, 30), new Date()]) {
      expect(new Date(localInstant(date)).getTime()).toBe(date.getTime());
      expect(localInstant(date)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/);
    }
    expect(localDate(at(2025, 1, 5, 23, 59))).toBe('2025-01-05');
  });
});

describe('dateBounds', () => {
  const now = at(2025, 3, 15, 14, 30);

  it('no range, no bounds', () => {
    expect(dateBounds({}, now)).toEqual({});
  });

  it('today starts at local midnight, all day long', () => {
    const expected = { publishedAfter: localInstant(at(2025, 3, 15)) };
    expect(dateBounds({ dateRange: 'today' }, now)).toEqual(expected);
    expect(dateBounds({ dateRange: 'today' }, at(2025, 3, 15, 0, 0, 0, 0))).toEqual(expected);
    expect(dateBounds({ dateRange: 'today' }, at(2025, 3, 15, 23, 59, 59, 999))).toEqual(expected);
    expect(dateBounds({ dateRange: 'today' }, at(2025, 3, 16))).toEqual({ publishedAfter: localInstant(at(2025, 3, 16)) });
  });

  it('a week is the last 7 days, today included', () => {
    expect(dateBounds({ dateRange: 'week' }, now)).toEqual({ publishedAfter: localInstant(at(2025, 3, 9)) });
    // Across a month and a year's end.
    expect(dateBounds({ dateRange: 'week' }, at(2025, 1, 3, 8))).toEqual({ publishedAfter: localInstant(at(2024, 12, 28)) });
  });

  it('a month is the last 30 days, today included', () => {
    expect(dateBounds({ dateRange: 'month' }, now)).toEqual({ publishedAfter: localInstant(at(2025, 2, 14)) });
    // Through a leap February.
    expect(dateBounds({ dateRange: 'month' }, at(2024, 3, 1, 12))).toEqual({ publishedAfter: localInstant(at(2024, 2, 1)) });
  });

  it('a custom range covers its first and last days whole, either end open', () => {
    expect(dateBounds({ dateRange: 'custom', startDate: '2025-03-01', endDate: '2025-03-10' }, now)).toEqual({
      publishedAfter: localInstant(at(2025, 3, 1)),
      publishedBefore: localInstant(at(2025, 3, 10, 23, 59, 59, 999)),
    });
    expect(dateBounds({ dateRange: 'custom', startDate: '2025-03-01' }, now)).toEqual({ publishedAfter: localInstant(at(2025, 3, 1)) });
    expect(dateBounds({ dateRange: 'custom', endDate: '2024-12-31' }, now)).toEqual({
      publishedBefore: localInstant(at(2024, 12, 31, 23, 59, 59, 999)),
    });
  });

  it('a one-day custom range and the end of a month', () => {
    expect(dateBounds({ dateRange: 'custom', startDate: '2024-02-29', endDate: '2024-02-29' }, now)).toEqual({
      publishedAfter: localInstant(at(2024, 2, 29)),
      publishedBefore: localInstant(at(2024, 2, 29, 23, 59, 59, 999)),
    });
  });
});

describe('toListPostsArgs', () => {
  const now = at(2025, 3, 15, 14, 30);

  it('asks for published posts, newest first, 20 at a time by default', () => {
    expect(toListPostsArgs({}, now)).toEqual({ pageSize: EXPLORE_PAGE_SIZE, status: 'published', ordering: '-published_at' });
    expect(EXPLORE_PAGE_SIZE).toBe(20);
  });

  it.each([
    ['newest', '-published_at'],
    ['oldest', 'published_at'],
    ['most_viewed', '-view_count'],
    ['least_viewed', 'view_count'],
  ] as const)('sortBy %s is ordering %s', (sortBy, ordering) => {
    expect(toListPostsArgs({ sortBy }, now).ordering).toBe(ordering);
  });

  it('orders a search by relevance when asked, and never a view without a search', () => {
    expect(toListPostsArgs({ search: 'وزارة', sortBy: 'relevance' }, now)).toMatchObject({ search: 'وزارة', ordering: 'relevance' });
    expect(toListPostsArgs({ sortBy: 'relevance' }, now).ordering).toBe('-published_at');
  });

  it('passes the in-force state as in_force, and nothing without one', () => {
    expect(toListPostsArgs({ inForce: 'amended' }, now).inForce).toBe('amended');
    expect(toListPostsArgs({}, now)).not.toHaveProperty('inForce');
    expect(serialize({ inForce: 'repealed', hasAttachments: true })).toBe('has_attachments=true&in_force=repealed');
  });

  it('maps every filter to its listPosts argument', () => {
    expect(
      toListPostsArgs(
        {
          search: 'نظام',
          category: 'health',
          type: 'law',
          typeId: 2,
          organization: 4,
          organizationCode: 'MOH',
          status: 'archived',
          dateRange: 'custom',
          startDate: '2025-03-01',
          endDate: '2025-03-02',
          minViews: 1,
          maxViews: 9,
          sortBy: 'oldest',
          hasAttachments: true,
        },
        now,
      ),
    ).toEqual({
      pageSize: 20,
      status: 'archived',
      ordering: 'published_at',
      search: 'نظام',
      category: 'health',
      type: 'law',
      typeId: 2,
      organization: 4,
      organizationCode: 'MOH',
      publishedAfter: localInstant(at(2025, 3, 1)),
      publishedBefore: localInstant(at(2025, 3, 2, 23, 59, 59, 999)),
      minViews: 1,
      maxViews: 9,
      hasAttachments: true,
    });
  });

  it('maps the quick date ranges', () => {
    expect(toListPostsArgs({ dateRange: 'week' }, now)).toEqual({
      pageSize: 20,
      status: 'published',
      ordering: '-published_at',
      publishedAfter: localInstant(at(2025, 3, 9)),
    });
  });

  it('gives the same query all day, so the list is not asked again', () => {
    expect(toListPostsArgs({ dateRange: 'month' }, at(2025, 3, 15, 0, 1))).toEqual(toListPostsArgs({ dateRange: 'month' }, at(2025, 3, 15, 23, 59)));
  });
});
