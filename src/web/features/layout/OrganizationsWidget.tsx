import VerifiedIcon from '@mui/icons-material/Verified';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useListOrganizationsQuery } from '../../api/organizations';
import { useAppSelector } from '../../app/hooks';
import { selectLanguage } from '../../state/preferencesSlice';
import { localized } from '../../components/localized';
import { FIRST_ORGANIZATIONS_PAGE } from '../../components/rightColumn';
import { SidebarSection } from './SidebarSection';
import { ViewMoreLink } from './ViewMoreLink';

export const SIDEBAR_ORGANIZATIONS = 5;
/** Spec §9: the first organizations fetch asks for 20 (active and verified only, §6). */
export { FIRST_ORGANIZATIONS_PAGE };

/** The first 5 active, verified organizations and 'view N more'. */
export function OrganizationsWidget() {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const { data, isLoading } = useListOrganizationsQuery(FIRST_ORGANIZATIONS_PAGE);
  const organizations = data?.results ?? [];

  return (
    <SidebarSection title={t('layout.organizationsTitle')}>
      <List dense disablePadding>
        {isLoading
          ? Array.from({ length: 3 }, (_, i) => <Skeleton key={i} component="li" height={28} />)
          : organizations.slice(0, SIDEBAR_ORGANIZATIONS).map((organization) => (
              <ListItem key={organization.id} disableGutters sx={{ gap: 0.5 }}>
                <Link component={RouterLink} to={`/organizations/${encodeURIComponent(organization.code)}`} color="inherit">
                  <bdi>{localized(language, organization.name_ar, organization.name)}</bdi>
                </Link>
                {organization.is_verified ? (
                  <VerifiedIcon color="primary" fontSize="inherit" titleAccess={t('layout.verifiedOrganization')} />
                ) : null}
              </ListItem>
            ))}
      </List>
      <ViewMoreLink to="/organizations" count={(data?.count ?? 0) - SIDEBAR_ORGANIZATIONS} />
    </SidebarSection>
  );
}
