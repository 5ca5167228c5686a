import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { languageChanged, selectLanguage } from '../../state/preferencesSlice';

/** Switches ar ⇄ en; the button names the other language in that language. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);
  const other = language === 'ar' ? 'en' : 'ar';
  const otherName = t(`language.${other}`);

  return (
    <Button
      color="inherit"
      startIcon={<TranslateIcon />}
      onClick={() => dispatch(languageChanged(other))}
      aria-label={t('language.switchTo', { language: otherName })}
      sx={{ justifyContent: 'flex-start' }}
    >
      <span lang={other}>{otherName}</span>
    </Button>
  );
}
