import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { PostTypeSummary } from '../../api/posts';
import { useAppSelector } from '../../app/hooks';
import { useClock } from '../../app/clock';
import { localized } from '../../components/localized';
import { useTypeName } from '../../components/useTypeName';
import { selectLanguage } from '../../state/preferencesSlice';
import { FactList, type Fact } from './FactList';
import { SignatureDetails } from './SignatureDetails';
import type { PostMatch } from './verdict';
import { formatIssued, formatMoment, postPath, postVersionPath } from './verifyText';
import { VersionStatus } from './VersionStatus';

/**
 * One post a request matched: where its version stands, then what the version is (post,
 * organization, type, number, dates, version, the matching file), its signature, and the ways
 * to the version and to the current one.
 */
export function MatchCard({ match: { match: version, alsoIn } }: { match: PostMatch }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const { timeZone } = useClock();
  const typeName = useTypeName();
  const titleId = useId();
  const issued = formatIssued(version, language, t);

  const facts: Fact[] = [
    { label: t('verify.match.organization'), value: localized(language, version.organization.name_ar, version.organization.name) },
    // The contract's English type name is the key the strings name (as a post's `type.name`).
    { label: t('verify.match.type'), value: typeName({ name: version.type_name as PostTypeSummary['name'], name_ar: version.type_name_ar }) },
    ...(version.document_number ? [{ label: t('verify.match.number'), value: version.document_number }] : []),
    ...(issued ? [{ label: t('verify.match.issuedOn'), value: issued }] : []),
    {
      label: t('verify.match.version'),
      value: t('verify.match.versionKind', {
        version: t('verify.match.versionOf', { version: version.version, total: version.current_version }),
        kind: t(`verify.match.kinds.${version.kind}`),
      }),
    },
    { label: t('verify.match.publishedOn'), value: formatMoment(version.made_at, language, t, timeZone) },
    ...(version.file ? [{ label: t('verify.match.file'), value: localized(language, version.file.title_ar, version.file.title) }] : []),
  ];

  return (
    <Paper component="article" variant="outlined" aria-labelledby={titleId} data-testid="verified-version" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <VersionStatus version={version} />
      <Typography id={titleId} component="h3" variant="h6" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        <bdi>{localized(language, version.title_ar, version.title)}</bdi>
      </Typography>
      <FactList facts={facts} />
      {alsoIn.length ? (
        <Box component="p" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 1.5, alignItems: 'baseline' }}>
          <span>{t('verify.match.alsoIn')}</span>
          {alsoIn.map((other) => (
            <Link key={other.version} component={RouterLink} to={postVersionPath(other.slug, other.version)} sx={{ py: 1 }}>
              {t('verify.match.versionLink', { version: other.version })}
            </Link>
          ))}
        </Box>
      ) : null}
      <Divider />
      <SignatureDetails version={version} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        <Button component={RouterLink} to={postVersionPath(version.slug, version.version)} variant={version.is_current ? 'contained' : 'outlined'} size="large" sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
          {t('verify.match.openVersion')}
        </Button>
        {version.is_current ? null : (
          <Button component={RouterLink} to={postPath(version.slug)} variant="contained" size="large" sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
            {t('verify.match.openCurrent')}
          </Button>
        )}
      </Box>
    </Paper>
  );
}
