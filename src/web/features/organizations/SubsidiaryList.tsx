import { useTranslation } from 'react-i18next';
import { useListSubsidiariesQuery } from '../../api/organizations';
import { useAppSelector } from '../../app/hooks';
import { localized } from '../../components/localized';
import { selectLanguage } from '../../state/preferencesSlice';
import { UnitList } from './UnitList';

/** An organization's active subsidiaries (what its 'active subsidiaries' figure counts). */
export function SubsidiaryList({ apiCode }: { apiCode: string }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const { data, isLoading, isError, refetch } = useListSubsidiariesQuery({ code: apiCode });
  const units = data
    ?.filter((s) => s.is_active)
    .map((s) => ({
      key: s.id,
      name: localized(language, s.name_ar, s.name),
      detail: s.department_count > 0 ? t('organizations.departmentCount', { count: s.department_count }) : undefined,
    }));
  return <UnitList units={units} isLoading={isLoading} isError={isError} onRetry={() => void refetch()} />;
}
