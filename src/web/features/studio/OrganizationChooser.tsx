import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { Membership } from '../../api/studio';

interface Props {
  memberships: Membership[];
  value: number | undefined;
  onChange(id: number | undefined): void;
}

/** Which of the user's organizations the list shows (all of them by default). */
export function OrganizationChooser({ memberships, value, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const ar = i18n.resolvedLanguage !== 'en';
  return (
    <TextField
      select
      size="small"
      id="studio-organization"
      label={t('studio.organization')}
      value={value === undefined ? '' : String(value)}
      onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}
      sx={{ minWidth: 220 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{t('studio.allOrganizations')}</MenuItem>
      {memberships.map(({ organization, role }) => (
        <MenuItem key={organization.id} value={String(organization.id)}>
          {ar ? organization.name_ar : organization.name} ({t(`studio.roles.${role}`)})
        </MenuItem>
      ))}
    </TextField>
  );
}
