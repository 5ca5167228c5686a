import { useTranslation } from 'react-i18next';
import { NotFoundPanel } from '../../components/NotFoundPanel';
import { PostBackButton } from './PostBackButton';
import { PostSkeleton } from './PostSkeleton';
import { postLoadProblem } from './postRules';

/** What a post (or one of its versions) shows when it did not load (spec §8 post load). */
export function PostLoadFailure({ error, retry }: { error: unknown; retry(): void }) {
  const { t } = useTranslation();
  const problem = postLoadProblem(error as Parameters<typeof postLoadProblem>[0]);
  return (
    <NotFoundPanel
      title={t(problem.titleKey)}
      message={problem.titleKey === 'post.notFound' ? t('common.notFoundDescription') : problem.message}
      onRetry={problem.titleKey === 'post.errorLoading' ? retry : undefined}
    />
  );
}

/** A post (or version) not there yet: its failure with a retry, or the skeleton while it loads. */
export function PostPending({ error, retry }: { error: unknown; retry(): void }) {
  if (error) return <PostLoadFailure error={error} retry={retry} />;
  return (
    <>
      <PostBackButton />
      <PostSkeleton />
    </>
  );
}
