import { useTranslation } from 'react-i18next';
import type { PostType } from '../api/posts';
import { useAppSelector } from '../app/hooks';
import { selectLanguage } from '../state/preferencesSlice';

/**
 * A post type's name in the reader's language. The contract's English `name` is a key
 * ('decision'), so English readers get its display name from the strings.
 */
export function useTypeName() {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  return (type: Pick<PostType, 'name' | 'name_ar'>) =>
    language === 'ar' && type.name_ar ? type.name_ar : t(`types.names.${type.name}`, { defaultValue: type.name });
}
