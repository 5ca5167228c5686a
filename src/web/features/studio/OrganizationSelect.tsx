import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { OrganizationSummary } from '../../api/studio';

type Props = Omit<TextFieldProps, 'select' | 'children' | 'value'> & {
  id: string;
  organizations: OrganizationSummary[];
  /** The organization's id as text; '' for none chosen yet. */
  value: string;
};

/**
 * One organization out of a list, by its name in the displayed language. Unlike
 * OrganizationChooser it has no "all" entry and no role beside each name: the members screen
 * always shows, and writes, one organization.
 */
export function OrganizationSelect({ organizations, value, ...field }: Props) {
  const { i18n } = useTranslation();
  const ar = i18n.resolvedLanguage !== 'en';
  // A value the list does not hold (yet): MUI would warn and show nothing.
  const known = organizations.some((o) => String(o.id) === value) ? value : '';
  return (
    <TextField select value={known} {...field}>
      {organizations.map((organization) => (
        <MenuItem key={organization.id} value={String(organization.id)}>
          {ar ? organization.name_ar : organization.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
