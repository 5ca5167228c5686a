import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PostType } from '../../api/posts';
import { useAppSelector } from '../../app/hooks';
import { LinkCard } from '../../components/LinkCard';
import { postTypeColorVar } from '../../theme/postTypeColors';
import { localized } from '../../components/localized';
import { selectLanguage } from '../../state/preferencesSlice';
import { useTypeName } from '../../components/useTypeName';

/** One post type in its badge colour, with its active state, description and post count. */
export function TypeCard({ type }: { type: PostType }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const color = postTypeColorVar(type.name);
  const name = useTypeName()(type);
  const description = localized(language, type.description_ar, type.description);

  return (
    <LinkCard to={`/types/${type.id}`}>
      {/* The type's badge colour runs along the card's start edge. */}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, flex: 1, borderInlineStart: `4px solid ${color}`, paddingInlineStart: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1, minWidth: 0 }}>
            {name}
          </Typography>
          <Chip
            size="small"
            label={type.is_active ? t('types.active') : t('common.inactive')}
            color={type.is_active ? 'success' : 'default'}
            variant="outlined"
          />
        </Box>
        {description ? (
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
            {description}
          </Typography>
        ) : null}
        <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 500 }}>
          {t('types.postCount', { count: type.post_count })}
        </Typography>
      </Box>
    </LinkCard>
  );
}
