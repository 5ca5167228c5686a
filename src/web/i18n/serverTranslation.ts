/**
 * react-i18next as the server's renderer sees it (webpack.config.ts points `react-i18next` here in
 * the renderer's build only): the package itself, but for `useTranslation`.
 *
 * The package's hook is made for a page that lives: it subscribes to language changes, and gives
 * each component its own copy of the strings instance (all its properties copied, so that a
 * language change re-renders), every render. A drawing renders every component once with
 * strings loaded before it starts, in one language that never changes (ssr.tsx), so that work
 * was a tenth of a post page's drawing (issue 29). Here each instance and namespace has one
 * answer, made once: the same `t` (`getFixedT`, as the package makes it) and the instance itself.
 */
import { useContext } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import type * as ReactI18next from 'react-i18next';
// The package's own build (an alias of webpack.config.ts: `react-i18next` is this file there).
import { I18nContext, getI18n } from 'react-i18next-package';

export * from 'react-i18next-package';

type Answer = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };

const answers = new WeakMap<I18n, Map<string, Answer>>();

export const useTranslation = ((ns?: string | readonly string[], options: { i18n?: I18n; keyPrefix?: string; lng?: string; nsMode?: string } = {}) => {
  const context = useContext(I18nContext) as { i18n?: I18n; defaultNS?: string | readonly string[] } | undefined;
  const i18n = options.i18n ?? context?.i18n ?? getI18n();
  const chosen = ns ?? context?.defaultNS ?? (i18n.options?.defaultNS as string | readonly string[] | undefined);
  const namespaces: readonly string[] = typeof chosen === 'string' ? [chosen] : (chosen ?? ['translation']);
  const key = `${namespaces.join(' ')}\n${options.keyPrefix ?? ''}\n${options.lng ?? ''}\n${options.nsMode ?? ''}`;
  let byKey = answers.get(i18n);
  if (!byKey) answers.set(i18n, (byKey = new Map<string, Answer>()));
  let answer = byKey.get(key);
  if (!answer) {
    const nsMode = options.nsMode ?? (i18n.options?.react as { nsMode?: string } | undefined)?.nsMode;
    // Untyped here: the app's strings are typed per key, this hook serves every namespace.
    const fixedT = i18n.getFixedT as unknown as (lng: string | null, ns: string | readonly string[], keyPrefix?: string) => TFunction;
    const t = fixedT.call(i18n, options.lng ?? null, nsMode === 'fallback' ? namespaces : namespaces[0], options.keyPrefix);
    answer = Object.assign([t, i18n, true] as [TFunction, I18n, boolean], { t, i18n, ready: true });
    byKey.set(key, answer);
  }
  return answer;
}) as unknown as typeof ReactI18next.useTranslation;
