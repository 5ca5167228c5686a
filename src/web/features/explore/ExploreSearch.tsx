import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SuggestingSearchField } from '../../components/search/SuggestingSearchField';

/** Height of the phone top bar (layout/MobileTopBar), which stays above this box. */
const MOBILE_TOP_BAR = 56;

interface ExploreSearchProps {
  /** The search in the address. */
  value: string | undefined;
  /** Called with trimmed, non-blank text. */
  onSearch(text: string): void;
  onClear(): void;
}

/** The sticky search box of the explore screen: submit and clear; blank text does nothing. */
export function ExploreSearch({ value, onSearch, onClear }: ExploreSearchProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ?? '');
  // The address changes under the box too (Back, 'clear all'): show what it now holds.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value ?? '');
  }

  const clear = () => {
    setText('');
    if (value) onClear();
  };

  return (
    <SuggestingSearchField
      label={t('explore.searchLabel')}
      placeholder={t('explore.searchPlaceholder')}
      submitLabel={t('explore.submit')}
      clearLabel={t('explore.clear')}
      value={text}
      onChange={setText}
      onSubmit={(query) => query && onSearch(query)}
      onClear={clear}
      sx={{
        position: 'sticky',
        top: { xs: MOBILE_TOP_BAR, md: 0 },
        zIndex: 'appBar',
        bgcolor: 'background.default',
        // Edge to edge of the centre column, so posts do not show beside it while scrolling.
        mx: -2,
        px: 2,
        py: 1,
      }}
    />
  );
}
