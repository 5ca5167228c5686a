import CalendarTodayOutlinedIcon from '@mui/icons-material/CalendarTodayOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../api/posts';
import { useAppSelector } from '../../app/hooks';
import { formatLongDate } from '../../components/posts/dates';
import { selectLanguage } from '../../state/preferencesSlice';
import { useClock } from '../../app/clock';

function MetaItem({ icon: Icon, children }: { icon: ComponentType<SvgIconProps>; children: ReactNode }) {
  return (
    <Box component="li" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <Icon aria-hidden fontSize="small" />
      {children}
    </Box>
  );
}

/** Published date (Gregorian with the Hijri date alongside), views (not of a saved version: they are the post's) and reading time. */
export function PostMeta({ post, views = true }: { post: Pick<Post, 'published_at' | 'view_count' | 'reading_time'>; views?: boolean }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const { timeZone } = useClock();
  return (
    <Box
      component="ul"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 1, color: 'text.secondary', typography: 'body2' }}
    >
      {post.published_at ? (
        <MetaItem icon={CalendarTodayOutlinedIcon}>
          <time dateTime={post.published_at}>{t('post.publishedOn', { date: formatLongDate(post.published_at, language, { hijri: true, timeZone }) })}</time>
        </MetaItem>
      ) : null}
      {views ? <MetaItem icon={VisibilityOutlinedIcon}>{t('post.views', { count: post.view_count })}</MetaItem> : null}
      <MetaItem icon={ScheduleOutlinedIcon}>{t('post.readingTime', { count: post.reading_time })}</MetaItem>
    </Box>
  );
}
