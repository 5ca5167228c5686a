import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteAlertSubscriptionMutation, useUpdateAlertSubscriptionMutation, type AlertFrequency, type AlertSubscription, type Language } from '../../api/alerts';
import { toast } from '../toast';
import { StopAlertDialog } from './StopAlertDialog';

const FREQUENCIES: AlertFrequency[] = ['immediate', 'daily', 'weekly'];

interface Props {
  subscription: AlertSubscription;
  /** The address's manage token (a visitor from an alert e-mail); none for a signed-in reader. */
  token?: string;
}

/** One alert: its list, how often and in which language it is sent (both changeable), its feed, and "Stop". */
export function AlertSubscriptionItem({ subscription, token }: Props) {
  const { t } = useTranslation();
  const { id, title, frequency, lang, confirmed, feed_url } = subscription;
  const [update, { isLoading: updating }] = useUpdateAlertSubscriptionMutation();
  const [remove, { isLoading: stopping }] = useDeleteAlertSubscriptionMutation();
  const [asking, setAsking] = useState(false);

  // A failure is toasted by the api layer (src/web/api/errorToasts.ts); the select shows the saved value.
  const change = async (alertSubscriptionChange: { frequency?: AlertFrequency; lang?: Language }) => {
    try {
      await update({ id, token, alertSubscriptionChange }).unwrap();
      toast.success(t('alerts.changed'));
    } catch {
      // Reported by the toast.
    }
  };
  const stop = async () => {
    try {
      await remove({ id, token }).unwrap();
      setAsking(false);
      toast.success(t('alerts.stopped'));
    } catch {
      setAsking(false);
    }
  };

  return (
    <Box component="li" sx={{ display: 'grid', gap: 1.5, py: 2, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }} aria-labelledby={`alert-${id}-title`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={`alert-${id}-title`} component="h2" variant="subtitle1" lang={lang} sx={{ fontWeight: 600 }}>
          <bdi>{title}</bdi>
        </Typography>
        {confirmed ? null : <Chip size="small" color="warning" variant="outlined" label={t('alerts.pending')} />}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          id={`alert-${id}-frequency`}
          label={t('alerts.frequency')}
          value={frequency}
          disabled={updating || stopping}
          onChange={(event) => void change({ frequency: event.target.value as AlertFrequency })}
          sx={{ minWidth: 220 }}
        >
          {FREQUENCIES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`alerts.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          id={`alert-${id}-lang`}
          label={t('alerts.languageLabel')}
          value={lang}
          disabled={updating || stopping}
          onChange={(event) => void change({ lang: event.target.value as Language })}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="ar" lang="ar">
            {t('alerts.arabic')}
          </MenuItem>
          <MenuItem value="en" lang="en">
            {t('alerts.english')}
          </MenuItem>
        </TextField>
        <Link href={feed_url} target="_blank" rel="noopener" type="application/atom+xml" variant="body2">
          {t('alerts.feed')}
        </Link>
        <Box sx={{ flex: 1 }} />
        <Button color="error" onClick={() => setAsking(true)} disabled={stopping} aria-describedby={`alert-${id}-title`}>
          {t('alerts.stop')}
        </Button>
      </Box>
      <StopAlertDialog open={asking} title={title} stopping={stopping} onCancel={() => setAsking(false)} onStop={() => void stop()} />
    </Box>
  );
}
