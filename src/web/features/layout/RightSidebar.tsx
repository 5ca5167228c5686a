import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { CategoriesWidget } from './CategoriesWidget';
import { FooterLinks } from './FooterLinks';
import { OrganizationsWidget } from './OrganizationsWidget';
import { SearchBox } from './SearchBox';
import { TrendingWidget } from './TrendingWidget';

/** The right column on large screens (the end side: left in Arabic). */
export function RightSidebar() {
  const { t } = useTranslation();
  // The explore screen has its own search box, categories and trending hashtags: the column
  // does not repeat them (the same content twice, and landmarks of one name that a screen
  // reader cannot tell apart).
  const onExplore = useLocation().pathname === '/explore';
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
        display: { xs: 'none', lg: 'flex' },
        flexDirection: 'column',
        gap: 2,
        p: 2,
      }}
    >
      {onExplore ? null : <SearchBox />}
      {onExplore ? null : <CategoriesWidget />}
      <OrganizationsWidget />
      {onExplore ? null : <TrendingWidget />}
      <FooterLinks />
    </Box>
  );
}
