import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SuggestContentApiArg, Suggestions } from '../../api/generated/posts.gen';
import { useSuggestContentQuery } from '../../api/posts';
import { useAppSelector } from '../../app/hooks';
import { selectLanguage, type AppLanguage } from '../../state/preferencesSlice';
import { hashtagSlugPath } from '../hashtagPaths';
import { localized } from '../localized';
import { organizationPath } from '../organizationPaths';
import { useDebounced } from '../useDebounced';
import { useTypeName } from '../useTypeName';

/** Typing pauses this long before suggestions are asked for (spec §4: not a call per key). */
export const SUGGEST_DELAY_MS = 150;
/** Fewer characters ask nothing (spec §5, as hashtag suggestions). */
export const SUGGEST_MIN_LENGTH = 2;

export type SuggestionKind = NonNullable<SuggestContentApiArg['only']>;

export interface SuggestionOption {
  id: string;
  kind: SuggestionKind;
  label: string;
  /** A second line: the organization of a post, the number of posts of a hashtag. */
  detail?: string;
  href: string;
}

export interface SuggestionGroup {
  kind: SuggestionKind;
  options: SuggestionOption[];
}

/** The order groups are shown in (the answer's order). */
const GROUPS: SuggestionKind[] = ['hashtag', 'organization', 'type', 'post'];

/** What the typed text asks the server: trimmed, a leading # removed, null when too short. */
export function suggestionQuery(text: string): string | null {
  const q = text.trim().replace(/^#+/, '').trim();
  return [...q].length < SUGGEST_MIN_LENGTH ? null : text.replace(/^\s+/, '');
}

/** The answer as groups of options, each with the address choosing it opens. */
export function groupsOf(
  answer: Suggestions,
  language: AppLanguage,
  typeName: (type: { name: Suggestions['types'][number]['name']; name_ar: string }) => string,
  numbers: Intl.NumberFormat,
  postCount: (n: number, formatted: string) => string,
): SuggestionGroup[] {
  const byKind: Record<SuggestionKind, SuggestionOption[]> = {
    hashtag: answer.hashtags.map((h) => ({
      id: `h-${h.id}`,
      kind: 'hashtag',
      label: `#${h.name}`,
      detail: postCount(h.post_count, numbers.format(h.post_count)),
      href: hashtagSlugPath(h.slug),
    })),
    organization: answer.organizations.map((o) => ({
      id: `o-${o.id}`,
      kind: 'organization',
      label: localized(language, o.name_ar, o.name),
      href: organizationPath(o.code),
    })),
    type: answer.types.map((t) => ({ id: `t-${t.id}`, kind: 'type', label: typeName(t), href: `/types/${t.id}` })),
    post: answer.posts.map((p) => ({
      id: `p-${p.slug}`,
      kind: 'post',
      label: localized(language, p.title_ar, p.title),
      detail: localized(language, p.organization_name_ar, p.organization_name) || undefined,
      href: `/post/${encodeURIComponent(p.slug)}`,
    })),
  };
  return GROUPS.map((kind) => ({ kind, options: byKind[kind] })).filter((g) => g.options.length > 0);
}

const numberFormats: Record<AppLanguage, Intl.NumberFormat> = { ar: new Intl.NumberFormat('ar'), en: new Intl.NumberFormat('en') };

export interface SuggestionBox {
  /** The listbox's id, and whether it is shown. */
  listId: string;
  open: boolean;
  groups: SuggestionGroup[];
  /** Every option in order, and the one the arrows are on (-1: none). */
  options: SuggestionOption[];
  active: number;
  /** The input's combobox attributes (WAI-ARIA 1.2 combobox with a listbox popup). */
  inputProps: {
    role: 'combobox';
    'aria-expanded': boolean;
    'aria-controls': string;
    'aria-autocomplete': 'list';
    'aria-activedescendant': string | undefined;
  };
  onKeyDown(event: KeyboardEvent): void;
  /** The text changed: the list opens again for it. */
  onTyped(): void;
  close(): void;
  /** Closes the list and hands the option to the caller (it opens the option's page). */
  choose(option: SuggestionOption): void;
  setActive(index: number): void;
  optionId(option: SuggestionOption): string;
}

/**
 * Suggestions for a search field as the reader types: asked after a pause in typing, never
 * shown for an earlier text than the one in the field (RTK Query's currentData is the answer to
 * the text asked for, or nothing while it is on its way), moved through with the arrows, chosen
 * with Enter, closed with Escape (the WAI-ARIA combobox pattern).
 */
export function useSuggestionBox(text: string, choose: (option: SuggestionOption) => void, only?: SuggestionKind): SuggestionBox {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const typeName = useTypeName();
  const listId = `suggestions-${useId().replace(/:/g, '')}`;
  const [dismissed, setDismissed] = useState(true);
  // Nothing is asked for text the reader did not type (a search box filled from the address).
  const [typing, setTyping] = useState(false);
  const [active, setActive] = useState(-1);
  const settled = useDebounced(text, SUGGEST_DELAY_MS);
  const q = suggestionQuery(settled);
  // The answer is for the text in the field only: while the field holds other text, none.
  const current = q !== null && settled === text;
  const { currentData } = useSuggestContentQuery(q === null ? { q: '' } : { q, ...(only && { only }) }, { skip: q === null || !typing });

  const groups = useMemo(
    () =>
      current && currentData
        ? groupsOf(currentData, language, typeName, numberFormats[language], (n, formatted) =>
            t('suggest.postCount', { count: n, n: formatted }),
          )
        : [],
    [current, currentData, language, typeName, t],
  );
  const options = useMemo(() => groups.flatMap((g) => g.options), [groups]);
  const open = !dismissed && options.length > 0;
  const activeIndex = open && active < options.length ? active : -1;
  const optionId = (option: SuggestionOption) => `${listId}-${option.id}`;

  const close = () => {
    setDismissed(true);
    setActive(-1);
  };

  const pick = (option: SuggestionOption) => {
    close();
    choose(option);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!options.length) return;
      event.preventDefault();
      if (!open) {
        setDismissed(false);
        setActive(event.key === 'ArrowDown' ? 0 : options.length - 1);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From the field (-1) down to the first, up to the last; past either end back to the field.
      const next = activeIndex + step;
      setActive(next < -1 ? options.length - 1 : next >= options.length ? -1 : next);
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        event.stopPropagation();
        close();
      }
    } else if (event.key === 'Enter') {
      if (activeIndex >= 0) {
        event.preventDefault();
        pick(options[activeIndex]);
      } else close();
    }
  };

  return {
    listId,
    open,
    groups: open ? groups : [],
    options,
    active: activeIndex,
    inputProps: {
      role: 'combobox',
      'aria-expanded': open,
      'aria-controls': listId,
      'aria-autocomplete': 'list',
      'aria-activedescendant': activeIndex >= 0 ? optionId(options[activeIndex]) : undefined,
    },
    onKeyDown,
    onTyped: () => {
      setTyping(true);
      setDismissed(false);
      setActive(-1);
    },
    close,
    choose: pick,
    setActive,
    optionId,
  };
}
