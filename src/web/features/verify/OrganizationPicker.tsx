import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useListOrganizationsQuery } from '../../api/organizations';
import { useAppSelector } from '../../app/hooks';
import { localized } from '../../components/localized';
import { selectLanguage } from '../../state/preferencesSlice';
import { useDebounced } from '../../components/useDebounced';

/** An organization as the picker holds it (its code is what the API is asked with). */
export interface OrganizationChoice {
  code: string;
  name: string;
  name_ar: string;
}

/**
 * The contract's largest page: every organization of a portal of this size in one list, which
 * typing narrows (the server searches both names and the code) for a larger one.
 */
const PAGE_SIZE = 100;

interface OrganizationPickerProps {
  value: OrganizationChoice | null;
  onChange(choice: OrganizationChoice | null): void;
  /** Shown under the field instead of the hint, marking it invalid. */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The issuing organization, found by typing part of its name or code: the organizations API
 * searches as the reader types, so the picker reaches every organization however many there are.
 * A hidden field carries the code, for the form sent before the scripts arrive.
 */
export function OrganizationPicker({ value, onChange, error, inputRef }: OrganizationPickerProps) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const label = (o: OrganizationChoice) => localized(language, o.name_ar, o.name);
  // The field showing the chosen name is not a search: opened again, it lists them all.
  const search = useDebounced(value && text === label(value) ? '' : text.trim(), 250);
  const { data, isFetching } = useListOrganizationsQuery({ search: search || undefined, pageSize: PAGE_SIZE }, { skip: !open });
  // The server orders them by the English name: the reader's alphabet here.
  const collator = new Intl.Collator(language);
  const found = (data?.results ?? []).map(({ code, name, name_ar }) => ({ code, name, name_ar })).sort((a, b) => collator.compare(label(a), label(b)));
  // The chosen one stays an option, or the picker would take it for an invalid value.
  const options = value && !found.some((o) => o.code === value.code) ? [value, ...found] : found;

  return (
    <>
      <Autocomplete
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        options={options}
        value={value}
        onChange={(_event, choice) => onChange(choice)}
        inputValue={text}
        onInputChange={(_event, next) => setText(next)}
        // The server has filtered them.
        filterOptions={(all) => all}
        // The list stays inside the page's main landmark (a portal put it outside every landmark).
        disablePortal
        getOptionLabel={label}
        isOptionEqualToValue={(a, b) => a.code === b.code}
        loading={isFetching}
        loadingText={t('verify.number.loadingOrganizations')}
        noOptionsText={t('verify.number.noOrganizations')}
        renderInput={(params) => (
          <TextField
            {...params}
            inputRef={inputRef}
            label={t('verify.number.organization')}
            required
            error={Boolean(error)}
            helperText={error ?? t('verify.number.organizationHelp')}
          />
        )}
      />
      <input type="hidden" name="organization" value={value?.code ?? ''} />
    </>
  );
}
