import { useMemo } from 'react';
import { useListEveryOrganizationQuery } from '../../api/studioOrganizations';
import type { OrganizationSummary, StudioMe } from '../../api/studio';

/** The organizations the user may write for: their memberships', and every one for staff. */
export function useStudioOrganizations(me: StudioMe | undefined): OrganizationSummary[] {
  const all = useListEveryOrganizationQuery(undefined, { skip: !me?.is_staff }).data;
  return useMemo(() => {
    const own = (me?.memberships ?? []).map((m) => m.organization);
    const others = (all ?? []).filter((o) => !own.some((m) => m.id === o.id)).map(({ id, code, name, name_ar, is_verified }) => ({ id, code, name, name_ar, is_verified }));
    return [...own, ...others];
  }, [me, all]);
}
