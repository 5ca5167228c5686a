/** Why a file's fingerprint could not be computed. */
export class FingerprintError extends Error {
  constructor(readonly reason: 'unsupported' | 'unreadable') {
    super(reason);
    this.name = 'FingerprintError';
  }
}

/**
 * The SHA-256 of a file, in lower-case hex, computed in the browser (SubtleCrypto): the file
 * itself is never sent anywhere. SubtleCrypto exists only in a secure context (https, or the
 * machine's own address), so without it the reader is told why rather than shown a failure.
 */
export async function sha256Hex(file: Blob): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new FingerprintError('unsupported');
  let bytes: ArrayBuffer;
  try {
    bytes = await file.arrayBuffer();
  } catch {
    throw new FingerprintError('unreadable');
  }
  const digest = new Uint8Array(await subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
