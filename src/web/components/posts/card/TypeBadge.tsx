import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router-dom';
import type { PostTypeSummary } from '../../../api/posts';
import { useAppSelector } from '../../../app/hooks';
import { POST_TYPE_TEXT_COLOR, postTypeColorVar } from '../../../theme/postTypeColors';
import { localized } from '../../localized';
import { selectLanguage } from '../../../state/preferencesSlice';

/**
 * The coloured post-type badge (spec §9 colours), linking to /types/{id}. The English name is
 * the contract's lower-case name ("decision"), capitalised for display.
 */
export function TypeBadge({ type, size = 'small' }: { type: PostTypeSummary; size?: 'small' | 'medium' }) {
  const language = useAppSelector(selectLanguage);

  return (
    <Box
      component={RouterLink}
      to={`/types/${type.id}`}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        px: size === 'small' ? 1 : 1.5,
        py: size === 'small' ? 0.25 : 0.5,
        borderRadius: 999,
        bgcolor: postTypeColorVar(type.name),
        color: POST_TYPE_TEXT_COLOR,
        fontSize: size === 'small' ? '0.75rem' : '0.875rem',
        fontWeight: 600,
        lineHeight: 1.5,
        textDecoration: 'none',
        textTransform: 'capitalize',
        whiteSpace: 'nowrap',
        // Darker on hover, so the white text keeps its contrast.
        '&:hover': { filter: 'brightness(0.9)' },
      }}
    >
      {localized(language, type.name_ar, type.name)}
    </Box>
  );
}
