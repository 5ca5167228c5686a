/**
 * English strings of the image viewer. They travel with its own chunk
 * (src/web/components/posts/lightbox/Lightbox.tsx), never in the first download. The shape of
 * record for `ar/lightbox.ts`.
 */
const lightbox = {
  lightbox: {
    label: 'Image viewer',
    close: 'Close',
    previous: 'Previous image',
    next: 'Next image',
    download: 'Download image',
    counter: '{{current}} / {{total}}',
    thumbnail: 'Image {{index}}',
    imageFailed: 'Could not load the image',
  },
} as const;

export default lightbox;
