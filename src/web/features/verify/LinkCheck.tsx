import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerifyRequest } from './verifyRequest';

type LinkRequest = Extract<VerifyRequest, { by: 'url' }>;

interface LinkCheckProps {
  /** The link the address asks about, shown in the field. */
  asked: LinkRequest | null;
  onAsk(request: LinkRequest): void;
}

/**
 * A link as the reader received it (the server tells this portal's links from another site's and
 * reads the post and version in it). A text field, not a URL one: a link pasted without its
 * scheme is still asked about, and no browser message in another language stops it.
 */
export function LinkCheck({ asked, onAsk }: LinkCheckProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(asked?.url ?? '');
  const [tried, setTried] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // The address changed under the form (Back, a shared link): show what it asks now.
  const [shown, setShown] = useState(asked?.url);
  if (shown !== asked?.url) {
    setShown(asked?.url);
    setUrl(asked?.url ?? '');
  }

  const error = tried && !url.trim() ? t('verify.link.required') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (url.trim()) onAsk({ by: 'url', url: url.trim() });
    else input.current?.focus();
  };

  return (
    <Box component="form" method="get" action="/verify" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <TextField
        name="url"
        label={t('verify.link.label')}
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        required
        error={Boolean(error)}
        helperText={error ?? t('verify.link.help')}
        inputRef={input}
        slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'url', autoComplete: 'off', autoCapitalize: 'none', spellCheck: false, enterKeyHint: 'go' } }}
      />
      <Button type="submit" variant="contained" size="large" sx={{ minHeight: 48, alignSelf: { xs: 'stretch', sm: 'flex-start' }, px: 5 }}>
        {t('verify.link.submit')}
      </Button>
    </Box>
  );
}
