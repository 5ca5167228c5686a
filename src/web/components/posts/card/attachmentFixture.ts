import type { Attachment } from '../../../api/posts';

/** Contract-shaped attachments for the card's tests: a PDF unless told otherwise. */
export const attachment = (id: number, over: Partial<Attachment> = {}): Attachment => ({
  id,
  file: `files/${id}.pdf`,
  file_url: `http://localhost/media/attachments/${id}/file.pdf`,
  thumbnail_url: null,
  renditions: [],
  title: `File ${id}`,
  title_ar: `ملف ${id}`,
  description: '',
  file_type: 'application/pdf',
  size: 2048,
  file_size_display: '2.0 KB',
  file_extension: 'pdf',
  order: id,
  created_at: '2025-01-01T00:00:00Z',
  width: null,
  height: null,
  ...over,
});

export const image = (id: number, over: Partial<Attachment> = {}): Attachment =>
  attachment(id, {
    file: `files/${id}.png`,
    file_url: `http://localhost/media/attachments/${id}/image.png`,
    thumbnail_url: `http://localhost/media/thumbs/${id}.webp`,
    renditions: [320, 480, 640, 960, 1080].map((w) => ({ url: `http://localhost/media/renditions/${id}/${w}.webp`, width: w, height: Math.round((w * 720) / 1080) })),
    title: `Image ${id}`,
    title_ar: `صورة ${id}`,
    file_type: 'image/png',
    file_extension: 'png',
    width: 1080,
    height: 720,
    ...over,
  });
