import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useGetPostQuery } from '../../../api/posts';
import { NotFoundPanel } from '../../../components/NotFoundPanel';
import { PostPending } from '../PostLoadFailure';
import { postVersionPath } from '../postLinks';
import { parsePostSlug } from '../postRules';
import { PrintControls } from './PrintControls';
import { PrintSheet } from './PrintSheet';
import { PrintStyles } from './PrintStyles';
import { usePageOrigin } from './usePageOrigin';

function SheetSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('common.loading')} aria-busy="true" sx={{ display: 'grid', gap: 1.5, pt: 3 }}>
      <Skeleton variant="rounded" height={480} />
    </Box>
  );
}

function PrintLoader({ slug }: { slug: string }) {
  // Encoded once, as on the post page (PostPage's PostLoader).
  const { data: post, error, refetch } = useGetPostQuery({ slug: encodeURIComponent(slug) });
  const origin = usePageOrigin();
  if (!post) return <PostPending error={error} retry={() => void refetch()} />;
  // The version printed, by its own page: a phone that scans the paper reads that text and
  // whether it still stands (the version banner says when it no longer does).
  const address = origin ? `${origin}${postVersionPath(post.slug, post.version)}` : null;
  return (
    <>
      <PrintStyles />
      <PrintControls slug={post.slug} />
      <Suspense fallback={<SheetSkeleton />}>
        <PrintSheet post={post} address={address} />
      </Suspense>
    </>
  );
}

/** /post/{slug}/print: the post as an official A4 page to print (issue 30). */
export default function PostPrintPage() {
  const { t } = useTranslation();
  const slug = parsePostSlug(useParams().slug);
  if (!slug) return <NotFoundPanel title={t('post.invalidUrl')} message={t('post.slugRequired')} />;
  return <PrintLoader key={slug} slug={slug} />;
}
