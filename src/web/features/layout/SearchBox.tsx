import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SuggestingSearchField } from '../../components/search/SuggestingSearchField';

/** The explore address for a search, newest first (spec §2 layout). */
export function exploreSearchPath(text: string): string {
  return `/explore?${new URLSearchParams({ search: text, sortBy: 'newest' }).toString()}`;
}

/** Searches posts on /explore, suggesting as the reader types; blank text does nothing. */
export function SearchBox({ autoFocus, onSearched }: { autoFocus?: boolean; onSearched?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');

  const search = (query: string) => {
    if (!query) return;
    void navigate(exploreSearchPath(query));
    onSearched?.();
  };

  return (
    <SuggestingSearchField
      label={t('layout.searchLabel')}
      placeholder={t('layout.searchPlaceholder')}
      submitLabel={t('layout.searchSubmit')}
      value={text}
      onChange={setText}
      onSubmit={search}
      autoFocus={autoFocus}
      onChosen={onSearched}
    />
  );
}
