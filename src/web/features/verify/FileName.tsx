const RTL = '\\u0590-\\u08FF\\uFB1D-\\uFDFF\\uFE70-\\uFEFF';
/**
 * The end written left to right: the last word when it has no right-to-left letter («1.pdf»,
 * «v2_final.pdf»), else the extension alone.
 */
const LTR_END = new RegExp(`(?:(?<=\\s)[^\\s${RTL}]*)?\\.[A-Za-z0-9]{1,8}$`);
/** The first letter that has a direction: a right-to-left script's (Arabic, Hebrew…), or a left-to-right one. */
const FIRST_STRONG = new RegExp(`[${RTL}]|[A-Za-z\\u00C0-\\u024F\\u0370-\\u03FF\\u0400-\\u04FF]`);
const RIGHT_TO_LEFT = new RegExp(`[${RTL}]`);

/**
 * A file's name as its owner sees it, in either direction: left to the browser, an Arabic name
 * read «الملحق رقم pdf.1» (the full stop took the Arabic side). The name is isolated in the
 * direction of its first letter, and its Latin end («1.pdf») left to right within it.
 */
export function FileName({ name }: { name: string }) {
  const end = LTR_END.exec(name)?.[0] ?? '';
  const base = name.slice(0, name.length - end.length);
  const first = FIRST_STRONG.exec(base)?.[0];
  if (!base.trim() || !end || !first) return <bdi>{name}</bdi>;
  return (
    <bdi dir={RIGHT_TO_LEFT.test(first) ? 'rtl' : 'ltr'}>
      {base}
      <bdi dir="ltr">{end}</bdi>
    </bdi>
  );
}
