import { useListDepartmentsQuery } from '../../api/organizations';
import { useAppSelector } from '../../app/hooks';
import { localized } from '../../components/localized';
import { selectLanguage } from '../../state/preferencesSlice';
import { UnitList } from './UnitList';

/** An organization's active departments, each with the subsidiary it belongs to, if any. */
export function DepartmentList({ apiCode }: { apiCode: string }) {
  const language = useAppSelector(selectLanguage);
  const { data, isLoading, isError, refetch } = useListDepartmentsQuery({ code: apiCode });
  const units = data
    ?.filter((d) => d.is_active)
    .map((d) => ({
      key: d.id,
      name: localized(language, d.name_ar, d.name),
      detail: localized(language, d.subsidiary_name_ar, d.subsidiary_name) || undefined,
    }));
  return <UnitList units={units} isLoading={isLoading} isError={isError} onRetry={() => void refetch()} />;
}
