/** An organization's page; the code is encoded once, in the link. */
export const organizationPath = (code: string) => `/organizations/${encodeURIComponent(code)}`;
