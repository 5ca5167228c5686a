/** The comparison of two versions of a post (PostComparePage): the slug percent-encoded once, the older first. */
export const comparePath = (slug: string, older: number, newer: number) => `/post/${encodeURIComponent(slug)}/compare/${older}/${newer}`;
