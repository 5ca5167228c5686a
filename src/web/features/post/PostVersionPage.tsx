import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useGetPostVersionQuery } from '../../api/postVersions';
import { NotFoundPanel } from '../../components/NotFoundPanel';
import { PostArticle } from './PostArticle';
import { PostBackButton } from './PostBackButton';
import { PostPending } from './PostLoadFailure';
import { parsePostSlug, parseVersion } from './postRules';
import { VersionBanner } from './VersionBanner';

function VersionLoader({ slug, version }: { slug: string; version: number }) {
  // Encoded once, as on the post page (PostPage's PostLoader).
  const { data, error, refetch } = useGetPostVersionQuery({ slug: encodeURIComponent(slug), version });

  if (data) {
    return (
      <>
        <PostBackButton />
        <VersionBanner slug={slug} version={data} currentVersion={data.current_version} />
        <PostArticle post={data.post} currentVersion={data.current_version} shownVersion={data.version} />
      </>
    );
  }
  return <PostPending error={error} retry={() => void refetch()} />;
}

/** A post as it read in one of its published versions (issue 14), by its slug and the version as written in the address. */
export function PostVersionView({ slug, version: written }: { slug: string; version: string | undefined }) {
  const { t } = useTranslation();
  const version = parseVersion(written);
  if (!version) return <NotFoundPanel title={t('post.version.invalid')} message={t('common.notFoundDescription')} />;
  return <VersionLoader key={`${slug}/${version}`} slug={slug} version={version} />;
}

/** /post/{slug}/versions/{version} on its own (the post's page shows it for that address: PostPage). */
export default function PostVersionPage() {
  const { t } = useTranslation();
  const params = useParams();
  const slug = parsePostSlug(params.slug);
  if (!slug) return <NotFoundPanel title={t('post.invalidUrl')} message={t('post.slugRequired')} />;
  return <PostVersionView slug={slug} version={params.version} />;
}
