import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '../../../api/posts';
import { useAppSelector } from '../../../app/hooks';
import { DirectionalIcon } from '../../DirectionalIcon';
import { localized } from '../../localized';
import { selectLanguage } from '../../../state/preferencesSlice';
import { DownloadButton } from '../card/DownloadButton';
import { srcSetOf } from '../card/srcSet';
import { visuallyHidden } from '../card/visuallyHidden';
import { addChunkStrings } from '../../../i18n/chunkStrings';
import arLightbox from '../../../i18n/locales/ar/lightbox';
import enLightbox from '../../../i18n/locales/en/lightbox';

addChunkStrings(arLightbox, enLightbox);

export interface LightboxProps {
  images: Attachment[];
  startIndex: number;
  onClose: () => void;
}

/** A horizontal swipe longer than this (px) moves to the neighbouring image. */
const SWIPE_PX = 40;

// A dark fill keeps the arrow readable over a bright image; the light ring shows it on the black backdrop.
const stepButton = {
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  color: 'inherit',
  bgcolor: 'rgba(0, 0, 0, 0.55)',
  border: '1px solid rgba(255, 255, 255, 0.6)',
  '&:hover': { bgcolor: 'rgba(0, 0, 0, 0.8)' },
} as const;

/**
 * The image viewer (its own chunk, loaded when an image is first opened): one image at a time
 * with previous/next (wrapping around), a thumbnail strip, download and close. Escape closes;
 * ArrowLeft/ArrowRight (and a swipe) move in the reading direction, so in Arabic the next image
 * is to the left. The dialog keeps focus inside while open and gives it back to the opener.
 */
export default function Lightbox({ images, startIndex, onClose }: LightboxProps) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const rtl = useTheme().direction === 'rtl';
  const labelId = useId();
  const [index, setIndex] = useState(startIndex);
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());
  const strip = useRef<HTMLUListElement>(null);
  const touchStart = useRef<number | null>(null);

  const total = images.length;
  const image = images[index];
  // In the reader's language, the Arabic where the image has no English title.
  const title = localized(language, image.title_ar, image.title);
  const step = (by: number) => setIndex((i) => (i + by + total) % total);
  /** Moves towards the left (-1) or the right (+1) of the screen. */
  const moveTowards = (side: -1 | 1) => step(rtl ? -side : side);

  useEffect(() => {
    strip.current?.querySelector('[aria-current="true"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [index]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (total < 2 || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
    event.preventDefault();
    moveTowards(event.key === 'ArrowLeft' ? -1 : 1);
  };

  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    touchStart.current = null;
    const dx = start === null ? 0 : event.changedTouches[0].clientX - start;
    // Dragging the picture to the left brings in what lies to its right.
    if (total > 1 && Math.abs(dx) > SWIPE_PX) moveTowards(dx < 0 ? 1 : -1);
  };

  return (
    <Dialog
      open
      fullScreen
      onClose={onClose}
      aria-labelledby={labelId}
      onKeyDown={onKeyDown}
      slotProps={{ paper: { sx: { bgcolor: '#0a0a0a', backgroundImage: 'none', color: '#fff', display: 'flex', flexDirection: 'column' } } }}
    >
      <h2 id={labelId} style={visuallyHidden}>
        {t('lightbox.label')}
      </h2>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5 }}>
        <Typography aria-live="polite" sx={{ flex: 1, minWidth: 0, display: 'flex', gap: 1.5 }}>
          {/* "1 / 3" reads left to right in Arabic too. */}
          <span dir="ltr">{t('lightbox.counter', { current: index + 1, total })}</span>
          <Box component="span" dir="auto" sx={{ opacity: 0.8, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {title}
          </Box>
        </Typography>
        <DownloadButton href={image.file_url} label={t('lightbox.download')} sx={{ color: 'inherit' }} />
        <IconButton onClick={onClose} aria-label={t('lightbox.close')} title={t('lightbox.close')} sx={{ color: 'inherit' }}>
          <CloseIcon />
        </IconButton>
      </Box>

      <Box
        onTouchStart={(event) => (touchStart.current = event.touches[0].clientX)}
        onTouchEnd={onTouchEnd}
        // A flex item of definite height, so that the image's max-height: 100% keeps it inside.
        sx={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', p: { xs: 1, sm: 2 } }}
      >
        {failed.has(image.id) ? (
          <Typography role="alert">{t('lightbox.imageFailed')}</Typography>
        ) : (
          <Box
            component="img"
            key={image.id}
            src={image.file_url}
            // The screen's width, or less for an image whose height fills the screen first.
            srcSet={srcSetOf(image, { original: true })}
            sizes={image.width && image.height ? `min(100vw, ${((100 * image.width) / image.height).toFixed(1)}vh)` : '100vw'}
            alt={title}
            width={image.width ?? undefined}
            height={image.height ?? undefined}
            decoding="async"
            onError={() => setFailed((before) => new Set(before).add(image.id))}
            sx={{ maxWidth: '100%', maxHeight: '100%', width: 'auto', height: 'auto', objectFit: 'contain' }}
          />
        )}
        {total > 1 && (
          <>
            <IconButton onClick={() => step(-1)} aria-label={t('lightbox.previous')} title={t('lightbox.previous')} sx={{ ...stepButton, insetInlineStart: 8 }}>
              <DirectionalIcon icon={ChevronLeftIcon} />
            </IconButton>
            <IconButton onClick={() => step(1)} aria-label={t('lightbox.next')} title={t('lightbox.next')} sx={{ ...stepButton, insetInlineEnd: 8 }}>
              <DirectionalIcon icon={ChevronRightIcon} />
            </IconButton>
          </>
        )}
      </Box>

      {total > 1 && (
        <Box component="ul" ref={strip} sx={{ display: 'flex', gap: 1, m: 0, px: 1, py: 1, listStyle: 'none', overflowX: 'auto', justifyContent: 'safe center' }}>
          {images.map((thumb, i) => (
            <li key={thumb.id}>
              <Box
                component="button"
                type="button"
                onClick={() => setIndex(i)}
                aria-label={t('lightbox.thumbnail', { index: i + 1 })}
                aria-current={i === index ? 'true' : undefined}
                sx={{
                  display: 'block',
                  p: 0,
                  width: 64,
                  height: 48,
                  border: 2,
                  borderColor: i === index ? '#fff' : 'transparent',
                  borderRadius: 1,
                  overflow: 'hidden',
                  bgcolor: 'rgba(255, 255, 255, 0.1)',
                  opacity: i === index ? 1 : 0.6,
                  cursor: 'pointer',
                  '&:hover': { opacity: 1 },
                }}
              >
                <Box component="img" src={thumb.thumbnail_url ?? thumb.file_url} srcSet={srcSetOf(thumb)} sizes="64px" alt="" loading="lazy" decoding="async" sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }} />
              </Box>
            </li>
          ))}
        </Box>
      )}
    </Dialog>
  );
}
