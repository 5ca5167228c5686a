/**
 * What the fault cases ask the portal, through its public contract only (no database access):
 * signing in, bookmarking, publishing, subscribing to alerts, uploading.
 */
export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** Requests made (every case reports its own). */
export const counter = { calls: 0 };

/** A request; a connection that fails (the process down) answers status 0. */
export async function call(base: string, method: string, url: string, opts: { token?: string; json?: unknown; form?: FormData; timeoutMs?: number; lang?: string } = {}): Promise<Answer> {
  counter.calls += 1;
  const headers: Record<string, string> = { 'accept-language': opts.lang ?? 'ar' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) body = opts.form;
  try {
    const res = await fetch(`${base}${url}`, { method, headers, body, signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000), redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        // kept as text
      }
    }
    return { status: res.status, headers: res.headers, body: parsed };
  } catch {
    return { status: 0, headers: new Headers(), body: null };
  }
}

const ok = (a: Answer) => a.status >= 200 && a.status < 300;

export async function login(base: string, username: string, password: string): Promise<string> {
  const a = await call(base, 'POST', '/api/v1/auth/login/', { json: { username, password } });
  if (!ok(a)) throw new Error(`signing in as ${username} answered ${a.status}: ${JSON.stringify(a.body)}`);
  return a.body.access as string;
}

/** A new reader's account (signed in): its address is where its alerts go. */
export async function newReader(base: string, tag: string): Promise<{ username: string; email: string; token: string }> {
  const username = `${tag}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${username}@chaos.test`;
  const password = 'Chaos#2025-reader';
  const a = await call(base, 'POST', '/api/v1/auth/register/', { json: { username, email, password, password2: password, first_name: 'Noor', last_name: 'Saleh', user_type: 'regular' } });
  if (a.status !== 201) throw new Error(`registering ${username} answered ${a.status}: ${JSON.stringify(a.body)}`);
  return { username, email, token: await login(base, username, password) };
}

/** Slugs of published posts, for readers' varied requests. */
export async function slugsOf(base: string, pages = 5): Promise<string[]> {
  const slugs: string[] = [];
  for (let page = 1; page <= pages; page++) {
    const a = await call(base, 'GET', `/api/v1/content/posts/?page=${page}`);
    if (!ok(a)) break;
    slugs.push(...(a.body.results as Array<{ slug: string }>).map((p) => p.slug));
    if (!a.body.next) break;
  }
  if (!slugs.length) throw new Error('no published post to read');
  return slugs;
}

export interface Publisher {
  token: string;
  /** An editor of the same organization: writes and submits (a publisher never reviews their own submission). */
  editorToken: string;
  organizationId: number;
  typeId: number;
  categoryId: number;
}

/** The demo's publisher and editor of the ministry of health, with a type and a category to publish under. */
export async function publisher(base: string): Promise<Publisher> {
  const token = await login(base, 'moh_media', 'Publisher#2025');
  const editorToken = await login(base, 'moh_editor', 'Publisher#2025');
  const me = await call(base, 'GET', '/api/v1/studio/me/', { token });
  const organizationId = me.body.memberships[0].organization.id as number;
  const types = await call(base, 'GET', '/api/v1/content/post-types/');
  const categories = await call(base, 'GET', '/api/v1/content/categories/');
  const first = (b: any) => (Array.isArray(b) ? b : b.results)[0].id as number;
  return { token, editorToken, organizationId, typeId: first(types.body), categoryId: first(categories.body) };
}

/** A complete draft whose titles carry `marker` (how the e-mails it causes are recognised). */
export function draftOf(p: Publisher, marker: string) {
  return {
    organization_id: p.organizationId,
    type_id: p.typeId,
    category_ids: [p.categoryId],
    language: 'ar',
    title_ar: `تعميم اختبار الأعطال ${marker}`,
    title: `Fault suite circular ${marker}`,
    summary_ar: 'ملخص',
    summary: 'Summary',
    content_ar: `نص التعميم ${marker} كما صدر.`,
    content: `The circular ${marker} as issued.`,
  };
}

/** Writes and submits a post (the editor), publishes it (the publisher); answers its slug once the publication is confirmed (or null). */
export async function publish(base: string, p: Publisher, marker: string): Promise<{ id?: number; slug?: string; confirmed: boolean; statuses: number[] }> {
  const created = await call(base, 'POST', '/api/v1/studio/posts/', { token: p.editorToken, json: draftOf(p, marker) });
  if (created.status !== 201) return { confirmed: false, statuses: [created.status] };
  const id = created.body.id as number;
  // An editor's draft is submitted for review, then published by the organization's publisher.
  const submitted = await call(base, 'POST', `/api/v1/studio/posts/${id}/submit/`, { token: p.editorToken });
  if (submitted.status !== 200) return { id, confirmed: false, statuses: [created.status, submitted.status] };
  const published = await call(base, 'POST', `/api/v1/studio/posts/${id}/publish/`, { token: p.token });
  return { id, slug: published.body?.slug ?? created.body.slug, confirmed: published.status === 200, statuses: [created.status, submitted.status, published.status] };
}
