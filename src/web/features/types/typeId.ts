/** The id of /types/{id}: a positive whole number, else undefined (the not-found panel, no call). */
export function parseTypeId(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 ? id : undefined;
}
