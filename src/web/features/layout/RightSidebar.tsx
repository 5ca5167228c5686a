import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { CategoriesWidget } from './CategoriesWidget';
import { FooterLinks } from './FooterLinks';
import { OrganizationsWidget } from './OrganizationsWidget';
import { SearchBox } from './SearchBox';
import { TrendingWidget } from './TrendingWidget';

/** The right column on large screens (the end side: left in Arabic). */
export function RightSidebar() {
  const { t } = useTranslation();
  return (
    <Box
      component="aside"
      aria-label={t('layout.sidebar')}
      sx={{
        width: 320,
        flexShrink: 0,
        position: 'sticky',
        top: 0,
        height: '100vh',
        overflowY: 'auto',
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        p: 2,
      }}
    >
      <SearchBox />
      <CategoriesWidget />
      <OrganizationsWidget />
      <TrendingWidget />
      <FooterLinks />
    </Box>
  );
}
