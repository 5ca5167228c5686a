import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useGetPostVersionQuery } from '../../../api/postVersions';
import { useAppSelector } from '../../../app/hooks';
import { localized } from '../../../components/localized';
import { PageHeader } from '../../../components/PageHeader';
import { selectLanguage } from '../../../state/preferencesSlice';
import { PostBackButton } from '../PostBackButton';
import { PostLoadFailure } from '../PostLoadFailure';
import { postPath } from '../postLinks';
import { PostSkeleton } from '../PostSkeleton';
import { changeSummary } from './changeSummary';
import { fieldDiffs, totalsOf } from './fieldDiffs';
import { FieldSection } from './FieldSection';
import { VersionCard } from './VersionCard';

interface ComparisonProps {
  slug: string;
  older: number;
  newer: number;
  /** The address named the newer version first. */
  swapped: boolean;
}

/** Two saved versions of a post, the older to the newer, word by word (PostComparePage). */
export function Comparison({ slug, older, newer, swapped }: ComparisonProps) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  // Encoded once, as on the post page (PostPage's PostLoader).
  const before = useGetPostVersionQuery({ slug: encodeURIComponent(slug), version: older });
  const after = useGetPostVersionQuery({ slug: encodeURIComponent(slug), version: newer });
  const diffs = useMemo(() => (before.data && after.data ? fieldDiffs(before.data.post, after.data.post) : undefined), [before.data, after.data]);

  const error = before.error ?? after.error;
  if (error) {
    return (
      <PostLoadFailure
        error={error}
        retry={() => {
          if (before.error) void before.refetch();
          if (after.error) void after.refetch();
        }}
      />
    );
  }
  const totals = diffs ? totalsOf(diffs) : undefined;
  const post = after.data?.post;

  return (
    <>
      <PostBackButton />
      <PageHeader
        title={t('compare.heading', { older, newer })}
        subtitle={
          post ? (
            <Link component={RouterLink} to={postPath(slug)} sx={{ fontWeight: 600 }}>
              <bdi>{localized(language, post.title_ar, post.title)}</bdi>
            </Link>
          ) : undefined
        }
      />
      {swapped ? (
        <Alert severity="info" sx={{ mb: 2, borderRadius: 3 }}>
          {t('compare.swapped')}
        </Alert>
      ) : null}
      {/* In the page from the start, so that a screen reader hears the summary when it comes. */}
      <Typography role="status" data-testid="compare-summary" variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        {totals ? changeSummary(t, language, totals.added, totals.removed) : ''}
      </Typography>
      {before.data && after.data && diffs ? (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5, mt: 2 }}>
            <VersionCard slug={slug} version={before.data} side="older" />
            <VersionCard slug={slug} version={after.data} side="newer" />
          </Box>
          {diffs.map((diff) => (
            <FieldSection key={`${diff.language}-${diff.field}`} diff={diff} />
          ))}
        </>
      ) : (
        <PostSkeleton />
      )}
    </>
  );
}
