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
import { formatNumber } from './formatNumber';

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
              const n = formatNumber(category.post_count, language);
              return (
                <Chip
                  key={category.id}
                  component={RouterLink}
                  to={`/?category=${encodeURIComponent(category.slug)}`}
                  clickable
                  variant="outlined"
                  // The count alone would be heard without its meaning: the name says what it counts,
                  // and begins with the words shown ("Health, 12 posts": WCAG 2.5.3, label in name).
                  aria-label={counted ? t('explore.categoryWithCount', { name, n, count: category.post_count }) : undefined}
                  label={
                    <>
                      {name}
                      {/* A space, not only a margin: the text shown reads "Health 12", not "Health12". */}
                      {counted ? (
                        <>
                          {' '}
                          <Box component="span" sx={{ color: 'text.secondary', marginInlineStart: 0.25 }}>
                            {n}
                          </Box>
                        </>
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
