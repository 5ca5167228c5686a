/** The list cards' link: the hashtag's name, encoded (spec §2 route table). */
export const hashtagNamePath = (name: string) => `/hashtags/${encodeURIComponent(name)}`;

/** Every other place links by slug; the page answers to both. */
export const hashtagSlugPath = (slug: string) => `/hashtags/${encodeURIComponent(slug)}`;

/**
 * The hashtag as the API's path segment. The router hands the page the decoded segment
 * ('/hashtags/%D8%A7…' → 'ا…'), so it is encoded exactly once here; the generated endpoint
 * puts it in the path as it is.
 */
export const hashtagApiSlug = (routeParam: string) => encodeURIComponent(routeParam);
