import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useListCategoriesQuery } from '../../api/posts';
import { useAppSelector } from '../../app/hooks';
import { selectLanguage } from '../../state/preferencesSlice';
import { localized } from '../../components/localized';
import { SidebarSection } from './SidebarSection';
import { ViewMoreLink } from './ViewMoreLink';

export const SIDEBAR_CATEGORIES = 5;

/** The first 5 categories (links to the home feed narrowed to one) and 'view N more'. */
export function CategoriesWidget({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const { data: categories = [], isLoading } = useListCategoriesQuery();

  return (
    <SidebarSection title={t('layout.categoriesTitle')}>
      <List dense disablePadding>
        {isLoading
          ? Array.from({ length: 3 }, (_, i) => <Skeleton key={i} component="li" height={28} />)
          : categories.slice(0, SIDEBAR_CATEGORIES).map((category) => (
              <ListItem key={category.id} disableGutters>
                <Link
                  component={RouterLink}
                  to={`/?category=${encodeURIComponent(category.slug)}`}
                  onClick={onNavigate}
                  color="inherit"
                >
                  {localized(language, category.name_ar, category.name)}
                </Link>
              </ListItem>
            ))}
      </List>
      <ViewMoreLink to="/categories" count={categories.length - SIDEBAR_CATEGORIES} onNavigate={onNavigate} />
    </SidebarSection>
  );
}
