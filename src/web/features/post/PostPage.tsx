import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useGetPostQuery } from '../../api/posts';
import { DirectionalIcon } from '../../components/DirectionalIcon';
import { NotFoundPanel } from '../../components/NotFoundPanel';
import { useGoBack } from '../../components/useGoBack';
import { PostArticle } from './PostArticle';
import { PostSkeleton } from './PostSkeleton';
import { parsePostSlug, postLoadProblem } from './postRules';

function BackButton() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <Button onClick={goBack} startIcon={<DirectionalIcon icon={ArrowBackIcon} />} sx={{ mt: 1.5, mx: -1 }}>
      {t('post.back')}
    </Button>
  );
}

function PostLoader({ slug }: { slug: string }) {
  const { t } = useTranslation();
  // The generated endpoint puts the slug into the path as it is: encoded once here, so an
  // Arabic slug (or one holding '?' or '#') reaches the server intact and never twice-encoded.
  const { data: post, error, refetch } = useGetPostQuery({ slug: encodeURIComponent(slug) });

  if (post) {
    return (
      <>
        <BackButton />
        <PostArticle post={post} />
      </>
    );
  }
  if (error) {
    const problem = postLoadProblem(error);
    return (
      <NotFoundPanel
        title={t(problem.titleKey)}
        message={problem.titleKey === 'post.notFound' ? t('common.notFoundDescription') : problem.message}
        onRetry={problem.titleKey === 'post.errorLoading' ? () => void refetch() : undefined}
      />
    );
  }
  return (
    <>
      <BackButton />
      <PostSkeleton />
    </>
  );
}

/** /post/{slug}: one post in full (spec §2 post detail, §8 post load). */
export default function PostPage() {
  const { t } = useTranslation();
  const slug = parsePostSlug(useParams().slug);
  if (!slug) return <NotFoundPanel title={t('post.invalidUrl')} message={t('common.notFoundDescription')} />;
  // A new slug is a new page: nothing of the previous post's state carries over.
  return <PostLoader key={slug} slug={slug} />;
}
