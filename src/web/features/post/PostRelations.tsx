import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { PostRelation } from '../../api/posts';
import { useAppSelector } from '../../app/hooks';
import { localized } from '../../components/localized';
import { selectLanguage } from '../../state/preferencesSlice';
import { PostSection } from './PostSection';
import { postPath } from './postLinks';

/**
 * What this post amends, repeals, replaces or implements ('out'), and the published posts that
 * do so to it ('in': "amended by …"), each a link to the other post with its document number.
 */
export function PostRelations({ relations }: { relations: PostRelation[] }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  // What is done to this post first: it is what the in-force badge above is read from.
  const ordered = [...relations].sort((a, b) => (a.direction === b.direction ? 0 : a.direction === 'in' ? -1 : 1));

  return (
    <PostSection title={t('post.relations.title')}>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {ordered.map(({ kind, direction, post }) => {
          const organization = localized(language, post.organization_name_ar, post.organization_name);
          return (
            <Box component="li" key={`${direction}-${kind}-${post.id}`} sx={{ typography: 'body2', lineHeight: 1.8 }}>
              <Typography component="span" variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
                {t(`post.relations.${direction}.${kind}`)}
              </Typography>{' '}
              {/* bdi: an English title (or a number like 794/1446) keeps its own direction in Arabic text. */}
              <Link component={RouterLink} to={postPath(post.slug)} sx={{ fontWeight: 600 }}>
                <bdi>{localized(language, post.title_ar, post.title)}</bdi>
              </Link>
              {post.document_number || organization ? (
                <Typography component="span" variant="body2" color="text.secondary">
                  {' · '}
                  {post.document_number ? <bdi>{t('post.relations.number', { number: post.document_number })}</bdi> : null}
                  {post.document_number && organization ? ' · ' : null}
                  {organization ? <bdi>{organization}</bdi> : null}
                </Typography>
              ) : null}
            </Box>
          );
        })}
      </Box>
    </PostSection>
  );
}
