import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import type { Member, MemberRole } from '../../api/studio';
import type { Language } from '../../i18n/types';

const ROLES: readonly MemberRole[] = ['editor', 'publisher'];

/** A member as people know them: their name, else their username. */
export const memberName = (member: Member) => [member.user.first_name, member.user.last_name].filter(Boolean).join(' ') || member.user.username;

const dateOf = (iso: string, language: Language) =>
  new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB', { dateStyle: 'medium' }).format(new Date(iso));

interface Props {
  members: Member[];
  /** The organization's name in the displayed language (the controls' names say whose membership they change). */
  organizationName: string;
  /** The id of the heading that names the list. */
  labelledBy: string;
  /** Staff: the role can be changed and the membership removed. */
  manage: boolean;
  /** The member whose membership is being written, whose controls wait. */
  busy: number | null;
  onRole(member: Member, role: MemberRole): void;
  onRemove(member: Member): void;
}

/** An organization's members: a table on a wide screen, a list on a phone. */
export function MemberRows({ members, organizationName, labelledBy, manage, busy, onRole, onRemove }: Props) {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'ar') as Language;
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));

  const who = (member: Member) => (
    <>
      <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
        <bdi>{memberName(member)}</bdi>
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary" dir="ltr" sx={{ display: 'inline-block' }}>
        @{member.user.username}
      </Typography>
    </>
  );
  const since = (member: Member, prefix: boolean) => {
    const date = dateOf(member.created_at, language);
    return (
      <Typography component="time" variant="body2" color="text.secondary" dateTime={member.created_at}>
        {prefix ? t('studio.members.since', { date }) : date}
      </Typography>
    );
  };
  const role = (member: Member) =>
    manage ? (
      <Select
        size="small"
        value={member.role}
        disabled={busy === member.user.id}
        onChange={(event) => {
          const next = event.target.value;
          if (next !== member.role) onRole(member, next);
        }}
        inputProps={{ 'aria-label': t('studio.members.roleOf', { name: memberName(member) }) }}
        sx={{ minWidth: 130 }}
      >
        {ROLES.map((r) => (
          <MenuItem key={r} value={r}>
            {t(`studio.roles.${r}`)}
          </MenuItem>
        ))}
      </Select>
    ) : (
      <Typography component="span">{t(`studio.roles.${member.role}`)}</Typography>
    );
  const remove = (member: Member) => (
    <Button
      color="error"
      size="small"
      startIcon={<DeleteOutlinedIcon />}
      disabled={busy === member.user.id}
      onClick={() => onRemove(member)}
      aria-label={t('studio.members.removeLabel', { name: memberName(member), organization: organizationName })}
    >
      {t('studio.members.remove')}
    </Button>
  );

  if (!wide) {
    return (
      <Box component="ul" aria-labelledby={labelledBy} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {members.map((member) => (
          <Box component="li" key={member.user.id} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', display: 'grid', gap: 1 }}>
            <Box>
              {who(member)}
              <Box>{since(member, true)}</Box>
            </Box>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
              {role(member)}
              {manage ? remove(member) : null}
            </Box>
          </Box>
        ))}
      </Box>
    );
  }

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell>{t('studio.members.columns.user')}</TableCell>
            <TableCell>{t('studio.members.columns.role')}</TableCell>
            <TableCell>{t('studio.members.columns.since')}</TableCell>
            {manage ? <TableCell align="right">{t('studio.members.columns.actions')}</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((member) => (
            <TableRow key={member.user.id}>
              <TableCell component="th" scope="row">
                {who(member)}
              </TableCell>
              <TableCell>{role(member)}</TableCell>
              <TableCell>{since(member, false)}</TableCell>
              {manage ? <TableCell align="right">{remove(member)}</TableCell> : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
