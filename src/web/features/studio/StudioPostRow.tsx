import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { StudioPost } from '../../api/studio';
import type { Language } from '../../i18n/types';
import { formatDateTime } from './studioDates';

/** One post of the workspace list: its title (a link to the editor), stage, document and last change. */
export function StudioPostRow({ post }: { post: StudioPost }) {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'ar') as Language;
  const title = (language === 'ar' ? post.title_ar || post.title : post.title || post.title_ar) || t('studio.untitled');
  const organization = language === 'ar' ? post.organization.name_ar : post.organization.name;
  return (
    <Box component="li" sx={{ display: 'grid', gap: 0.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={`/studio/posts/${post.id}`} variant="subtitle1" sx={{ fontWeight: 600 }}>
          <bdi>{title}</bdi>
        </Link>
        <Chip size="small" label={t(`studio.stage.${post.stage}`)} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        <bdi>{organization}</bdi>
        {post.document_number ? <> · <bdi>{post.document_number}</bdi></> : null}
        {' · '}
        {post.stage === 'scheduled' && post.scheduled_at
          ? t('studio.scheduledFor', { date: formatDateTime(post.scheduled_at, language) })
          : t('studio.updatedOn', { date: formatDateTime(post.updated_at, language) })}
      </Typography>
    </Box>
  );
}
