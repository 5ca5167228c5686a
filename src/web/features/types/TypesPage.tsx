import { useTranslation } from 'react-i18next';
import { useListPostTypesQuery } from '../../api/posts';
import { DirectoryList } from '../../components/DirectoryList';
import { PageHeader } from '../../components/PageHeader';
import { TypeCard } from './TypeCard';

/** /types: every post type, each leading to its posts (spec §2 post types list). */
export default function TypesPage() {
  const { t } = useTranslation();
  const { data, error, isLoading, refetch } = useListPostTypesQuery();
  const types = data ?? [];
  // The list comes whole: a directory of one page, never more to load.
  const pages = { items: types, isLoading, isFetchingMore: false, hasMore: false, loadMore() {}, retry: () => void refetch() };

  return (
    <>
      <PageHeader title={t('types.title')} subtitle={data ? t('types.count', { count: types.length }) : undefined} />
      <DirectoryList
        pages={pages}
        label={t('types.title')}
        error={error && !data ? (error.message ?? t('errors.fetchPostTypes')) : undefined}
        errorTitle={t('errors.fetchPostTypes')}
        emptyMessage={t('types.empty')}
        itemKey={(type) => type.id}
        renderItem={(type) => <TypeCard type={type} />}
        minCardWidth={260}
      />
    </>
  );
}
