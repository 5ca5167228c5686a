import { writeFile } from 'node:fs/promises';
import Fastify from 'fastify';
import { installErrorHandling } from './error-handler';

/**
 * A full disk under DATA_DIR is an outage of the storage, not a fault of the server's: the
 * request is answered 503 with Retry-After and a message in the reader's language (npm run
 * chaos fills a real file system under load). Here the write meets Linux's /dev/full, a device
 * that is always full (ENOSPC).
 */
const linux = process.platform === 'linux';

(linux ? it : it.skip)('answers a write that finds the disk full with 503, Retry-After and the reason, in Arabic and English', async () => {
  const app = Fastify();
  installErrorHandling(app);
  app.post('/upload', async () => {
    await writeFile('/dev/full', Buffer.alloc(64 * 1024, 1));
    return {};
  });
  for (const [lang, text] of [
    ['en', 'The server has no room to store this now. Please try again later.'],
    ['ar', 'لا تتسع مساحة التخزين في الخادم لحفظ هذا الآن. يرجى المحاولة مرة أخرى لاحقاً.'],
  ]) {
    const res = await app.inject({ method: 'POST', url: '/upload', headers: { 'accept-language': lang } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.json()).toMatchObject({ detail: text, code: 'storage_full' });
  }
  await app.close();
});
