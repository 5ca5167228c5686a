import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { PageHeader } from '../../components/PageHeader';
import { listKeptPosts, type KeptPost } from '../../pwa/offlineData';
import { addOfflineStrings } from '../../pwa/offlineStrings';
import { selectLanguage } from '../../state/preferencesSlice';
import { selectIsSignedIn } from '../../state/sessionSlice';

addOfflineStrings();

/** The page an address opens at offline when it was not kept: `from` is that address (a path of this site only). */
function fromPath(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : null;
}

/**
 * /offline (issue 31): what can be read on this device without a network — the posts read in
 * the last 30 days and, signed in, the saved posts with their notes. The service worker opens it,
 * in the reader's language, for a page it did not keep (`?from=` that page, offered again).
 */
export default function OfflinePage() {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const signedIn = useAppSelector(selectIsSignedIn);
  const [params] = useSearchParams();
  const from = fromPath(params.get('from'));
  const [posts, setPosts] = useState<KeptPost[] | null>(null);
  const supported = typeof caches !== 'undefined';

  useEffect(() => {
    let live = true;
    listKeptPosts().then(
      (kept) => live && setPosts(kept),
      () => live && setPosts([]),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <Box sx={{ display: 'grid', gap: 2, pb: 4 }}>
      <PageHeader title={t('offline.page.title')} />
      {from ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" href={from}>
              {t('offline.page.tryAgain')}
            </Button>
          }
        >
          {t('offline.page.notKept')}
        </Alert>
      ) : null}
      {!supported ? <Alert severity="info">{t('offline.page.unsupported')}</Alert> : null}
      {signedIn ? (
        <Box component="section" aria-labelledby="offline-saved">
          <Typography id="offline-saved" variant="h6" component="h2">
            {t('offline.page.saved')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('offline.page.savedHint')}{' '}
            <Link component={RouterLink} to="/bookmarks" underline="always">
              {t('offline.banner.saved')}
            </Link>
          </Typography>
        </Box>
      ) : null}
      <Box component="section" aria-labelledby="offline-recent">
        <Typography id="offline-recent" variant="h6" component="h2">
          {t('offline.page.recent')}
        </Typography>
        {posts === null ? null : posts.length === 0 ? (
          <Typography color="text.secondary">{t('offline.page.none')}</Typography>
        ) : (
          <>
            <Typography color="text.secondary">{t('offline.page.intro')}</Typography>
            <List>
              {posts.map((post) => {
                const title = language === 'ar' ? post.titleAr : post.title;
                const organization = language === 'ar' ? post.organizationAr : post.organization;
                return (
                  <ListItem key={post.slug} disableGutters sx={{ display: 'block' }}>
                    <Link component={RouterLink} to={`/post/${encodeURIComponent(post.slug)}`} dir="auto" sx={{ fontWeight: 600 }}>
                      {title}
                    </Link>
                    {organization ? (
                      <Typography variant="body2" color="text.secondary" dir="auto">
                        {organization}
                      </Typography>
                    ) : null}
                  </ListItem>
                );
              })}
            </List>
          </>
        )}
      </Box>
    </Box>
  );
}
