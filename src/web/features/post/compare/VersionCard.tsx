import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { PostVersion } from '../../../api/postVersions';
import { useAppSelector } from '../../../app/hooks';
import { useClock } from '../../../app/clock';
import { localized } from '../../../components/localized';
import { formatLongDate } from '../../../components/posts/dates';
import { selectLanguage } from '../../../state/preferencesSlice';
import { postVersionPath } from '../postLinks';
import { insertedStyle, removedStyle } from './marks';

interface VersionCardProps {
  slug: string;
  version: PostVersion;
  side: 'older' | 'newer';
}

/**
 * One side of the comparison: which version (number, kind, date, note), a link to it as it
 * read, and how its own words are marked below (struck through for the older, underlined for
 * the newer) — the key to the marks.
 */
export function VersionCard({ slug, version, side }: VersionCardProps) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const { timeZone } = useClock();
  const id = useId();
  const note = localized(language, version.note_ar.trim(), version.note.trim());
  const current = version.version === version.current_version;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} data-testid={`version-${side}`} sx={{ borderRadius: 3, p: 2, display: 'grid', gap: 0.5, alignContent: 'start' }}>
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {t(side === 'older' ? 'compare.older' : 'compare.newer')}
      </Typography>
      <Typography id={id} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('post.history.version', { version: version.version })}
        {current ? ` (${t('post.history.current')})` : null}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t(`post.history.kinds.${version.kind}`)}
        {' · '}
        <time dateTime={version.created_at}>{formatLongDate(version.created_at, language, { timeZone })}</time>
      </Typography>
      {note ? (
        <Typography variant="body2" dir="auto">
          {note}
        </Typography>
      ) : null}
      <Box sx={{ typography: 'body2', mt: 0.5 }}>
        <Trans
          t={t}
          i18nKey={side === 'older' ? 'compare.legendRemoved' : 'compare.legendAdded'}
          values={{ version: version.version }}
          components={{ sample: <Box component="span" sx={{ ...(side === 'older' ? removedStyle : insertedStyle), px: 0.5 }} /> }}
        />
      </Box>
      <Link component={RouterLink} to={postVersionPath(slug, version.version)} variant="body2" sx={{ fontWeight: 600, justifySelf: 'start', mt: 0.5 }}>
        {t('compare.read', { version: version.version })}
      </Link>
    </Paper>
  );
}
