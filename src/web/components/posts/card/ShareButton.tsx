import ShareIcon from '@mui/icons-material/ShareOutlined';
import { useTranslation } from 'react-i18next';
import { toast } from '../../toast';
import { ActionButton } from './ActionButton';

const isAbort = (error: unknown) => (error as { name?: unknown } | null)?.name === 'AbortError';

/**
 * Web Share where the device has it (title, text and the absolute address), otherwise the
 * address is copied with the toast 'تم نسخ الرابط'. A share the reader cancels says nothing; a
 * share the device refuses falls back to copying. `path` is an in-app path ('/post/x').
 */
export function ShareButton({ path, title, text, variant = 'icon' }: { path: string; title: string; text?: string; variant?: 'icon' | 'button' }) {
  const { t } = useTranslation();

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('share.linkCopied'));
    } catch {
      toast.error(t('share.copyFailed'));
    }
  };

  const share = async () => {
    const url = new URL(path, window.location.origin).href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        if (isAbort(error)) return;
      }
    }
    await copy(url);
  };

  return <ActionButton variant={variant} icon={<ShareIcon fontSize="small" />} label={t('postCard.share')} onClick={() => void share()} />;
}
