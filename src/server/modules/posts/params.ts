const ESCAPED = /%[0-9A-Fa-f]{2}/;

/**
 * A path parameter as the reader meant it. Fastify has decoded the path once; a client that
 * encoded the value twice (a name put in a link already encoded) still finds it.
 */
export function decodedParam(value: string): string {
  if (!ESCAPED.test(value)) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    // Not a valid escape sequence after all: the value is meant literally.
    return value;
  }
}

/** A path parameter as sent and, when it differs, decoded once more: the lookups try each in turn. */
export const asSentOrDecoded = (value: string): string[] => [...new Set([value, decodedParam(value)])];
