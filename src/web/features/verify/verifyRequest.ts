import type { VerifyDocumentApiArg } from '../../api/postVersions';

/**
 * What the reader asked, as the address holds it (`/verify?sha256=…`, `?number=…&organization=…`,
 * `?url=…`: the contract's own parameter names). The address is the screen's state: a check can
 * be shared, Back goes to the previous one, and the server draws the answer of a link or a number
 * asked by the plain form before the scripts have arrived.
 */
export type VerifyRequest =
  | { by: 'sha256'; sha256: string }
  | { by: 'number'; number: string; organization: string }
  | { by: 'url'; url: string };

/** The three ways of asking, as the screen's tabs name them. */
export type VerifyMethod = 'file' | 'number' | 'link';

export const METHODS: readonly VerifyMethod[] = ['file', 'number', 'link'];

const value = (params: URLSearchParams, name: string) => params.get(name)?.trim() ?? '';

/** The request an address holds (the first way given, in the contract's order), or null. */
export function requestOf(params: URLSearchParams): VerifyRequest | null {
  const sha256 = value(params, 'sha256');
  if (sha256) return { by: 'sha256', sha256: sha256.toLowerCase() };
  const number = value(params, 'number');
  const organization = value(params, 'organization');
  if (number && organization) return { by: 'number', number, organization };
  const url = value(params, 'url');
  if (url) return { by: 'url', url };
  return null;
}

/** The address's query for a request. */
export function paramsOf(request: VerifyRequest): URLSearchParams {
  switch (request.by) {
    case 'sha256':
      return new URLSearchParams({ sha256: request.sha256 });
    case 'number':
      return new URLSearchParams({ number: request.number, organization: request.organization });
    case 'url':
      return new URLSearchParams({ url: request.url });
  }
}

/** The API's arguments for a request (exactly one way of asking). */
export function argsOf(request: VerifyRequest): VerifyDocumentApiArg {
  switch (request.by) {
    case 'sha256':
      return { sha256: request.sha256 };
    case 'number':
      return { number: request.number, organization: request.organization };
    case 'url':
      return { url: request.url };
  }
}

/** The tab that asks this way. */
export function methodOf(request: VerifyRequest | null): VerifyMethod {
  if (request?.by === 'number') return 'number';
  if (request?.by === 'url') return 'link';
  return 'file';
}
