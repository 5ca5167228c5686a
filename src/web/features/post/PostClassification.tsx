import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Post } from '../../api/posts';
import { useAppSelector } from '../../app/hooks';
import { TypeBadge } from '../../components/posts/card/TypeBadge';
import { selectLanguage } from '../../state/preferencesSlice';
import { ChipLinks } from '../../components/ChipLinks';
import { categoryLinks, organizationNameOf, subsidiaryNameOf } from './postLinks';

/** The type and classification header: type badge, organization › subsidiary, categories. */
export function PostClassification({ post }: { post: Post }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const organization = organizationNameOf(post, language);
  const subsidiary = subsidiaryNameOf(post, language);
  const categories = categoryLinks(post, language);

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 1 }}>
        <TypeBadge type={post.type} size="medium" />
        {organization ? (
          <Typography component="span" variant="body2" sx={{ fontWeight: 500 }}>
            {/* A name given in the other language only (the fallback) keeps its own order,
                e.g. a closing parenthesis at its end, beside the separator. */}
            {post.organization ? (
              <Link component={RouterLink} to={`/organizations/${encodeURIComponent(post.organization.code)}`} color="inherit">
                <bdi>{organization}</bdi>
              </Link>
            ) : (
              <bdi>{organization}</bdi>
            )}
            {subsidiary ? (
              <Typography component="span" variant="body2" color="text.secondary">
                {' · '}
                <bdi>{subsidiary}</bdi>
              </Typography>
            ) : null}
          </Typography>
        ) : null}
      </Box>
      {categories.length ? <ChipLinks links={categories} label={t('post.categories')} /> : null}
    </Box>
  );
}
