import { useTranslation } from 'react-i18next';
import { useListCategoriesQuery } from '../../api/posts';
import { DirectoryList } from '../../components/DirectoryList';
import { Isolated, VALUE } from '../../components/Isolated';
import { PageHeader } from '../../components/PageHeader';
import { CategoryCard } from './CategoryCard';

/** /categories: every category, each narrowing the home feed (spec §2 categories list). */
export default function CategoriesPage() {
  const { t } = useTranslation();
  const { data, error, isLoading, refetch } = useListCategoriesQuery();
  const categories = data ?? [];
  // The list comes whole: a directory of one page, never more to load.
  const pages = { items: categories, isLoading, isFetchingMore: false, hasMore: false, loadMore() {}, retry: () => void refetch() };

  return (
    <>
      <PageHeader title={t('categories.title')} subtitle={data ? t('categories.count', { count: categories.length }) : undefined} />
      <DirectoryList
        pages={pages}
        label={t('categories.title')}
        error={error && !data ? <Isolated text={t('categories.error', { error: VALUE })} value={error.message ?? t('errors.fetchCategories')} /> : undefined}
        errorTitle={t('errors.fetchCategories')}
        emptyMessage={t('categories.empty')}
        itemKey={(category) => category.id}
        renderItem={(category) => <CategoryCard category={category} />}
        minCardWidth={260}
      />
    </>
  );
}
