import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
// OutlinedInput, not TextField: TextField brings Select, Menu and Popover into the first download
// (the layout's search box is on every route).
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import type { FocusEvent, FormEvent, KeyboardEvent, ReactNode, Ref } from 'react';

export interface SearchFieldProps {
  /** Accessible name of the search form and of its field. */
  label: string;
  placeholder: string;
  value: string;
  onChange(text: string): void;
  /** Enter or the submit button, with the trimmed text (blank included: the caller decides). */
  onSubmit(text: string): void;
  /** When given, a clear button shows while there is text (and the browser's own is hidden). */
  onClear?(): void;
  clearLabel?: string;
  /** When given, a submit button ends the field; otherwise a search icon starts it. */
  submitLabel?: string;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Styles of the form around the field (a sticky band, margins). */
  sx?: SxProps<Theme>;
  /** Attributes the field's input also carries (a combobox's role and states: components/search). */
  inputAttributes?: Record<string, string | boolean | undefined>;
  onKeyDown?(event: KeyboardEvent): void;
  onBlur?(event: FocusEvent): void;
  /** Shown under the field, in the form (a list of suggestions). */
  children?: ReactNode;
}

/**
 * The one search field of the portal (the layout's search, explore's sticky box, the directory
 * filters, the bookmarks search): a `role="search"` form around a rounded field. It holds no
 * state; each caller decides what typing, submitting and clearing do.
 */
export function SearchField(props: SearchFieldProps) {
  const { label, placeholder, value, onChange, onSubmit, onClear, clearLabel, submitLabel, autoFocus, inputRef, sx } = props;
  const { inputAttributes, onKeyDown, onBlur, children } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(value.trim());
  };

  const clearButton =
    onClear && value ? (
      <IconButton onClick={onClear} aria-label={clearLabel} size="small" edge={submitLabel ? false : 'end'}>
        <ClearIcon fontSize="small" />
      </IconButton>
    ) : null;

  return (
    <Box component="form" role="search" aria-label={label} onSubmit={submit} sx={sx}>
      <OutlinedInput
        fullWidth
        size="small"
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        autoFocus={autoFocus}
        inputRef={inputRef}
        inputProps={{ 'aria-label': label, enterKeyHint: 'search', ...inputAttributes }}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        sx={{
          borderRadius: 6,
          bgcolor: 'background.paper',
          // Our clear button replaces the browser's own cross.
          ...(onClear && { '& input::-webkit-search-cancel-button': { display: 'none' } }),
        }}
        startAdornment={
          submitLabel ? undefined : (
            <InputAdornment position="start">
              <SearchIcon aria-hidden />
            </InputAdornment>
          )
        }
        endAdornment={
          clearButton || submitLabel ? (
            <InputAdornment position="end">
              {clearButton}
              {submitLabel ? (
                <IconButton type="submit" edge="end" aria-label={submitLabel}>
                  <SearchIcon />
                </IconButton>
              ) : null}
            </InputAdornment>
          ) : undefined
        }
      />
      {/* Right under the field, whatever positions the form: what is shown here floats from it. */}
      {children ? <Box sx={{ position: 'relative' }}>{children}</Box> : null}
    </Box>
  );
}
