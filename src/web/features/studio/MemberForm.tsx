import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik, type FormikErrors } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { useLazyGetProfileQuery } from '../../api/people';
import { normalizeError, type NormalizedError } from '../../api/normalizeError';
import { useSetStudioMemberMutation, type Member, type MemberRole, type OrganizationSummary } from '../../api/studio';
import { FormErrorBanner } from '../../components/FormErrorBanner';
import { boundField } from '../../components/formErrors';
import { ActionDialog } from './ActionDialog';
import { OrganizationSelect } from './OrganizationSelect';

export interface MemberValues {
  username: string;
  organization: string;
  role: MemberRole;
}

const USERNAME_MAX = 150;
const ROLES: readonly MemberRole[] = ['editor', 'publisher'];

/** The server names the user and the organization by the call's path ids; the form by username and choice. */
const SERVER_FIELDS: Record<string, keyof MemberValues> = {
  userId: 'username',
  user_id: 'username',
  username: 'username',
  organizationId: 'organization',
  organization_id: 'organization',
  organization: 'organization',
  role: 'role',
};

/** A refused write's field messages, on the form's fields (first message of each). */
export function memberFieldErrors(error: NormalizedError): FormikErrors<MemberValues> {
  const errors: FormikErrors<MemberValues> = {};
  for (const [field, messages] of Object.entries(error.fields ?? {})) {
    const name = SERVER_FIELDS[field];
    if (name && messages[0] && !errors[name]) errors[name] = messages[0];
  }
  return errors;
}

interface Props {
  open: boolean;
  organizations: OrganizationSummary[];
  /** The organization the screen shows: the form's first choice. */
  organizationId: number | undefined;
  onClose(): void;
  onAdded(member: Member, organizationId: number): void;
}

/**
 * Adding a member (staff): the account by its username, the organization and the role. The
 * username is looked up first (the membership call takes the user's id); an unknown one, and
 * any field the server refuses, is reported on its field. Giving a member of the organization
 * a role again simply changes it, as the server does.
 */
export function MemberForm({ open, organizations, organizationId, onClose, onAdded }: Props) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const [findUser] = useLazyGetProfileQuery();
  const [setMember] = useSetStudioMemberMutation();
  const form = useFormik<MemberValues>({
    initialValues: { username: '', organization: organizationId ? String(organizationId) : '', role: 'editor' },
    validationSchema: yup.object({
      username: yup
        .string()
        .trim()
        .required(t('studio.members.form.usernameRequired'))
        .max(USERNAME_MAX, t('studio.members.form.usernameMax', { max: USERNAME_MAX }))
        .matches(/^@?[\w.@+-]+$/, t('studio.members.form.usernameInvalid')),
      organization: yup.string().required(t('studio.members.form.organizationRequired')),
      role: yup.string().oneOf(ROLES, t('studio.members.form.roleRequired')).required(t('studio.members.form.roleRequired')),
    }),
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      // "@name", as profiles show it, is the same account.
      const username = values.username.trim().replace(/^@/, '');
      const chosen = Number(values.organization);
      let step: 'lookup' | 'write' = 'lookup';
      try {
        const account = await findUser({ username }).unwrap();
        step = 'write';
        const member = await setMember({ organizationId: chosen, userId: account.id, memberRoleInput: { role: values.role } }).unwrap();
        onAdded(member, chosen);
      } catch (caught) {
        const error = normalizeError(caught);
        if (step === 'lookup' && error.status === 404) {
          helpers.setFieldError('username', t('studio.members.form.userNotFound', { username }));
          focusField('username');
          return;
        }
        const fields = memberFieldErrors(error);
        const named = Object.keys(fields) as Array<keyof MemberValues>;
        if (named.length > 0) {
          helpers.setErrors(fields);
          focusField(named[0]);
          return;
        }
        // A refusal (403) or a vanished organization or account (404): the server's own words say which.
        setFailure(error.serverMessage ?? error.message);
      }
    },
  });

  const clearFailure = () => setFailure(null);
  const username = boundField(form, 'username', clearFailure);
  const organization = boundField(form, 'organization', clearFailure);
  const roleError = typeof form.errors.role === 'string' ? form.errors.role : undefined;

  return (
    <ActionDialog
      open={open}
      title={t('studio.members.form.title')}
      confirmLabel={t('studio.members.form.submit')}
      submitting={form.isSubmitting}
      onClose={onClose}
      onSubmit={() => form.handleSubmit()}
    >
      <FormErrorBanner message={failure} />
      <TextField
        {...username}
        id="member-username"
        label={t('studio.members.form.username')}
        helperText={username.helperText ?? t('studio.members.form.usernameHelp')}
        required
        autoFocus
        autoComplete="off"
        // Usernames are Latin: typed and read left to right in either language.
        slotProps={{ htmlInput: { dir: 'ltr', autoCapitalize: 'none', spellCheck: false } }}
      />
      <OrganizationSelect
        {...organization}
        id="member-organization"
        organizations={organizations}
        label={t('studio.members.form.organization')}
        required
      />
      <FormControl component="fieldset" error={Boolean(roleError)} disabled={form.isSubmitting}>
        <FormLabel component="legend">{t('studio.members.form.role')}</FormLabel>
        <RadioGroup
          name="role"
          value={form.values.role}
          onChange={(event) => {
            void form.setFieldValue('role', event.target.value, false);
            form.setFieldError('role', undefined);
            clearFailure();
          }}
        >
          {ROLES.map((role) => (
            <FormControlLabel
              key={role}
              value={role}
              control={<Radio id={`member-role-${role}`} />}
              label={
                <>
                  <Typography component="span">{t(`studio.roles.${role}`)}</Typography>
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {t(`studio.members.form.roleHelp.${role}`)}
                  </Typography>
                </>
              }
              sx={{ alignItems: 'flex-start', py: 0.5, '& .MuiRadio-root': { pt: 0.25 } }}
            />
          ))}
        </RadioGroup>
        {roleError ? <FormHelperText>{roleError}</FormHelperText> : null}
      </FormControl>
    </ActionDialog>
  );
}

/** Moves to the field the server refused, once its error is shown (the chosen role's button for the role). */
function focusField(name: keyof MemberValues) {
  setTimeout(() => {
    const field = name === 'role' ? document.querySelector<HTMLElement>('input[name="role"]:checked') : document.getElementById(`member-${name}`);
    field?.focus();
  }, 0);
}
