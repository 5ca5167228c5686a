import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (query) onSearch(query);
  };

  const clear = () => {
    setText('');
    if (value) onClear();
  };

  return (
    <Box
      component="form"
      role="search"
      aria-label={t('explore.searchLabel')}
      onSubmit={submit}
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
    >
      <OutlinedInput
        fullWidth
        size="small"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('explore.searchPlaceholder')}
        inputProps={{ 'aria-label': t('explore.searchLabel'), enterKeyHint: 'search' }}
        sx={{
          borderRadius: 6,
          bgcolor: 'background.paper',
          // The browser's own clear cross would duplicate ours.
          '& input::-webkit-search-cancel-button': { display: 'none' },
        }}
        endAdornment={
          <InputAdornment position="end">
            {text ? (
              <IconButton onClick={clear} aria-label={t('explore.clear')} size="small">
                <ClearIcon fontSize="small" />
              </IconButton>
            ) : null}
            <IconButton type="submit" edge="end" aria-label={t('explore.submit')}>
              <SearchIcon />
            </IconButton>
          </InputAdornment>
        }
      />
    </Box>
  );
}
