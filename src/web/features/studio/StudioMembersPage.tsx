import PersonAddIcon from '@mui/icons-material/PersonAddAlt1';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { normalizeError } from '../../api/normalizeError';
import { useListEveryOrganizationQuery } from '../../api/studioOrganizations';
import {
  studioApi,
  useGetStudioMeQuery,
  useListStudioMembersQuery,
  useRemoveStudioMemberMutation,
  useSetStudioMemberMutation,
  type Member,
  type MemberRole,
  type OrganizationSummary,
} from '../../api/studio';
import { useAppDispatch } from '../../app/hooks';
import { Isolated, VALUE } from '../../components/Isolated';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { toast } from '../../components/toast';
import { ActionDialog } from './ActionDialog';
import { MemberForm } from './MemberForm';
import { MemberRows, memberName } from './MemberRows';
import { OrganizationSelect } from './OrganizationSelect';
import { StudioStringsGate } from './StudioStringsGate';
import { useStudioOrganizations } from './useStudioOrganizations';

/** Refusals and vanished rows are not toasted by the api layer (screens answer them): this screen says them here. */
function reportFailure(caught: unknown) {
  const error = normalizeError(caught);
  if (error.status === 403 || error.status === 404) toast.error(error.serverMessage ?? error.message);
}

/**
 * /studio/members: who writes for an organization, and in which role. Staff add members,
 * change roles and remove memberships (each write is recorded in the organization's log); an
 * organization's publishers may read its members, as the server allows, without the controls.
 * The server lists one organization at a time, so the screen shows one, chosen in the address.
 */
function Members() {
  const { t, i18n } = useTranslation();
  const ar = i18n.resolvedLanguage !== 'en';
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const me = useGetStudioMeQuery();
  const staff = Boolean(me.data?.is_staff);
  const everyOrganization = useStudioOrganizations(me.data);
  // The same call useStudioOrganizations makes (one request): whether staff's list is still coming.
  const directory = useListEveryOrganizationQuery(undefined, { skip: !staff });
  const organizations: OrganizationSummary[] = staff
    ? everyOrganization
    : (me.data?.memberships ?? []).filter((m) => m.role === 'publisher').map((m) => m.organization);
  const asked = Number(params.get('organization')) || undefined;
  const chosen = organizations.find((o) => o.id === asked) ?? organizations[0];
  const nameOf = (organization: OrganizationSummary) => (ar ? organization.name_ar : organization.name);

  const members = useListStudioMembersQuery({ organizationId: chosen?.id ?? 0 }, { skip: !chosen });
  const [setMember] = useSetStudioMemberMutation();
  const [removeMember, removal] = useRemoveStudioMemberMutation();
  const [busy, setBusy] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [formKey, setFormKey] = useState(0);
  // The member stays while the dialog closes (its text must not vanish mid-transition).
  const [removing, setRemoving] = useState<Member | null>(null);
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  /** Writes the answer into the shown list at once (the list is refetched as well). */
  const updateList = (organizationId: number, change: (list: Member[]) => Member[]) =>
    dispatch(studioApi.util.updateQueryData('listStudioMembers', { organizationId }, (draft) => change(draft)));

  const changeRole = async (member: Member, role: MemberRole) => {
    if (!chosen) return;
    setBusy(member.user.id);
    try {
      const answered = await setMember({ organizationId: chosen.id, userId: member.user.id, memberRoleInput: { role } }).unwrap();
      updateList(chosen.id, (list) => list.map((m) => (m.user.id === answered.user.id ? answered : m)));
      const roleName = t(`studio.roles.${answered.role}`);
      toast.success(t('studio.members.roleSet', { name: memberName(answered), organization: nameOf(chosen), role: roleName }));
    } catch (caught) {
      reportFailure(caught);
    } finally {
      setBusy(null);
    }
  };

  const confirmRemove = async () => {
    if (!removing || !chosen) return;
    const member = removing;
    try {
      await removeMember({ organizationId: chosen.id, userId: member.user.id }).unwrap();
      updateList(chosen.id, (list) => list.filter((m) => m.user.id !== member.user.id));
      toast.success(t('studio.members.removed', { name: memberName(member), organization: nameOf(chosen) }));
      setConfirming(false);
      // The button that opened the dialog went with its row: the list's heading takes the focus.
      setTimeout(() => heading.current?.focus(), 0);
    } catch (caught) {
      reportFailure(caught);
      setConfirming(false);
    }
  };

  const added = (member: Member, organizationId: number) => {
    const organization = organizations.find((o) => o.id === organizationId);
    const known = organizationId === chosen?.id && (members.currentData ?? []).some((m) => m.user.id === member.user.id);
    const values = { name: memberName(member), organization: organization ? nameOf(organization) : '', role: t(`studio.roles.${member.role}`) };
    toast.success(known ? t('studio.members.roleSet', values) : t('studio.members.added', values));
    setAdding(false);
    if (organizationId !== chosen?.id) setParams({ organization: String(organizationId) });
  };

  const spinner = (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
      <Spinner label={t('common.loading')} />
    </Box>
  );
  if (me.isLoading || (staff && directory.isLoading && organizations.length === 0)) return spinner;
  if (me.error) return <Alert severity="error">{normalizeError(me.error).message}</Alert>;

  const back = (
    <Link component={RouterLink} to="/studio">
      {t('studio.editor.backToList')}
    </Link>
  );
  if (!staff && organizations.length === 0) {
    return (
      <Box sx={{ display: 'grid', gap: 2, pb: 4 }}>
        {back}
        <PageHeader title={t('studio.members.title')} />
        <Alert severity="info" role="status">
          <AlertTitle component="h2">{t('studio.members.staffOnly')}</AlertTitle>
          {t('studio.members.staffOnlyHelp')}
        </Alert>
      </Box>
    );
  }

  const list = members.currentData;
  return (
    <Box sx={{ display: 'grid', gap: 2, pb: 4 }}>
      {back}
      <PageHeader
        title={t('studio.members.title')}
        subtitle={staff ? t('studio.roles.staff') : undefined}
        actions={
          staff ? (
            <Button
              variant="contained"
              startIcon={<PersonAddIcon />}
              disabled={organizations.length === 0}
              onClick={() => {
                setFormKey((key) => key + 1);
                setAdding(true);
              }}
            >
              {t('studio.members.add')}
            </Button>
          ) : null
        }
      />
      {staff ? null : <Alert severity="info">{t('studio.members.readOnly')}</Alert>}
      {organizations.length > 1 ? (
        <OrganizationSelect
          id="members-organization"
          size="small"
          label={t('studio.organization')}
          organizations={organizations}
          value={chosen ? String(chosen.id) : ''}
          onChange={(event) => setParams({ organization: event.target.value })}
          sx={{ maxWidth: { sm: 360 } }}
          fullWidth
        />
      ) : null}
      {!chosen ? (
        <Typography color="text.secondary">{t('studio.members.noOrganizations')}</Typography>
      ) : (
        <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1 }}>
          <Typography id={headingId} ref={heading} tabIndex={-1} variant="h6" component="h2" sx={{ '&:focus': { outline: 'none' } }}>
            <bdi>{t('studio.members.listTitle', { organization: nameOf(chosen) })}</bdi>
          </Typography>
          {members.error ? (
            <Alert severity="error" action={<Button color="inherit" onClick={() => void members.refetch()}>{t('common.retry')}</Button>}>
              <Isolated text={t('studio.members.errorLoading', { error: VALUE })} value={normalizeError(members.error).message} />
            </Alert>
          ) : !list ? (
            spinner
          ) : list.length === 0 ? (
            <Typography color="text.secondary">{t('studio.members.empty')}</Typography>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary" aria-live="polite">
                {t('studio.members.count', { count: list.length })}
              </Typography>
              <MemberRows
                members={list}
                organizationName={nameOf(chosen)}
                labelledBy={headingId}
                manage={staff}
                busy={busy}
                onRole={(member, role) => void changeRole(member, role)}
                onRemove={(member) => {
                  setRemoving(member);
                  setConfirming(true);
                }}
              />
            </>
          )}
        </Box>
      )}
      {staff ? (
        <MemberForm
          key={formKey}
          open={adding}
          organizations={organizations}
          organizationId={chosen?.id}
          onClose={() => setAdding(false)}
          onAdded={added}
        />
      ) : null}
      <ActionDialog
        open={confirming}
        title={t('studio.members.removeTitle')}
        confirmLabel={t('studio.members.remove')}
        submitting={removal.isLoading}
        onClose={() => setConfirming(false)}
        onSubmit={() => void confirmRemove()}
        danger
      >
        {removing && chosen ? (
          <Typography>{t('studio.members.removeHelp', { name: memberName(removing), organization: nameOf(chosen) })}</Typography>
        ) : null}
      </ActionDialog>
    </Box>
  );
}

export default function StudioMembersPage() {
  return (
    <StudioStringsGate>
      <Members />
    </StudioStringsGate>
  );
}
