import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { ActionDialog, type ConfirmDialogProps } from './ActionDialog';

export interface CorrectionNote {
  change_kind: 'minor' | 'major';
  change_note: string;
  change_note_ar: string;
}

/**
 * How a published post's correction is announced: a minor change (typos) is not; a major one
 * shows on the post as "updated on …: note", so it needs a note (in one language at least).
 */
export function CorrectDialog({ open, onClose, onConfirm }: ConfirmDialogProps<CorrectionNote>) {
  const { t } = useTranslation();
  const noteRequired = t('studio.dialogs.changeNoteRequired');
  const form = useFormik<CorrectionNote>({
    initialValues: { change_kind: 'minor', change_note: '', change_note_ar: '' },
    validationSchema: yup.object({
      change_kind: yup.string().oneOf(['minor', 'major']).required(),
      change_note_ar: yup.string().test('major', noteRequired, (value, ctx) => {
        const { change_kind, change_note } = ctx.parent as { change_kind?: string; change_note?: string };
        return change_kind !== 'major' || Boolean(value?.trim() || change_note?.trim());
      }),
      change_note: yup.string(),
    }),
    validateOnChange: false,
    onSubmit: async (values, helpers) => {
      if (await onConfirm({ ...values, change_note: values.change_note.trim(), change_note_ar: values.change_note_ar.trim() })) helpers.resetForm();
    },
  });
  const noteError = form.touched.change_note_ar ? form.errors.change_note_ar : undefined;
  return (
    <ActionDialog open={open} title={t('studio.dialogs.correctTitle')} confirmLabel={t('studio.actions.correct')} submitting={form.isSubmitting} onClose={onClose} onSubmit={() => form.handleSubmit()}>
      <FormControl>
        <FormLabel id="change-kind-label">{t('studio.dialogs.changeKind')}</FormLabel>
        <RadioGroup aria-labelledby="change-kind-label" name="change_kind" value={form.values.change_kind} onChange={form.handleChange}>
          <FormControlLabel value="minor" control={<Radio />} label={t('studio.dialogs.minor')} />
          <FormControlLabel value="major" control={<Radio />} label={t('studio.dialogs.major')} />
        </RadioGroup>
      </FormControl>
      <TextField
        id="change-note-ar"
        name="change_note_ar"
        label={t('studio.dialogs.changeNoteAr')}
        value={form.values.change_note_ar}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={Boolean(noteError)}
        required={form.values.change_kind === 'major'}
        multiline
        fullWidth
        slotProps={{ htmlInput: { dir: 'rtl', lang: 'ar' } }}
      />
      <TextField
        id="change-note"
        name="change_note"
        label={t('studio.dialogs.changeNote')}
        value={form.values.change_note}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={Boolean(noteError)}
        multiline
        fullWidth
        slotProps={{ htmlInput: { dir: 'ltr', lang: 'en' } }}
      />
      {noteError ? <FormHelperText error>{noteError}</FormHelperText> : null}
    </ActionDialog>
  );
}
