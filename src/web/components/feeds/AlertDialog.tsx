import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { alertListOf } from '../../../shared/feedLinks';
import { isSubscribed, useCreateAlertSubscriptionMutation, type AlertFrequency, type AlertList, type Language } from '../../api/alerts';
import type { NormalizedError } from '../../api/normalizeError';
import { useAppSelector } from '../../app/hooks';
import { FormErrorBanner } from '../FormErrorBanner';
import { formFieldErrors } from '../formErrors';
import { toast } from '../toast';
import { selectCurrentUser, selectIsSignedIn } from '../../state/sessionSlice';

export interface AlertDialogProps {
  open: boolean;
  onClose(): void;
  /** The FeedButton's query (listPosts' camelCase arguments, or a hashtag's {slug}, an organization's {code}). */
  arg: object;
  /** The list's name. */
  title: string;
}

interface Values {
  email: string;
  frequency: AlertFrequency;
  lang: Language;
}

const FREQUENCIES: AlertFrequency[] = ['immediate', 'daily', 'weekly'];
const EMAIL_MAX = 254;

/**
 * "Get e-mail alerts" of a list (issue 15). A signed-in reader subscribes their account's address
 * at once (201: a toast, the dialog closes); a visitor gives an address and is told to confirm
 * it from their inbox (202: said in the dialog, which stays open until they close it).
 */
export function AlertDialog({ open, onClose, arg, title }: AlertDialogProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const signedIn = useAppSelector(selectIsSignedIn);
  const user = useAppSelector(selectCurrentUser);
  const [subscribe] = useCreateAlertSubscriptionMutation();
  const [general, setGeneral] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const uiLanguage: Language = i18n.resolvedLanguage === 'en' ? 'en' : 'ar';
  // The e-mails' language defaults to the screen's, which may change while the dialog is mounted (closed) with the list.
  const initialValues = useMemo<Values>(() => ({ email: '', frequency: 'immediate', lang: uiLanguage }), [uiLanguage]);
  const form = useFormik<Values>({
    initialValues,
    enableReinitialize: true,
    validationSchema: signedIn
      ? undefined
      : yup.object({
          email: yup.string().trim().required(t('alertDialog.emailRequired')).max(EMAIL_MAX, t('alertDialog.emailInvalid')).email(t('alertDialog.emailInvalid')),
        }),
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      setGeneral(null);
      const email = values.email.trim();
      const list = alertListOf(arg as Record<string, unknown>) as AlertList;
      try {
        const answer = await subscribe({ alertSubscriptionInput: { ...(signedIn ? {} : { email }), list, frequency: values.frequency, lang: values.lang } }).unwrap();
        if (isSubscribed(answer)) {
          toast.success(t('alertDialog.subscribed'));
          helpers.resetForm();
          onClose();
        } else {
          setSentTo(email);
        }
      } catch (caught) {
        const error = caught as NormalizedError;
        // Only the address is a field here: any other refusal (the list, a limit) is said above the form.
        const inline = signedIn ? {} : formFieldErrors(error, { email: values.email });
        if (inline.email) helpers.setErrors(inline);
        else setGeneral((error.fields && Object.values(error.fields)[0]?.[0]) || error.message || t('alertDialog.failed'));
      }
    },
  });

  const close = () => {
    if (!form.isSubmitting) onClose();
  };
  // Once closed (after the closing transition, which still shows the old content), a new opening starts afresh.
  const reset = () => {
    setSentTo(null);
    setGeneral(null);
    form.resetForm();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    form.handleSubmit();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object, transition: { onExited: reset } }}
    >
      <DialogTitle id={titleId}>{t('alertDialog.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {sentTo ? (
          <Alert severity="success" role="status">
            {t('alertDialog.checkInbox', { email: sentTo })}
          </Alert>
        ) : (
          <>
            <Typography variant="body2">{t('alertDialog.intro', { title })}</Typography>
            <FormErrorBanner message={general} />
            {signedIn ? (
              // The profile (and so the address) may still be on its way: said once it is here.
              user?.email ? (
                <Typography variant="body2" color="text.secondary">
                  {t('alertDialog.sentTo', { email: user.email })}
                </Typography>
              ) : null
            ) : (
              <TextField
                id="alert-email"
                name="email"
                type="email"
                label={t('alertDialog.email')}
                value={form.values.email}
                onChange={(event) => {
                  form.handleChange(event);
                  if (form.errors.email) form.setFieldError('email', undefined);
                }}
                error={Boolean(form.errors.email)}
                helperText={form.errors.email}
                disabled={form.isSubmitting}
                autoComplete="email"
                required
                fullWidth
                slotProps={{ htmlInput: { dir: 'ltr', maxLength: EMAIL_MAX } }}
              />
            )}
            <FormControl disabled={form.isSubmitting}>
              <FormLabel id="alert-frequency">{t('alertDialog.frequency')}</FormLabel>
              <RadioGroup aria-labelledby="alert-frequency" name="frequency" value={form.values.frequency} onChange={form.handleChange}>
                {FREQUENCIES.map((frequency) => (
                  <FormControlLabel key={frequency} value={frequency} control={<Radio />} label={t(`alertDialog.${frequency}`)} />
                ))}
              </RadioGroup>
            </FormControl>
            <FormControl disabled={form.isSubmitting}>
              <FormLabel id="alert-lang">{t('alertDialog.language')}</FormLabel>
              <RadioGroup row aria-labelledby="alert-lang" name="lang" value={form.values.lang} onChange={form.handleChange}>
                <FormControlLabel value="ar" control={<Radio />} label={<span lang="ar">{t('alertDialog.arabic')}</span>} />
                <FormControlLabel value="en" control={<Radio />} label={<span lang="en">{t('alertDialog.english')}</span>} />
              </RadioGroup>
            </FormControl>
          </>
        )}
      </DialogContent>
      <DialogActions>
        {sentTo ? (
          <Button onClick={close} variant="contained">
            {t('alertDialog.close')}
          </Button>
        ) : (
          <>
            <Button onClick={close} disabled={form.isSubmitting}>
              {t('alertDialog.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={form.isSubmitting}>
              {t('alertDialog.subscribe')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
