import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../api/studio';
import { Isolated, VALUE } from '../../components/Isolated';
import type { Language } from '../../i18n/types';
import { formatDateTime } from './studioDates';

/** One recorded write: who did what (to which post, in the organization's log), when, and the comment or note it carried. */
export function HistoryEvent({ event, showPost = false }: { event: AuditEntry; showPost?: boolean }) {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'ar') as Language;
  const who = event.user ? [event.user.first_name, event.user.last_name].filter(Boolean).join(' ') || event.user.username : t('studio.review.system');
  return (
    <Box component="li" sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Typography variant="body2">
        <Box component="span" sx={{ fontWeight: 600 }}>
          <bdi>{who}</bdi>
        </Box>{' '}
        {t(`studio.review.actions.${event.action}`)}
        {showPost && event.post ? (
          <>
            {' '}
            <Isolated text={t('studio.audit.onPost', { title: VALUE })} value={language === 'ar' ? event.post.title_ar || event.post.title : event.post.title || event.post.title_ar} />
          </>
        ) : null}
        {event.version ? ` (${t('studio.review.version', { version: event.version })})` : ''}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="time" dateTime={event.at}>
        {formatDateTime(event.at, language)}
      </Typography>
      {event.comment ? <Typography sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>{event.comment}</Typography> : null}
    </Box>
  );
}
