import path from 'node:path';

/** Where uploaded and imported files live: DATA_DIR/media. */
export function mediaRoot(dataDir: string): string {
  return path.join(dataDir, 'media');
}

/** Absolute path of a stored media file. */
export function mediaPath(dataDir: string, key: string): string {
  return path.join(mediaRoot(dataDir), key);
}
