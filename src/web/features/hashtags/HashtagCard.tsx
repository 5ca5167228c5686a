import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Hashtag } from '../../api/hashtags';
import { useAppSelector } from '../../app/hooks';
import { LinkCard } from '../../components/LinkCard';
import { formatMonthDay } from '../../components/posts/dates';
import { selectLanguage } from '../../state/preferencesSlice';
import { hashtagNamePath } from '../../components/hashtagPaths';
import { TrendingBadge } from './TrendingBadge';
import { useClock } from '../../app/clock';

/** One hashtag of the list: '#name', trending, post count, last used (month and day). */
export function HashtagCard({ hashtag }: { hashtag: Hashtag }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const { timeZone } = useClock();

  return (
    <LinkCard to={hashtagNamePath(hashtag.name)}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.05rem', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', flex: 1 }}>
          <bdi>{t('hashtags.heading', { name: hashtag.name })}</bdi>
        </Typography>
        {hashtag.is_trending ? <TrendingBadge /> : null}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('hashtags.postCount', { count: hashtag.post_count })}
      </Typography>
      {hashtag.last_used ? (
        <Typography variant="caption" color="text.secondary">
          {t('hashtags.lastUsed', { date: formatMonthDay(hashtag.last_used, language, timeZone) })}
        </Typography>
      ) : null}
    </LinkCard>
  );
}
