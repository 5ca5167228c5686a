import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { useListCategoriesQuery, useListPostTypesQuery } from '../../api/posts';
import { useTypeName } from '../../components/useTypeName';
import type { EditorValues } from './editorForm';
import { fieldProps } from './fieldProps';

interface Props {
  form: FormikProps<EditorValues>;
  readOnly: boolean;
}

/** Main language, type, categories, subcategories (of the chosen categories) and hashtags. */
export function ClassificationFields({ form, readOnly }: Props) {
  const { t, i18n } = useTranslation();
  const ar = i18n.resolvedLanguage !== 'en';
  const types = useListPostTypesQuery().data ?? [];
  const categories = useListCategoriesQuery().data ?? [];
  const chosen = categories.filter((c) => form.values.category_ids.includes(c.id));
  const subcategories = chosen.flatMap((c) => c.subcategories);
  const name = (item: { name: string; name_ar: string }) => (ar ? item.name_ar : item.name);
  const typeName = useTypeName();
  const namesOf = (ids: unknown, items: Array<{ id: number; name: string; name_ar: string }>) =>
    (ids as number[]).map((id) => items.find((i) => i.id === id)).filter(Boolean).map((i) => name(i!)).join('، ');

  const setIds = (field: 'category_ids' | 'subcategory_ids', value: unknown) => {
    const ids = (typeof value === 'string' ? value.split(',') : (value as Array<string | number>)).map(Number);
    void form.setFieldValue(field, ids);
    if (field === 'category_ids') {
      // A subcategory belongs to a category: dropping the category drops its subcategories.
      const allowed = new Set(categories.filter((c) => ids.includes(c.id)).flatMap((c) => c.subcategories.map((s) => s.id)));
      void form.setFieldValue('subcategory_ids', form.values.subcategory_ids.filter((id) => allowed.has(id)));
    }
  };

  return (
    <Box component="section" aria-labelledby="studio-classification" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <Typography id="studio-classification" variant="h6" component="h2" sx={{ gridColumn: '1 / -1' }}>
        {t('studio.editor.classificationSection')}
      </Typography>
      <TextField {...fieldProps(form, 'language', readOnly)} select label={t('studio.editor.fields.language')} onChange={(e) => void form.setFieldValue('language', e.target.value)}>
        <MenuItem value="ar">{t('studio.editor.languages.ar')}</MenuItem>
        <MenuItem value="en">{t('studio.editor.languages.en')}</MenuItem>
      </TextField>
      <TextField
        {...fieldProps(form, 'type_id', readOnly)}
        // Empty until the types arrive (MUI refuses a value none of the options has).
        value={types.some((type) => String(type.id) === form.values.type_id) ? form.values.type_id : ''}
        select
        required
        label={t('studio.editor.fields.type_id')}
        onChange={(e) => void form.setFieldValue('type_id', e.target.value)}
      >
        {types.map((type) => (
          <MenuItem key={type.id} value={String(type.id)}>
            {typeName(type)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...fieldProps(form, 'category_ids', readOnly)}
        value={form.values.category_ids}
        select
        label={t('studio.editor.fields.category_ids')}
        onChange={(e) => setIds('category_ids', e.target.value)}
        slotProps={{ input: { readOnly }, select: { multiple: true, renderValue: (ids) => namesOf(ids, categories) } }}
      >
        {categories.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {name(c)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...fieldProps(form, 'subcategory_ids', readOnly)}
        value={form.values.subcategory_ids}
        select
        disabled={subcategories.length === 0}
        label={t('studio.editor.fields.subcategory_ids')}
        onChange={(e) => setIds('subcategory_ids', e.target.value)}
        slotProps={{ input: { readOnly }, select: { multiple: true, renderValue: (ids) => namesOf(ids, subcategories) } }}
      >
        {subcategories.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {name(s)}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TextField
          {...fieldProps(form, 'hashtags', readOnly)}
          label={t('studio.editor.fields.hashtags')}
          helperText={fieldProps(form, 'hashtags', readOnly).helperText ?? t('studio.editor.fields.hashtagsHelp')}
        />
      </Box>
    </Box>
  );
}
