import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useId, useState, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../components/posts/card/visuallyHidden';
import { FingerprintError, sha256Hex } from './sha256';

export interface ChosenFile {
  name: string;
  sha256: string;
}

/**
 * Choose (or, on a desktop, drop) a file: the browser computes its SHA-256 and hands it on, the
 * file itself staying on the device — which the panel says, as a reader would want to know
 * before choosing an official document.
 */
export function FileCheck({ onFingerprint }: { onFingerprint(file: ChosenFile): void }) {
  const { t } = useTranslation();
  const helpId = useId();
  const [hashing, setHashing] = useState(false);
  const [failure, setFailure] = useState<'unsupported' | 'unreadable' | null>(null);
  const [dragging, setDragging] = useState(false);

  const take = async (file: File | undefined) => {
    if (!file || hashing) return;
    setFailure(null);
    setHashing(true);
    try {
      onFingerprint({ name: file.name, sha256: await sha256Hex(file) });
    } catch (err) {
      setFailure(err instanceof FingerprintError ? err.reason : 'unreadable');
    } finally {
      setHashing(false);
    }
  };

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    void take(input.files?.[0]).then(() => {
      // The same file chosen again is a new check (no change event otherwise).
      input.value = '';
    });
  };

  const dropped = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files[0]);
  };

  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={dropped}
      data-testid="file-drop"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1.5,
        p: { xs: 2, sm: 3 },
        borderRadius: 3,
        border: 2,
        borderStyle: 'dashed',
        borderColor: dragging ? 'primary.main' : 'divider',
        bgcolor: dragging ? 'action.hover' : 'transparent',
      }}
    >
      <Button
        component="label"
        variant="contained"
        size="large"
        startIcon={hashing ? <CircularProgress size={20} color="inherit" aria-hidden /> : <UploadFileIcon />}
        // The input inside takes the focus and the keys; the label shows where it is.
        tabIndex={-1}
        role={undefined}
        sx={{ minHeight: 52, px: 4, width: { xs: '100%', sm: 'auto' }, '&:has(input:focus-visible)': { outline: 3, outlineColor: 'primary.dark', outlineOffset: 3 } }}
      >
        {t('verify.file.choose')}
        <input type="file" aria-describedby={helpId} disabled={hashing} onChange={chosen} style={visuallyHidden} data-testid="verify-file" />
      </Button>
      <Typography id={helpId} variant="body2" color="text.secondary">
        {t('verify.file.help')}
        <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
          {' '}
          {t('verify.file.drop')}
        </Box>
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, textAlign: 'start', color: 'text.secondary' }}>
        <LockOutlinedIcon fontSize="small" aria-hidden sx={{ mt: '2px' }} />
        <Typography variant="body2">{t('verify.file.private')}</Typography>
      </Box>
      <div role="status" style={hashing ? undefined : visuallyHidden}>
        {hashing ? <Typography variant="body2">{t('verify.file.hashing')}</Typography> : null}
      </div>
      {failure ? (
        <Alert severity="error" variant="outlined" role="alert" sx={{ borderRadius: 3, textAlign: 'start', alignSelf: 'stretch' }}>
          {t(`verify.file.${failure}`)}
        </Alert>
      ) : null}
    </Box>
  );
}
