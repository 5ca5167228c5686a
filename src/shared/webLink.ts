/**
 * An absolute http(s) address with a real (dotted) host name, as a link on a profile must be:
 * the rule the settings form checks and the server enforces, so the two never disagree.
 */
export function isWebUrl(text: string): boolean {
  if (/\s/.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.hostname === 'localhost' || /^[^.]+(\.[^.]+)+$/.test(url.hostname.replace(/\.$/, ''));
}
