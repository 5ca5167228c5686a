import type { FastifyRequest } from 'fastify';

/** The origin the reader used (or PUBLIC_URL), for absolute links in answers. */
export function baseUrl(req: FastifyRequest): string {
  const configured = req.server.config.publicUrl;
  if (configured) return configured;
  return `${req.protocol}://${req.host}`;
}

/** Absolute URL of a file under the media root. */
export function mediaUrl(req: FastifyRequest, key: string | null | undefined): string | null {
  if (!key) return null;
  return `${baseUrl(req)}/media/${key.split('/').map(encodeURIComponent).join('/')}`;
}
