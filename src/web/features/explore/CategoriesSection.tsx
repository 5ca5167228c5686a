import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useListCategoriesQuery } from '../../api/posts';
import { useAppSelector } from '../../app/hooks';
import { localized } from '../../components/localized';
import { selectLanguage } from '../../state/preferencesSlice';
import { ChipRow } from './ChipRow';
import { ExploreSection } from './ExploreSection';

/** Spec §9: the explore screen shows the first 10 categories. */
export const EXPLORE_CATEGORIES = 10;

/** The first 10 categories as links to the home feed narrowed to one, with their post counts. */
export function CategoriesSection() {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const { data: categories = [], isLoading, isError } = useListCategoriesQuery();
  if (isError || (!isLoading && !categories.length)) return null;

  return (
    <ExploreSection
      title={t('explore.categories')}
      more={categories.length > EXPLORE_CATEGORIES ? { to: '/categories', label: t('explore.viewAllCategories') } : undefined}
    >
      <ChipRow>
        {isLoading
          ? Array.from({ length: 5 }, (_, i) => <Skeleton key={i} variant="rounded" width={96} height={32} sx={{ borderRadius: 4 }} />)
          : categories.slice(0, EXPLORE_CATEGORIES).map((category) => {
              const name = localized(language, category.name_ar, category.name);
              const counted = category.post_count > 0;
              return (
                <Chip
                  key={category.id}
                  component={RouterLink}
                  to={`/?category=${encodeURIComponent(category.slug)}`}
                  clickable
                  variant="outlined"
                  // The count alone would be read run together with the name.
                  aria-label={counted ? t('explore.categoryWithCount', { name, count: category.post_count }) : undefined}
                  label={
                    <>
                      {name}
                      {counted ? (
                        <Box component="span" sx={{ color: 'text.secondary', marginInlineStart: 0.75 }}>
                          {category.post_count}
                        </Box>
                      ) : null}
                    </>
                  }
                />
              );
            })}
      </ChipRow>
    </ExploreSection>
  );
}
