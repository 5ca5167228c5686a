import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import type { EditorValues } from './editorForm';
import { fieldProps } from './fieldProps';

interface Props {
  form: FormikProps<EditorValues>;
  language: 'ar' | 'en';
  readOnly: boolean;
}

/**
 * One language's title, summary and content. Each block takes that language's direction
 * whatever the app's language is (`dir` on the inputs, not a style override): Arabic text is
 * typed right to left, English left to right.
 */
export function TextFields({ form, language, readOnly }: Props) {
  const { t } = useTranslation();
  const suffix = language === 'ar' ? '_ar' : '';
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const headingId = `studio-text-${language}`;
  const props = (name: 'title' | 'summary' | 'content') => {
    const base = fieldProps(form, `${name}${suffix}` as 'title', readOnly);
    return { ...base, slotProps: { input: { readOnly }, htmlInput: { dir, lang: language } } };
  };
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {t(language === 'ar' ? 'studio.editor.arabicSection' : 'studio.editor.englishSection')}
      </Typography>
      <TextField {...props('title')} label={t(`studio.editor.fields.title${suffix}` as 'studio.editor.fields.title')} />
      <TextField {...props('summary')} label={t(`studio.editor.fields.summary${suffix}` as 'studio.editor.fields.summary')} multiline minRows={2} />
      <TextField {...props('content')} label={t(`studio.editor.fields.content${suffix}` as 'studio.editor.fields.content')} multiline minRows={6} />
    </Box>
  );
}
