import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../api/generated/posts.gen';
import { toast } from '../../components/toast';
import { dropFiles, filesBytes, filesKept, keepFiles } from '../../pwa/offlineData';
import { addOfflineStrings } from '../../pwa/offlineStrings';

addOfflineStrings();

/** "2.4 MB" / «2.4 ميغابايت»: the size the reader's device will keep. */
export function formatBytes(bytes: number, language: string): string {
  const [unit, value] = bytes >= 1024 * 1024 ? ['megabyte', bytes / (1024 * 1024)] : bytes >= 1024 ? ['kilobyte', bytes / 1024] : ['byte', bytes];
  return new Intl.NumberFormat(language === 'en' ? 'en' : 'ar', { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

/**
 * A bookmark's "available offline" switch (issue 31): on, the post's attachments are kept on the
 * device (the post and the note already are, being bookmarked) and open without a network; off,
 * they are removed. The size is shown before the reader turns it on. Nothing shows for a post
 * without attachments, or in a browser that cannot keep files.
 */
export function OfflineFilesSwitch({ post }: { post: Pick<Post, 'slug' | 'attachments'> }) {
  const { t, i18n } = useTranslation();
  const [kept, setKept] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const bytes = filesBytes(post);
  const usable = typeof caches !== 'undefined' && (post.attachments?.length ?? 0) > 0;

  useEffect(() => {
    if (!usable) return undefined;
    let live = true;
    filesKept(post).then(
      (value) => live && setKept(value),
      () => live && setKept(false),
    );
    return () => {
      live = false;
    };
  }, [post, usable]);

  if (!usable) return null;

  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      if (on) {
        await keepFiles(post);
        toast.success(t('offline.files.saved'));
      } else {
        await dropFiles(post);
        toast.success(t('offline.files.removed'));
      }
      setKept(on);
    } catch {
      toast.error(t('offline.files.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormControlLabel
      sx={{ mx: 0, gap: 1 }}
      control={<Switch checked={kept === true} disabled={kept === null || busy} onChange={(_e, on) => void toggle(on)} />}
      label={
        <>
          {t('offline.files.label')}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            ({t('offline.files.size', { size: formatBytes(bytes, i18n.language) })})
          </Typography>
        </>
      }
    />
  );
}
