import EmailIcon from '@mui/icons-material/Email';
import LanguageIcon from '@mui/icons-material/Language';
import LocationOnIcon from '@mui/icons-material/LocationOn';
import PhoneIcon from '@mui/icons-material/Phone';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Organization } from '../../api/organizations';
import { useAppSelector } from '../../app/hooks';
import { localized } from '../../components/localized';
import { selectLanguage } from '../../state/preferencesSlice';
import { emailLink, phoneLink, websiteLink } from './contactLinks';

interface Row {
  key: string;
  icon: ComponentType<SvgIconProps>;
  label: string;
  value: ReactNode;
}

/** City, web site, e-mail and phone, as a description list; only what the record holds. */
export function OrganizationContacts({ organization }: { organization: Organization }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const website = websiteLink(organization.website);
  const email = emailLink(organization.email);
  const phone = phoneLink(organization.phone);

  const rows: Row[] = [];
  if (organization.city) {
    rows.push({ key: 'city', icon: LocationOnIcon, label: t('organizations.city'), value: localized(language, organization.city.name_ar, organization.city.name) });
  }
  if (website) {
    rows.push({
      key: 'website',
      icon: LanguageIcon,
      label: t('organizations.website'),
      // Another site: a new tab that gets no handle on this one, nor its address.
      value: (
        <Link href={website.href} target="_blank" rel="noopener noreferrer external" dir="ltr">
          {website.text}
        </Link>
      ),
    });
  }
  if (email) {
    rows.push({ key: 'email', icon: EmailIcon, label: t('organizations.email'), value: <Link href={email.href} dir="ltr">{email.text}</Link> });
  }
  if (phone) {
    // A phone number reads left to right in Arabic too ('+966 11 …' must not be reordered).
    rows.push({ key: 'phone', icon: PhoneIcon, label: t('organizations.phone'), value: <Link href={phone.href} dir="ltr">{phone.text}</Link> });
  }
  if (rows.length === 0) return null;

  return (
    <Box
      component="dl"
      aria-label={t('organizations.contact')}
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 1, alignItems: 'center' }}
    >
      {rows.map(({ key, icon: Icon, label, value }) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
            <Icon aria-hidden fontSize="small" />
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere', '& a': { unicodeBidi: 'isolate' } }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
