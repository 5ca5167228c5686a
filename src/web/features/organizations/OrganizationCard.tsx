import LocationOnIcon from '@mui/icons-material/LocationOn';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Organization } from '../../api/organizations';
import { useAppSelector } from '../../app/hooks';
import { LinkCard } from '../../components/LinkCard';
import { localized } from '../../components/localized';
import { selectLanguage } from '../../state/preferencesSlice';
import { organizationPath } from '../../components/organizationPaths';
import { VerifiedMark } from './VerifiedMark';
import { isolate } from '../../i18n/bidi';

/** One organization of the list: name in the reader's language, code, verified, city, posts. */
export function OrganizationCard({ organization }: { organization: Organization }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const city = organization.city ? localized(language, organization.city.name_ar, organization.city.name) : '';

  return (
    <LinkCard to={organizationPath(organization.code)}>
      <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.05rem', lineHeight: 1.4 }}>
        <bdi>{localized(language, organization.name_ar, organization.name)}</bdi>
        {organization.is_verified ? (
          <Box component="span" sx={{ marginInlineStart: 0.5, color: 'primary.main' }}>
            <VerifiedMark />
          </Box>
        ) : null}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('organizations.code', { code: isolate(organization.code) })}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: 'auto', color: 'text.secondary' }}>
        {city ? (
          <Typography variant="caption" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <LocationOnIcon aria-hidden sx={{ fontSize: 16 }} />
            {city}
          </Typography>
        ) : null}
        {typeof organization.post_count === 'number' ? (
          <Typography variant="caption">{t('organizations.postCount', { count: organization.post_count })}</Typography>
        ) : null}
      </Box>
    </LinkCard>
  );
}
