import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PostVersionView } from './PostVersionPage';
import { useGetPostQuery } from '../../api/posts';
import { NotFoundPanel } from '../../components/NotFoundPanel';
import { PostArticle } from './PostArticle';
import { PostBackButton } from './PostBackButton';
import { PostPending } from './PostLoadFailure';
import { parsePostSlug } from './postRules';

function PostLoader({ slug }: { slug: string }) {
  // The generated endpoint puts the slug into the path as it is: encoded once here, so an
  // Arabic slug (or one holding '?' or '#') reaches the server intact and never twice-encoded.
  const { data: post, error, refetch } = useGetPostQuery({ slug: encodeURIComponent(slug) });

  if (post) {
    return (
      <>
        <PostBackButton />
        <PostArticle post={post} />
      </>
    );
  }
  return <PostPending error={error} retry={() => void refetch()} />;
}

/** /post/{slug}: one post in full (spec §2 post detail, §8 post load). */
export default function PostPage() {
  const { t } = useTranslation();
  const params = useParams();
  const slug = parsePostSlug(params.slug);
  if (!slug) return <NotFoundPanel title={t('post.invalidUrl')} message={t('post.slugRequired')} />;
  // /post/{slug}/versions/{n}: the post as it read then, from this screen's chunk (the app's route
  // table, in every reader's first download, names the post's screen once).
  const rest = params['*'];
  if (rest) {
    const version = /^versions\/([^/]+)\/?$/.exec(rest);
    if (!version) return <NotFoundPanel title={t('post.invalidUrl')} message={t('common.notFoundDescription')} />;
    return <PostVersionView slug={slug} version={version[1]} />;
  }
  // A new slug is a new page: nothing of the previous post's state carries over.
  return <PostLoader key={slug} slug={slug} />;
}
