import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { useListSubsidiariesQuery } from '../../api/organizations';
import type { OrganizationSummary } from '../../api/studio';
import type { Language } from '../../i18n/types';
import type { EditorValues } from './editorForm';
import { fieldProps } from './fieldProps';
import { hijriOf, todayIso } from './studioDates';

interface Props {
  form: FormikProps<EditorValues>;
  readOnly: boolean;
  /** The organizations the user may write for; the organization is chosen at creation only. */
  organizations: OrganizationSummary[];
  creating: boolean;
}

/** Organization (new posts) or subsidiary, document number, and issue date with its Hijri date. */
export function DocumentFields({ form, readOnly, organizations, creating }: Props) {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'ar') as Language;
  const name = (item: { name: string; name_ar: string }) => (language === 'ar' ? item.name_ar : item.name);
  const organization = organizations.find((o) => String(o.id) === form.values.organization_id);
  const subsidiaries = useListSubsidiariesQuery({ code: organization?.code ?? '' }, { skip: !organization }).data ?? [];
  const hijri = form.values.issued_on ? hijriOf(form.values.issued_on, language) : null;
  const dateProps = fieldProps(form, 'issued_on', readOnly);

  return (
    <Box component="section" aria-labelledby="studio-document" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <Typography id="studio-document" variant="h6" component="h2" sx={{ gridColumn: '1 / -1' }}>
        {t('studio.editor.documentSection')}
      </Typography>
      {creating ? (
        <TextField
          {...fieldProps(form, 'organization_id', readOnly)}
          select
          required
          label={t('studio.editor.fields.organization_id')}
          onChange={(e) => {
            void form.setFieldValue('organization_id', e.target.value);
            void form.setFieldValue('subsidiary_id', '');
          }}
        >
          {organizations.map((o) => (
            <MenuItem key={o.id} value={String(o.id)}>
              {name(o)}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <TextField
        {...fieldProps(form, 'subsidiary_id', readOnly)}
        select
        label={t('studio.editor.fields.subsidiary_id')}
        onChange={(e) => void form.setFieldValue('subsidiary_id', e.target.value)}
        slotProps={{ input: { readOnly }, select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('studio.editor.fields.noSubsidiary')}</MenuItem>
        {subsidiaries.map((s) => (
          <MenuItem key={s.id} value={String(s.id)}>
            {name(s)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...fieldProps(form, 'document_number', readOnly)}
        label={t('studio.editor.fields.document_number')}
        helperText={fieldProps(form, 'document_number', readOnly).helperText ?? t('studio.editor.fields.documentNumberHelp')}
        slotProps={{ input: { readOnly }, htmlInput: { dir: 'ltr' } }}
      />
      <TextField
        {...dateProps}
        type="date"
        label={t('studio.editor.fields.issued_on')}
        helperText={dateProps.helperText ?? (hijri ? t('studio.editor.fields.hijri', { date: hijri }) : ' ')}
        slotProps={{ input: { readOnly }, inputLabel: { shrink: true }, htmlInput: { max: todayIso() } }}
      />
    </Box>
  );
}
