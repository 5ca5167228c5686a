import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListPostTypesQuery } from '../../api/posts';
import type { OrganizationSummary } from '../../api/studio';
import type { EditorValues } from './editorForm';
import { PostPreview } from './PostPreview';

interface Props {
  values: EditorValues;
  organizations: OrganizationSummary[];
}

/** Both languages' previews: side by side on wide screens, one at a time (tabs) on a phone. */
export function PreviewPanel({ values, organizations }: Props) {
  const { t } = useTranslation();
  // An English type name is in the English screen strings, which an Arabic reader may not have.
  const englishType = (name: string) => t(`types.names.${name}`, { lng: 'en', defaultValue: name.charAt(0).toUpperCase() + name.slice(1) });
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  const [shown, setShown] = useState<'ar' | 'en'>('ar');
  const type = useListPostTypesQuery().data?.find((item) => String(item.id) === values.type_id);
  const organization = organizations.find((o) => String(o.id) === values.organization_id);
  const preview = (language: 'ar' | 'en') => (
    <PostPreview
      values={values}
      language={language}
      typeName={type ? (language === 'ar' ? type.name_ar : englishType(type.name)) : undefined}
      organizationName={organization ? (language === 'ar' ? organization.name_ar : organization.name) : undefined}
    />
  );
  return (
    <Box component="section" aria-labelledby="studio-preview" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="studio-preview" variant="h6" component="h2">
        {t('studio.preview.title')}
      </Typography>
      {wide ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
          <Box aria-label={t('studio.preview.arabic')} role="region">
            {preview('ar')}
          </Box>
          <Box aria-label={t('studio.preview.english')} role="region">
            {preview('en')}
          </Box>
        </Box>
      ) : (
        <>
          <Tabs value={shown} onChange={(_e, v: 'ar' | 'en') => setShown(v)} aria-label={t('studio.preview.tabsLabel')} variant="fullWidth">
            <Tab value="ar" label={t('studio.preview.arabic')} id="preview-tab-ar" aria-controls="preview-panel" />
            <Tab value="en" label={t('studio.preview.english')} id="preview-tab-en" aria-controls="preview-panel" />
          </Tabs>
          <Box role="tabpanel" id="preview-panel" aria-labelledby={`preview-tab-${shown}`}>
            {preview(shown)}
          </Box>
        </>
      )}
    </Box>
  );
}
