import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SuggestingSearchField } from './search/SuggestingSearchField';
import type { SuggestionKind } from './search/useSuggestionBox';

/** Typing pauses this long before the list is asked again (Enter asks at once). */
export const FILTER_DELAY_MS = 300;

interface FilterSearchBoxProps {
  /** Accessible name of the search form and its field. */
  label: string;
  placeholder: string;
  /** The trimmed text, after a pause in typing, on Enter, or '' when cleared. */
  onSearch: (text: string) => void;
  /** The kind of suggestions shown as the reader types (the directory's own). */
  only: SuggestionKind;
}

/** Narrows a directory list (hashtags, organizations) as the reader types, suggesting its entries. */
export function FilterSearchBox({ label, placeholder, onSearch, only }: FilterSearchBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // The latest callback, so a pending pause never calls a stale one.
  const search = useRef(onSearch);
  search.current = onSearch;

  useEffect(() => {
    const timer = setTimeout(() => search.current(text.trim()), FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const clear = () => {
    setText('');
    search.current('');
    input.current?.focus();
  };

  return (
    <SuggestingSearchField
      only={only}
      label={label}
      placeholder={placeholder}
      clearLabel={t('common.clear')}
      value={text}
      onChange={setText}
      onSubmit={(query) => search.current(query)}
      onClear={clear}
      inputRef={input}
    />
  );
}
