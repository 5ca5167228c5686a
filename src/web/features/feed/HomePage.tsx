import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { postsApi, useListCategoriesQuery } from '../../api/posts';
import { lazyPart } from '../../app/chunks';
import { heldLazy } from '../../app/heldLazy';
import { useAppSelector } from '../../app/hooks';
import { PageHeader } from '../../components/PageHeader';
import { localized } from '../../components/localized';
import { PostList } from '../../components/posts/list/PostList';
import { feedArg } from '../../api/feedQuery';
import { useInfinitePages } from '../../components/posts/list/useInfinitePages';
import { selectLanguage, selectPreferences } from '../../state/preferencesSlice';

// Not needed for the first render: it acts a minute later.
const NewPostsPill = lazyPart(() => import(/* webpackChunkName: "new-posts" */ './NewPostsPill'));
// Nor the feed button (src/web/components/feeds/Feeds.tsx on the other screens; written out here, the home route's download is the smaller),
// though a drawn page waits for it before the take-over (heldLazy).
const FeedButton = heldLazy(() => import(/* webpackChunkName: "feeds" */ '../../components/feeds/FeedButton'));

/** The category's name in the reader's language, once the categories are known (cached 10 min). */
function useCategoryName(slug: string | undefined) {
  const language = useAppSelector(selectLanguage);
  const { category } = useListCategoriesQuery(undefined, {
    skip: !slug,
    selectFromResult: ({ data }) => ({ category: data?.find((c) => c.slug === slug) }),
  });
  return category ? localized(language, category.name_ar, category.name) : undefined;
}

/**
 * Home `/` (spec §2): published posts, newest first, by infinite scroll. `?category={slug}`
 * narrows it, with the category's name as the title.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const category = params.get('category') || undefined;
  const categoryName = useCategoryName(category);
  const title = categoryName ? t('home.categoryTitle', { category: categoryName }) : t('home.title');
  const arg = feedArg(category);
  const pages = useInfinitePages(postsApi.endpoints.listPosts, arg);
  const autoRefresh = useAppSelector(selectPreferences).autoRefreshPosts;
  const newest = pages.items[0];

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Suspense fallback={null}>
            <FeedButton arg={arg} title={title} />
          </Suspense>
        }
      />
      {autoRefresh && newest && (
        <Suspense fallback={null}>
          <NewPostsPill arg={arg} newest={newest} />
        </Suspense>
      )}
      <PostList pages={pages} label={title} mode="infinite" />
    </>
  );
}
