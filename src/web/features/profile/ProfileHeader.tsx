import CalendarIcon from '@mui/icons-material/CalendarMonthOutlined';
import LinkIcon from '@mui/icons-material/LinkOutlined';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '../../api/people';
import { useAppSelector } from '../../app/hooks';
import { initialsOf } from '../../components/initials';
import { PageHeader } from '../../components/PageHeader';
import { UserAvatar } from '../../components/UserAvatar';
import { formatLongDate } from '../../components/posts/dates';
import { selectLanguage } from '../../state/preferencesSlice';
import { FollowButton } from './FollowButton';
import { useClock } from '../../app/clock';

const SOCIAL = [
  ['twitter', (h: string) => `https://x.com/${h}`],
  ['facebook', (h: string) => `https://www.facebook.com/${h}`],
  ['instagram', (h: string) => `https://www.instagram.com/${h}`],
  ['linkedin', (h: string) => `https://www.linkedin.com/in/${h}`],
] as const;

/** A handle or an address as a link: a full http(s) address stays, a handle goes to its network. */
export function socialHref(value: string, toProfile: (handle: string) => string): string | null {
  const text = value.trim();
  if (!text) return null;
  if (/^https?:\/\//i.test(text)) return text;
  const handle = text.replace(/^@/, '');
  return /^[\w.-]+$/.test(handle) ? toProfile(handle) : null;
}

/** Who the user is: picture or initials, name, verified badge, @username, bio, place, links, join date, counts, follow. */
export function ProfileHeader({ profile }: { profile: PublicUser }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const { timeZone } = useClock();
  const name = `${profile.first_name} ${profile.last_name}`.trim() || profile.username;
  const links = [
    profile.website && /^https?:\/\//i.test(profile.website) ? { key: 'website', href: profile.website, text: profile.website.replace(/^https?:\/\//i, '') } : null,
    ...SOCIAL.map(([key, toProfile]) => {
      const href = socialHref(profile[key], toProfile);
      return href ? { key, href, text: profile[key].trim() } : null;
    }),
  ].filter((l): l is { key: string; href: string; text: string } => l !== null);

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <UserAvatar src={profile.profile_picture} name={name} initials={initialsOf(profile.first_name, profile.last_name, profile.username)} size={88} />
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <PageHeader
            title={name}
            subtitle={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                <bdi>@{profile.username}</bdi>
                {profile.is_verified ? <VerifiedIcon color="primary" fontSize="small" titleAccess={t('profile.verified')} /> : null}
              </Box>
            }
          />
        </Box>
        <FollowButton profile={profile} />
      </Box>
      {profile.bio ? (
        <Typography dir="auto" sx={{ whiteSpace: 'pre-line', maxWidth: '75ch' }}>
          {profile.bio}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 1, color: 'text.secondary', typography: 'body2', alignItems: 'center' }}>
        {profile.location ? (
          <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
            <PlaceIcon fontSize="small" aria-hidden />
            <bdi>{profile.location}</bdi>
          </Box>
        ) : null}
        <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
          <CalendarIcon fontSize="small" aria-hidden />
          {t('profile.joined', { date: formatLongDate(profile.date_joined, language, { timeZone }) })}
        </Box>
        <span>{t('profile.followers', { count: profile.followers_count })}</span>
        <span>{t('profile.following', { count: profile.following_count })}</span>
      </Box>
      {links.length > 0 ? (
        <Box component="ul" aria-label={t('profile.links', { name })} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          {links.map((link) => (
            <li key={link.key}>
              <Link href={link.href} target="_blank" rel="noopener noreferrer" dir="ltr" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
                <LinkIcon fontSize="small" aria-hidden />
                {link.text}
              </Link>
            </li>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
