import RssFeedIcon from '@mui/icons-material/RssFeed';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedHref, type FeedFormat } from '../../../shared/feedLinks';
import { toast } from '../toast';
import { addChunkStrings } from '../../i18n/chunkStrings';
import arFeeds from '../../i18n/locales/ar/feeds';
import enFeeds from '../../i18n/locales/en/feeds';
import { AlertDialog } from './AlertDialog';

addChunkStrings(arFeeds, enFeeds);

export interface FeedButtonProps {
  /** The query the screen asks its list with (listPosts', a hashtag's or an organization's). */
  arg: object;
  /** The list's name, for the feed links' titles. */
  title: string;
}

const FORMATS: FeedFormat[] = ['atom', 'rss'];
const FEED_LINKS = 'link[rel="alternate"][type="application/atom+xml"], link[rel="alternate"][type="application/rss+xml"]';

/**
 * The list's feeds (issue 15): a button whose menu opens the Atom or the RSS feed (entries in the
 * reader's language), copies its address for a feed reader, or subscribes to the list's e-mail
 * alerts (AlertDialog). While the screen shows, the page's <head> names the same feeds (a drawn
 * page names them from the start: src/web/ssr.tsx), so that browsers and feed readers find them
 * after a move inside the app too.
 */
export default function FeedButton({ arg, title }: FeedButtonProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'ar';
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [alerting, setAlerting] = useState(false);
  const menuId = useId();
  const hrefs = FORMATS.map((format) => ({ format, href: feedHref(arg as Record<string, unknown>, format, lang) }));
  const [atom, rss] = hrefs.map((h) => h.href);

  useEffect(() => {
    for (const old of document.head.querySelectorAll(FEED_LINKS)) old.remove();
    const links = (
      [
        ['atom', atom],
        ['rss', rss],
      ] as const
    ).map(([format, href]) => {
      const link = document.createElement('link');
      link.rel = 'alternate';
      link.type = `application/${format}+xml`;
      link.title = `${title} (${format === 'atom' ? 'Atom' : 'RSS'})`;
      link.href = href;
      return document.head.appendChild(link);
    });
    return () => links.forEach((link) => link.remove());
  }, [atom, rss, title]);

  const copy = async () => {
    setAnchor(null);
    try {
      await navigator.clipboard.writeText(new URL(atom, window.location.origin).href);
      toast.success(t('feeds.copied'));
    } catch {
      toast.error(t('share.copyFailed'));
    }
  };

  return (
    <>
      <Tooltip title={t('feeds.button')}>
        <IconButton aria-label={t('feeds.button')} aria-haspopup="menu" aria-controls={anchor ? menuId : undefined} aria-expanded={anchor ? 'true' : undefined} onClick={(e) => setAnchor(e.currentTarget)} size="small" sx={{ color: 'text.secondary' }}>
          <RssFeedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {hrefs.map(({ format, href }) => (
          <MenuItem key={format} component="a" href={href} target="_blank" rel="noopener" type={`application/${format}+xml`} onClick={() => setAnchor(null)}>
            {t(format === 'atom' ? 'feeds.atom' : 'feeds.rss')}
          </MenuItem>
        ))}
        <MenuItem onClick={() => void copy()}>{t('feeds.copy')}</MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setAlerting(true);
          }}
        >
          {t('feeds.alerts')}
        </MenuItem>
      </Menu>
      <AlertDialog open={alerting} onClose={() => setAlerting(false)} arg={arg} title={title} />
    </>
  );
}
