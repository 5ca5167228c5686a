import HistoryIcon from '@mui/icons-material/History';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { PostVersionSummary } from '../../api/postVersions';
import { useAppSelector } from '../../app/hooks';
import { useClock } from '../../app/clock';
import { formatLongDate } from '../../components/posts/dates';
import { selectLanguage } from '../../state/preferencesSlice';
import { postPath } from './postLinks';

interface VersionBannerProps {
  slug: string;
  version: Pick<PostVersionSummary, 'version' | 'created_at'>;
  currentVersion: number;
}

/**
 * Says, above an older version's text, which version this is and when it was published, with
 * the way to the current one: a reader who followed an old link must not take it for the
 * document as it stands.
 */
export function VersionBanner({ slug, version, currentVersion }: VersionBannerProps) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const { timeZone } = useClock();
  const date = formatLongDate(version.created_at, language, { timeZone });
  // The latest version's own address (an old link, or the history's last entry) says it stands.
  const current = version.version === currentVersion;
  return (
    <Alert severity={current ? 'info' : 'warning'} icon={<HistoryIcon />} data-testid="version-banner" sx={{ mt: 2, borderRadius: 3 }}>
      {t(current ? 'post.version.bannerCurrent' : 'post.version.banner', { version: version.version, count: currentVersion, date })}{' '}
      <Link component={RouterLink} to={postPath(slug)} color="inherit" sx={{ fontWeight: 700 }}>
        {t(current ? 'post.version.openPost' : 'post.version.readCurrent')}
      </Link>
    </Alert>
  );
}
