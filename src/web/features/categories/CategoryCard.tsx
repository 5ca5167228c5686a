import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Category } from '../../api/posts';
import { useAppSelector } from '../../app/hooks';
import { LinkCard } from '../../components/LinkCard';
import { localized } from '../../components/localized';
import { selectLanguage } from '../../state/preferencesSlice';

/** One category in the reader's language, leading to the home feed narrowed to it. */
export function CategoryCard({ category }: { category: Category }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const description = localized(language, category.description_ar, category.description);
  return (
    <LinkCard to={`/?category=${encodeURIComponent(category.slug)}`}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {localized(language, category.name_ar, category.name)}
      </Typography>
      {description ? (
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {description}
        </Typography>
      ) : null}
      <Typography variant="caption" color="primary" sx={{ fontWeight: 500 }}>
        {t('categories.postCount', { count: category.post_count })}
      </Typography>
    </LinkCard>
  );
}
