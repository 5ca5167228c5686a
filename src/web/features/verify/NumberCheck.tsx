import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { skipToken } from '@reduxjs/toolkit/query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetOrganizationQuery } from '../../api/organizations';
import { OrganizationPicker, type OrganizationChoice } from './OrganizationPicker';
import type { VerifyRequest } from './verifyRequest';

type NumberRequest = Extract<VerifyRequest, { by: 'number' }>;

interface NumberCheckProps {
  /** The number and organization the address asks about, shown in the fields. */
  asked: NumberRequest | null;
  onAsk(request: NumberRequest): void;
}

/**
 * A document number as it is written («قرار رقم 123 لعام 2026», 794/1446, Arabic-Indic digits:
 * the server reads it) and the organization that issued it. A plain GET form, so that it works
 * before the scripts arrive; with them, the address changes without a new page.
 */
export function NumberCheck({ asked, onAsk }: NumberCheckProps) {
  const { t } = useTranslation();
  const [number, setNumber] = useState(asked?.number ?? '');
  // undefined: not chosen here, so the address's organization.
  const [picked, setPicked] = useState<OrganizationChoice | null | undefined>(undefined);
  const [tried, setTried] = useState(false);
  const organizationInput = useRef<HTMLInputElement>(null);
  const numberInput = useRef<HTMLInputElement>(null);

  // The address changed under the form (Back, a shared link): show what it asks now.
  const [shown, setShown] = useState(asked);
  if (shown?.number !== asked?.number || shown?.organization !== asked?.organization) {
    setShown(asked);
    setNumber(asked?.number ?? '');
    if (picked?.code !== asked?.organization) setPicked(undefined);
  }

  const code = picked === undefined ? asked?.organization : undefined;
  const { data: named } = useGetOrganizationQuery(code ? { code } : skipToken);
  // Until its name arrives (or for an id or unknown code), the address's organization by its code.
  const organization = picked !== undefined ? picked : code ? (named ?? { code, name: code, name_ar: code }) : null;

  const organizationError = tried && !organization ? t('verify.number.organizationRequired') : undefined;
  const numberError = tried && !number.trim() ? t('verify.number.numberRequired') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!organization) {
      organizationInput.current?.focus();
    } else if (!number.trim()) {
      numberInput.current?.focus();
    } else {
      onAsk({ by: 'number', number: number.trim(), organization: organization.code });
    }
  };

  return (
    <Box component="form" method="get" action="/verify" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <OrganizationPicker
        value={organization ? { code: organization.code, name: organization.name, name_ar: organization.name_ar } : null}
        onChange={setPicked}
        error={organizationError}
        inputRef={organizationInput}
      />
      <TextField
        name="number"
        label={t('verify.number.number')}
        value={number}
        onChange={(event) => setNumber(event.target.value)}
        required
        error={Boolean(numberError)}
        helperText={numberError ?? t('verify.number.numberHelp')}
        inputRef={numberInput}
        slotProps={{ htmlInput: { dir: 'auto', autoComplete: 'off', enterKeyHint: 'go' } }}
      />
      <Button type="submit" variant="contained" size="large" sx={{ minHeight: 48, alignSelf: { xs: 'stretch', sm: 'flex-start' }, px: 5 }}>
        {t('verify.number.submit')}
      </Button>
    </Box>
  );
}
