import type { FastifyRequest } from 'fastify';
import type { Schemas } from '../../http/routes';
import { mediaUrl } from '../../http/urls';
import type { CurrentUserRow, InterestRow, PublicUserRow } from './repository';

const iso = (d: Date | string) => new Date(d).toISOString();

// Fields are copied one by one: a column added to a query never reaches an answer by accident
// (the e-mail above all, which only its owner may see).
function profileFields(req: FastifyRequest, u: Omit<PublicUserRow, 'is_following'>) {
  return {
    id: u.id,
    username: u.username,
    first_name: u.first_name,
    last_name: u.last_name,
    user_type: u.user_type,
    is_verified: u.is_verified,
    date_joined: iso(u.date_joined),
    profile_picture: mediaUrl(req, u.profile_picture),
    bio: u.bio,
    location: u.location,
    website: u.website,
    twitter: u.twitter,
    facebook: u.facebook,
    instagram: u.instagram,
    linkedin: u.linkedin,
    following_count: u.following_count,
    followers_count: u.followers_count,
    posts_count: u.posts_count,
  };
}

export function toPublicUser(req: FastifyRequest, u: PublicUserRow): Schemas['PublicUser'] {
  return { ...profileFields(req, u), is_following: u.is_following };
}

export function toCurrentUser(req: FastifyRequest, u: CurrentUserRow): Schemas['CurrentUser'] {
  return {
    ...profileFields(req, u),
    email: u.email,
    is_staff: u.is_staff,
    bookmarks_count: u.bookmarks_count,
  };
}

export function toInterest(i: InterestRow): Schemas['Interest'] {
  return { id: i.id, name: i.name, created_at: iso(i.created_at) };
}
