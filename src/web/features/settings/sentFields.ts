/**
 * Spec §5 "profile update sends only fields that are not null": a field the account never had
 * (null or absent) and the reader left empty stays null, so it is not sent; every other field is
 * sent, trimmed unless listed in `asTyped` (a bio keeps its own spacing).
 */
export function sentFields<K extends string>(
  current: Partial<Record<K, string | null | undefined>>,
  values: Record<K, string>,
  asTyped: readonly K[] = [],
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const name of Object.keys(values) as K[]) {
    const value = asTyped.includes(name) ? values[name] : values[name].trim();
    if (current[name] != null || value !== '') out[name] = value;
  }
  return out;
}
