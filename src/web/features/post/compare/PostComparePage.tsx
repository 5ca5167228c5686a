import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { NotFoundPanel } from '../../../components/NotFoundPanel';
import { PageHeader } from '../../../components/PageHeader';
import { PostBackButton } from '../PostBackButton';
import { postVersionPath } from '../postLinks';
import { parsePostSlug, parseVersion } from '../postRules';
import { Comparison } from './Comparison';

/**
 * /post/{slug}/compare/{a}/{b}: two saved versions of a post compared word by word (issue 30),
 * always from the older to the newer whichever the address names first.
 */
export default function PostComparePage() {
  const { t } = useTranslation();
  const params = useParams();
  const slug = parsePostSlug(params.slug);
  if (!slug) return <NotFoundPanel title={t('post.invalidUrl')} message={t('post.slugRequired')} />;
  const a = parseVersion(params.a);
  const b = parseVersion(params.b);
  if (!a || !b) return <NotFoundPanel title={t('post.version.invalid')} message={t('common.notFoundDescription')} />;
  if (a === b) {
    return (
      <>
        <PostBackButton />
        <PageHeader title={t('compare.title')} />
        <Alert severity="info" sx={{ borderRadius: 3 }}>
          {t('compare.same', { version: a })}{' '}
          <Link component={RouterLink} to={postVersionPath(slug, a)} color="inherit" sx={{ fontWeight: 700 }}>
            {t('compare.read', { version: a })}
          </Link>
        </Alert>
      </>
    );
  }
  return <Comparison key={`${slug}/${a}/${b}`} slug={slug} older={Math.min(a, b)} newer={Math.max(a, b)} swapped={a > b} />;
}
