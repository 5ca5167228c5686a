import CloseIcon from '@mui/icons-material/Close';
import ExploreIcon from '@mui/icons-material/Explore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { SearchBox } from './SearchBox';
import { useTrendingHashtags } from './useTrendingHashtags';

export const MOBILE_SEARCH_HASHTAGS = 10;

/** Full-screen search on phones: the search box, a quick way to explore, 10 trending hashtags. */
export function MobileSearchOverlay({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { hashtags } = useTrendingHashtags(MOBILE_SEARCH_HASHTAGS);

  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby={titleId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <IconButton onClick={onClose} aria-label={t('nav.closeSearch')}>
          <CloseIcon />
        </IconButton>
        <Typography id={titleId} variant="h6" component="h2">
          {t('layout.searchOverlayTitle')}
        </Typography>
      </Box>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <SearchBox autoFocus onSearched={onClose} />
        <Button component={RouterLink} to="/explore" onClick={onClose} variant="outlined" startIcon={<ExploreIcon />}>
          {t('layout.exploreAction')}
        </Button>
        {hashtags.length > 0 ? (
          <section aria-label={t('layout.trendingTitle')}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
              {t('layout.trendingTitle')}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {hashtags.map((hashtag) => (
                <Chip
                  key={hashtag.id}
                  label={<bdi>#{hashtag.name}</bdi>}
                  component={RouterLink}
                  to={`/hashtags/${encodeURIComponent(hashtag.slug)}`}
                  onClick={onClose}
                  clickable
                />
              ))}
            </Box>
          </section>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

export default MobileSearchOverlay;
