import { useNavigate } from 'react-router-dom';
import { SearchField, type SearchFieldProps } from '../SearchField';
import { SuggestionList } from './SuggestionList';
import { useSuggestionBox, type SuggestionKind, type SuggestionOption } from './useSuggestionBox';

export interface SuggestingSearchFieldProps extends SearchFieldProps {
  /** Only suggestions of this kind (a directory's own); every kind when absent. */
  only?: SuggestionKind;
  /** After a suggestion was chosen and its page opened (the phone's search overlay closes). */
  onChosen?(option: SuggestionOption): void;
}

/**
 * A search field that suggests hashtags, organizations, post types and posts as the reader
 * types (GET /content/suggest/); choosing one opens its page, Enter without one searches as
 * before. The field is a WAI-ARIA combobox and its suggestions a listbox.
 */
export function SuggestingSearchField({ only, onChosen, ...field }: SuggestingSearchFieldProps) {
  const navigate = useNavigate();
  const box = useSuggestionBox(
    field.value,
    (option: SuggestionOption) => {
      void navigate(option.href);
      onChosen?.(option);
    },
    only,
  );

  return (
    <SearchField
      {...field}
      onChange={(text) => {
        field.onChange(text);
        box.onTyped();
      }}
      onSubmit={(text) => {
        box.close();
        field.onSubmit(text);
      }}
      onClear={
        field.onClear &&
        (() => {
          box.close();
          field.onClear?.();
        })
      }
      inputAttributes={box.inputProps}
      onKeyDown={box.onKeyDown}
      onBlur={box.close}
    >
      <SuggestionList box={box} />
    </SearchField>
  );
}
