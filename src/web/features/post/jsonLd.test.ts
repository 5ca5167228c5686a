import { post } from '../../test/fixtures';
import { postJsonLd } from './jsonLd';

const url = (slug: string) => `https://qarar.example/post/${encodeURIComponent(slug)}`;
const related = (id: number, slug: string) => ({
  id,
  slug,
  title: `Law ${id}`,
  title_ar: `نظام ${id}`,
  document_number: `${id}/1440`,
  published_at: '2020-01-01T00:00:00Z',
  status: 'published' as const,
  organization_name: null,
  organization_name_ar: null,
});

describe('postJsonLd', () => {
  it('describes a law as schema.org Legislation: number, date, force, and the texts it changes and applies', () => {
    const law = post(1, {
      type: { id: 3, name: 'law', name_ar: 'نظام' },
      document_number: '12/1446',
      issued_on: '2024-11-25',
      in_force: 'amended',
      organization: { id: 4, code: 'MOJ', name: 'Ministry of Justice', name_ar: 'وزارة العدل', is_verified: true },
      relations: [
        { kind: 'repeals', direction: 'out', post: related(7, 'old-law') },
        { kind: 'implements', direction: 'out', post: related(8, 'framework') },
        { kind: 'amends', direction: 'in', post: related(9, 'amendment') },
      ],
    });
    const ld = postJsonLd(law, url(law.slug), url, 'ar');
    expect(ld).toMatchObject({
      '@type': 'Legislation',
      name: 'منشور 1',
      legislationIdentifier: '12/1446',
      legislationDate: '2024-11-25',
      legislationType: 'نظام',
      legislationLegalForce: 'https://schema.org/InForce',
      legislationPassedBy: { '@type': 'GovernmentOrganization', name: 'وزارة العدل' },
      legislationChanges: [{ url: url('old-law'), name: 'نظام 7' }],
      legislationApplies: [{ url: url('framework') }],
      subjectOf: [{ url: url('amendment') }],
    });
    expect(postJsonLd({ ...law, in_force: 'repealed' }, url(law.slug), url, 'en').legislationLegalForce).toBe('https://schema.org/NotInForce');
  });

  it('describes other posts as articles citing what they relate to', () => {
    const circular = post(2, { relations: [{ kind: 'amends', direction: 'out', post: related(7, 'old') }] });
    const ld = postJsonLd(circular, url(circular.slug), url, 'en');
    expect(ld).toMatchObject({ '@type': 'Article', headline: 'Post 2', citation: [{ url: url('old') }], isBasedOn: [] });
    expect(ld).not.toHaveProperty('legislationChanges');
  });
});
