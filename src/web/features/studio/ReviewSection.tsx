import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useGetStudioPostHistoryQuery } from '../../api/studio';
import type { Language } from '../../i18n/types';
import { CommentBox } from './CommentBox';
import { HistoryEvent } from './HistoryEvent';
import { formatDateTime } from './studioDates';

/** The post's review: its published versions with their change notes, every recorded write, and a comment box. */
export function ReviewSection({ postId }: { postId: number }) {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'ar') as Language;
  const history = useGetStudioPostHistoryQuery({ id: postId }).data;
  const versions = history?.versions ?? [];
  // Newest first, as a reviewer reads them.
  const events = [...(history?.events ?? [])].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <Box component="section" aria-labelledby="studio-review" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="studio-review" variant="h6" component="h2">
        {t('studio.review.title')}
      </Typography>
      <CommentBox postId={postId} />
      {versions.length > 0 ? (
        <Box>
          <Typography variant="subtitle1" component="h3">
            {t('studio.review.versions')}
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {versions.map((v) => (
              <Box component="li" key={v.version} sx={{ py: 0.5 }}>
                <Typography variant="body2">
                  {t('studio.review.version', { version: v.version })} · {t(`studio.review.kinds.${v.kind}`)} · {formatDateTime(v.created_at, language)}
                </Typography>
                {(language === 'ar' ? v.note_ar || v.note : v.note || v.note_ar) ? (
                  <Typography variant="body2" color="text.secondary">
                    {language === 'ar' ? v.note_ar || v.note : v.note || v.note_ar}
                  </Typography>
                ) : null}
              </Box>
            ))}
          </Box>
        </Box>
      ) : null}
      <Box>
        <Typography variant="subtitle1" component="h3">
          {t('studio.review.events')}
        </Typography>
        {events.length === 0 ? (
          <Typography color="text.secondary">{t('studio.review.noEvents')}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {events.map((event) => (
              <HistoryEvent key={event.id} event={event} />
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}
