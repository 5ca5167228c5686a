import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestContext } from '../../test/helpers';
import { outboxDir } from './mailer';

/** Helpers the auth and users tests share (not a test file itself). */

export const PASSWORD = 'Sturdy-Kettle-42';

let counter = 0;

export interface SignedUp {
  id: number;
  username: string;
  email: string;
  access: string;
  refresh: string;
}

/** Registers an account through the API and answers its tokens. */
export async function signUp(ctx: TestContext, overrides: Record<string, string> = {}): Promise<SignedUp> {
  counter++;
  const username = overrides.username ?? `reader${counter}_${Date.now() % 100000}`;
  const body = {
    username,
    email: `${username}@example.com`,
    password: PASSWORD,
    password2: overrides.password ?? PASSWORD,
    first_name: 'Huda',
    last_name: 'Saleh',
    user_type: 'regular',
    ...overrides,
  };
  const res = await ctx.inject({ method: 'POST', url: '/api/v1/auth/register/', payload: body });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const json = res.json();
  return { id: json.user.id, username, email: json.user.email, access: json.access, refresh: json.refresh };
}

/** Makes an account staff, straight in the database (no call does that). */
export async function makeStaff(ctx: TestContext, id: number): Promise<void> {
  await ctx.db.query(`UPDATE users SET is_staff = true, user_type = 'staff' WHERE id = $1`, [id]);
}

/** A multipart/form-data body for inject: text fields and files. */
export function multipart(
  fields: Record<string, string>,
  files: Record<string, { filename: string; type: string; bytes: Buffer }> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----qarar${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, f] of Object.entries(files)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Undoes quoted-printable: soft line breaks and =XX bytes (UTF-8). */
export function decodeQuotedPrintable(text: string): string {
  const latin1 = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(latin1, 'latin1').toString('utf8');
}

/** The .eml files in the outbox addressed to `to` (newest last); waits for one to appear. */
export async function waitForMail(ctx: TestContext, to: string, count = 1, timeoutMs = 15_000): Promise<string[]> {
  const dir = outboxDir(ctx.config.dataDir);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let names: string[] = [];
    try {
      names = readdirSync(dir)
        .filter((n) => n.endsWith(`-${to.toLowerCase()}.eml`))
        .sort();
    } catch {
      // not created yet
    }
    if (names.length >= count) return names.map((n) => readFileSync(path.join(dir, n), 'utf8'));
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${dir}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The reset token in a mail's link. */
export function resetTokenIn(eml: string): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(decodeQuotedPrintable(eml));
  if (!match) throw new Error('no reset link in the mail');
  return decodeURIComponent(match[1]);
}
