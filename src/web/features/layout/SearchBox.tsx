import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
// OutlinedInput, not TextField: TextField brings Select, Menu and Popover into the first download.
import OutlinedInput from '@mui/material/OutlinedInput';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** The explore address for a search, newest first (spec §2 layout). */
export function exploreSearchPath(text: string): string {
  return `/explore?${new URLSearchParams({ search: text, sortBy: 'newest' }).toString()}`;
}

/** Searches posts on /explore; blank text does nothing. */
export function SearchBox({ autoFocus, onSearched }: { autoFocus?: boolean; onSearched?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (!query) return;
    navigate(exploreSearchPath(query));
    onSearched?.();
  };

  return (
    <form role="search" onSubmit={submit} aria-label={t('layout.searchLabel')}>
      <OutlinedInput
        fullWidth
        size="small"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('layout.searchPlaceholder')}
        autoFocus={autoFocus}
        inputProps={{ 'aria-label': t('layout.searchLabel') }}
        sx={{ borderRadius: 6 }}
        endAdornment={
          <InputAdornment position="end">
            <IconButton type="submit" edge="end" aria-label={t('layout.searchSubmit')}>
              <SearchIcon />
            </IconButton>
          </InputAdornment>
        }
      />
    </form>
  );
}
