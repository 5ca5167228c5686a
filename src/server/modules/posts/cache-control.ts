import type { FastifyReply, FastifyRequest } from 'fastify';

// How long browsers and shared caches may keep public reference data (spec §9, "Cache
// time-to-live"); ETags let them revalidate cheaply after that.
export const CATEGORIES_MAX_AGE_SECONDS = 10 * 60;
export const POST_TYPES_MAX_AGE_SECONDS = 30 * 60;
export const HASHTAGS_MAX_AGE_SECONDS = 5 * 60;

/** The answer is the same for everyone and may be cached for this long. */
export function cachePublicly(reply: FastifyReply, seconds: number): void {
  reply.header('cache-control', `public, max-age=${seconds}`);
}

/**
 * Posts carry the signed-in reader's bookmark: such an answer must not be kept by a shared
 * cache, nor reused by the browser without revalidating.
 */
export function cacheForReader(req: FastifyRequest, reply: FastifyReply): void {
  if (req.auth) reply.header('cache-control', 'private, no-cache');
}
