import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Post } from '../../api/posts';
import { useAppSelector } from '../../app/hooks';
import { formatLongDate } from '../../components/posts/dates';
import { selectLanguage } from '../../state/preferencesSlice';
import { organizationNameOf, subsidiaryNameOf } from './postLinks';
import { formatIssueDate } from './issueDate';
import { PostSection } from './PostSection';
import { useClock } from '../../app/clock';

/**
 * The additional-information block: the record behind the post — who published it (author,
 * organization, subsidiary), what it is (type, document number, issue date, original language)
 * and when it last changed.
 * Dates other than the last update, and the counts, are in the header already.
 */
export function PostDetails({ post }: { post: Post }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const { timeZone } = useClock();
  const authorName = `${post.author.first_name} ${post.author.last_name}`.trim() || post.author.username;
  const organization = organizationNameOf(post, language);
  const subsidiary = subsidiaryNameOf(post, language);

  const rows: Array<[string, ReactNode]> = [
    [
      t('post.author'),
      <Link component={RouterLink} to={`/profile/${encodeURIComponent(post.author.username)}`}>
        <bdi>{authorName}</bdi> <bdi>{t('postCard.byline', { username: post.author.username })}</bdi>
      </Link>,
    ],
  ];
  if (organization) {
    rows.push([
      t('post.organization'),
      post.organization ? (
        <Link component={RouterLink} to={`/organizations/${encodeURIComponent(post.organization.code)}`}>
          <bdi>{organization}</bdi>
        </Link>
      ) : (
        <bdi>{organization}</bdi>
      ),
    ]);
  }
  if (subsidiary) rows.push([t('post.subsidiary'), <bdi>{subsidiary}</bdi>]);
  rows.push([
    t('post.type'),
    <Link component={RouterLink} to={`/types/${post.type.id}`}>
      {language === 'ar' ? post.type.name_ar : t(`types.names.${post.type.name}`)}
    </Link>,
  ]);
  // The document's own identity, as it is cited ("decision 794/1446 of 1 May 2024").
  if (post.document_number) rows.push([t('post.documentNumber'), <bdi>{post.document_number}</bdi>]);
  const issued = formatIssueDate(post, language, t);
  if (issued) rows.push([t('post.issuedOn'), post.issued_on ? <time dateTime={post.issued_on}>{issued}</time> : issued]);
  rows.push(
    [t('post.language'), t(`post.languageNames.${post.language}`)],
    [t('post.lastUpdated'), <time dateTime={post.updated_at}>{formatLongDate(post.updated_at, language, { timeZone })}</time>],
  );

  return (
    <PostSection title={t('post.additionalInfo')}>
      <Paper variant="outlined" sx={{ borderRadius: 3, px: 2, py: 1 }}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(8rem, max-content) 1fr' }, columnGap: 3 }}>
          {rows.map(([term, value]) => (
            <Box key={term} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ color: 'text.secondary', typography: 'body2', pt: 1, pb: { xs: 0, sm: 1 } }}>
                {term}
              </Box>
              <Box component="dd" sx={{ m: 0, typography: 'body2', fontWeight: 500, pt: { xs: 0.25, sm: 1 }, pb: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Box>
            </Box>
          ))}
        </Box>
      </Paper>
    </PostSection>
  );
}
