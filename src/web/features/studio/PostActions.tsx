import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { normalizeError } from '../../api/normalizeError';
import {
  useCorrectStudioPostMutation,
  useDeleteStudioPostMutation,
  usePublishStudioPostMutation,
  useRequestStudioPostChangesMutation,
  useScheduleStudioPostMutation,
  useSubmitStudioPostMutation,
  useUnscheduleStudioPostMutation,
  useWithdrawStudioPostMutation,
  type StudioPost,
  type StudioPostInput,
} from '../../api/studio';
import { toast } from '../../components/toast';
import { ActionDialog } from './ActionDialog';
import { CorrectDialog } from './CorrectDialog';
import { RequestChangesDialog } from './RequestChangesDialog';
import { ScheduleDialog } from './ScheduleDialog';
import { WithdrawDialog } from './WithdrawDialog';

type DialogName = 'requestChanges' | 'schedule' | 'correct' | 'withdraw' | 'delete';
type Done = 'submit' | 'requestChanges' | 'publish' | 'schedule' | 'unschedule' | 'correct' | 'withdraw' | 'delete';

interface Props {
  post: StudioPost;
  /** Saves pending edits and checks the form; false when something must be fixed first. */
  prepare(): Promise<boolean>;
  correcting: boolean;
  setCorrecting(on: boolean): void;
  /** The fields a correction changes. */
  correction(): StudioPostInput;
  onCorrected(): void;
  onFieldErrors(fields: Record<string, string[]>): void;
}

/**
 * The buttons the post's `can` abilities allow, each with its dialog where it needs one.
 * Failures are toasted by the api layer (errorToasts.ts); a validation failure's fields also
 * land on the form. After an action the focus goes to this section's heading, since the
 * button that was pressed may be gone (a submitted post has no "submit" any more).
 */
/** Longer than a dialog's exit transition (theme.transitions.duration.leavingScreen, 195 ms). */
const FOCUS_AFTER_DIALOG_MS = 400;

export function PostActions({ post, prepare, correcting, setCorrecting, correction, onCorrected, onFieldErrors }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const [busy, setBusy] = useState(false);
  const [submit] = useSubmitStudioPostMutation();
  const [requestChanges] = useRequestStudioPostChangesMutation();
  const [publish] = usePublishStudioPostMutation();
  const [schedule] = useScheduleStudioPostMutation();
  const [unschedule] = useUnscheduleStudioPostMutation();
  const [correct] = useCorrectStudioPostMutation();
  const [withdraw] = useWithdrawStudioPostMutation();
  const [remove] = useDeleteStudioPostMutation();
  const id = post.id;
  const can = post.can;

  /** Runs one action; true when the server accepted it. */
  const act = async (done: Done, call: () => Promise<unknown>, needsForm = false): Promise<boolean> => {
    setBusy(true);
    try {
      if (needsForm && !(await prepare())) return false;
      await call();
      toast.success(t(`studio.actions.done.${done}`));
      setDialog(null);
      if (done === 'delete') void navigate('/studio', { replace: true });
      // After a closing dialog's exit (MUI's focus trap gives the focus back to the pressed
      // button when it unmounts, some 200 ms later, and that button may be gone).
      else setTimeout(() => heading.current?.focus(), dialog ? FOCUS_AFTER_DIALOG_MS : 0);
      return true;
    } catch (caught) {
      const fields = normalizeError(caught).fields;
      if (fields) onFieldErrors(fields);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const button = (label: string, onClick: () => void, variant: 'contained' | 'outlined' = 'outlined', color?: 'error') => (
    <Button variant={variant} color={color} onClick={onClick} disabled={busy}>
      {label}
    </Button>
  );

  return (
    <Box component="section" aria-labelledby="studio-actions" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="studio-actions" ref={heading} tabIndex={-1} variant="h6" component="h2" sx={{ '&:focus': { outline: 'none' } }}>
        {t('studio.actions.label')}
      </Typography>
      {!correcting && !Object.values(can).some(Boolean) ? <Typography color="text.secondary">{t('studio.actions.none')}</Typography> : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {correcting ? (
          <>
            {button(t('studio.actions.correct'), () => setDialog('correct'), 'contained')}
            {button(t('studio.dialogs.cancelCorrection'), () => setCorrecting(false))}
          </>
        ) : (
          <>
            {can.submit ? button(t('studio.actions.submit'), () => void act('submit', () => submit({ id }).unwrap(), true), 'contained') : null}
            {can.publish ? button(t('studio.actions.publish'), () => void act('publish', () => publish({ id }).unwrap(), true), 'contained') : null}
            {can.schedule && post.stage !== 'scheduled' ? button(t('studio.actions.schedule'), () => setDialog('schedule')) : null}
            {can.schedule && post.stage === 'scheduled' ? button(t('studio.actions.unschedule'), () => void act('unschedule', () => unschedule({ id }).unwrap())) : null}
            {can.review ? button(t('studio.actions.requestChanges'), () => setDialog('requestChanges')) : null}
            {can.correct ? button(t('studio.dialogs.correctStart'), () => setCorrecting(true)) : null}
            {can.withdraw ? button(t('studio.actions.withdraw'), () => setDialog('withdraw'), 'outlined', 'error') : null}
            {can.delete ? button(t('studio.actions.delete'), () => setDialog('delete'), 'outlined', 'error') : null}
          </>
        )}
      </Box>
      <RequestChangesDialog
        open={dialog === 'requestChanges'}
        onClose={() => setDialog(null)}
        onConfirm={(comment) => act('requestChanges', () => requestChanges({ id, reviewComment: { comment } }).unwrap())}
      />
      <ScheduleDialog
        open={dialog === 'schedule'}
        onClose={() => setDialog(null)}
        onConfirm={(publish_at) => act('schedule', () => schedule({ id, scheduleRequest: { publish_at } }).unwrap(), true)}
      />
      <CorrectDialog
        open={dialog === 'correct'}
        onClose={() => setDialog(null)}
        onConfirm={async (note) => {
          const ok = await act('correct', () => correct({ id, correctionRequest: { ...correction(), ...note } }).unwrap());
          if (ok) onCorrected();
          return ok;
        }}
      />
      <WithdrawDialog open={dialog === 'withdraw'} onClose={() => setDialog(null)} onConfirm={(request) => act('withdraw', () => withdraw({ id, withdrawRequest: request }).unwrap())} />
      <ActionDialog
        open={dialog === 'delete'}
        title={t('studio.dialogs.deleteTitle')}
        confirmLabel={t('studio.actions.delete')}
        submitting={busy}
        danger
        onClose={() => setDialog(null)}
        onSubmit={() => void act('delete', () => remove({ id }).unwrap())}
      >
        <Typography>{t('studio.dialogs.deleteHelp')}</Typography>
      </ActionDialog>
    </Box>
  );
}
