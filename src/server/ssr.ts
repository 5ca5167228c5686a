import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The origin the renderer's API requests name; they never leave the process. */
export const INTERNAL_API_BASE = 'http://qarar.internal/api/v1';

/** Where webpack.config.ts writes the renderer for a build in `webDir`. */
export function rendererFile(webDir: string): string {
  return path.join(`${webDir}-ssr`, 'ssr.js');
}

/** Of the page's request, what its API requests carry on (see injectAnswer). */
const PASSED_ON = ['host', 'user-agent', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-for'];
/**
 * Never sent with a drawing's API requests, whoever set them: a drawn page is kept and served
 * to every reader, so nothing may be drawn as one reader sees it.
 */
const NEVER_PASSED = new Set(['authorization', 'cookie']);

/**
 * Marks the API requests of a drawing (with a value no client can know): a drawing is not a
 * reader, so it counts no view — the readers it is served to are counted (pages/drawn-pages.ts).
 */
const DRAWING_HEADER = 'x-qarar-drawing';
const DRAWING_TOKEN = randomBytes(16).toString('base64url');

/** Whether a request is one of a page drawing's own API requests. */
export function isDrawing(req: Pick<FastifyRequest, 'headers'>): boolean {
  return req.headers[DRAWING_HEADER] === DRAWING_TOKEN;
}

/** The page request a drawing's API requests go as: its address and the headers passed on. */
export interface PageOrigin {
  ip: string;
  headers: Record<string, string>;
}

/** Of a page request, what its drawing's API requests need (a copy: the drawing may outlive it). */
export function pageOrigin(req: Pick<FastifyRequest, 'ip' | 'headers'>): PageOrigin {
  const headers: Record<string, string> = {};
  for (const name of PASSED_ON) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return { ip: req.ip, headers };
}

/** One API request of a drawing, as plain data (it may come from a worker thread). */
export interface ApiCall {
  method: string;
  /** Absolute, under INTERNAL_API_BASE or any origin: only the path and query are used. */
  url: string;
  headers: Array<[string, string]>;
  body?: Uint8Array;
}

export interface ApiAnswer {
  status: number;
  headers: Array<[string, string]>;
  body: Uint8Array<ArrayBuffer>;
}

/**
 * Answers one API request of a drawing with app.inject: it never leaves the process, and goes
 * as the page's request came — from its address, with the host it was asked at (the answers'
 * absolute links, media included, name it) and its browser (views are counted per reader) —
 * but never with a token or a cookie.
 */
export async function injectAnswer(app: FastifyInstance, from: PageOrigin, call: ApiCall): Promise<ApiAnswer> {
  const url = new URL(call.url);
  const headers: Record<string, string> = {};
  for (const [name, value] of call.headers) if (!NEVER_PASSED.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
  Object.assign(headers, from.headers);
  headers[DRAWING_HEADER] = DRAWING_TOKEN;
  const res = await app.inject({
    method: call.method as 'GET',
    url: url.pathname + url.search,
    headers,
    payload: call.body ? Buffer.from(call.body) : undefined,
    remoteAddress: from.ip,
  });
  const answerHeaders: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) answerHeaders.push([name, String(v)]);
  }
  return { status: res.statusCode, headers: answerHeaders, body: new Uint8Array(res.rawPayload) };
}

/** fetch() over injectAnswer, for a renderer run in this thread (the web side's tests). */
export function injectFetch(app: FastifyInstance, from: Pick<FastifyRequest, 'ip' | 'headers'>): typeof fetch {
  const origin = pageOrigin(from);
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
    const answer = await injectAnswer(app, origin, { method: request.method, url: request.url, headers: [...request.headers], body });
    return answerResponse(answer);
  });
}

/** An answer as a fetch Response (none may have a body with 204 or 304). */
export function answerResponse({ status, headers, body }: ApiAnswer): Response {
  const empty = status === 204 || status === 304;
  return new Response(empty ? null : body, { status, headers });
}
