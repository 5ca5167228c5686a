import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Typing pauses this long before the list is asked again (Enter asks at once). */
export const FILTER_DELAY_MS = 300;

interface FilterSearchBoxProps {
  /** Accessible name of the search form and its field. */
  label: string;
  placeholder: string;
  /** The trimmed text, after a pause in typing, on Enter, or '' when cleared. */
  onSearch: (text: string) => void;
}

/** Narrows a directory list (hashtags, organizations) as the reader types. */
export function FilterSearchBox({ label, placeholder, onSearch }: FilterSearchBoxProps) {
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    search.current(text.trim());
  };

  const clear = () => {
    setText('');
    search.current('');
    input.current?.focus();
  };

  return (
    <form role="search" aria-label={label} onSubmit={submit}>
      <OutlinedInput
        fullWidth
        size="small"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder}
        inputRef={input}
        inputProps={{ 'aria-label': label }}
        // The clear button below replaces the browser's own.
        sx={{ borderRadius: 6, bgcolor: 'background.paper', '& input::-webkit-search-cancel-button': { display: 'none' } }}
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon aria-hidden />
          </InputAdornment>
        }
        endAdornment={
          text ? (
            <InputAdornment position="end">
              <IconButton edge="end" onClick={clear} aria-label={t('common.clear')}>
                <ClearIcon />
              </IconButton>
            </InputAdornment>
          ) : null
        }
      />
    </form>
  );
}
