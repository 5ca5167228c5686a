import type { TFunction } from 'i18next';
import * as yup from 'yup';
import type { Language, StudioPost, StudioPostInput } from '../../api/studio';
import { todayIso } from './studioDates';

/** Limits the server applies too (the contract's StudioPostInput). */
export const TITLE_MAX = 255;
export const SUMMARY_MAX = 500;
export const DOCUMENT_NUMBER_MAX = 64;

/** The editor's form: text fields hold strings, as the inputs do; see toInput for the contract's shape. */
export interface EditorValues {
  title: string;
  title_ar: string;
  summary: string;
  summary_ar: string;
  content: string;
  content_ar: string;
  language: Language;
  type_id: string;
  category_ids: number[];
  subcategory_ids: number[];
  hashtags: string;
  organization_id: string;
  subsidiary_id: string;
  document_number: string;
  issued_on: string;
}

export type EditorField = keyof EditorValues;

export function toValues(post: StudioPost | undefined, organizationId?: number): EditorValues {
  return {
    title: post?.title ?? '',
    title_ar: post?.title_ar ?? '',
    summary: post?.summary ?? '',
    summary_ar: post?.summary_ar ?? '',
    content: post?.content ?? '',
    content_ar: post?.content_ar ?? '',
    language: post?.language ?? 'ar',
    type_id: post?.type_id ? String(post.type_id) : '',
    category_ids: post?.category_ids ?? [],
    subcategory_ids: post?.subcategory_ids ?? [],
    hashtags: (post?.hashtags ?? []).join(', '),
    organization_id: String(post?.organization.id ?? organizationId ?? ''),
    subsidiary_id: post?.subsidiary_id ? String(post.subsidiary_id) : '',
    document_number: post?.document_number ?? '',
    issued_on: post?.issued_on ?? '',
  };
}

export const splitHashtags = (text: string) =>
  text
    .split(/[,،\s]+/)
    .map((tag) => tag.trim().replace(/^#/, ''))
    .filter(Boolean);

const idOrNull = (text: string) => (text ? Number(text) : null);

/** One field's value as the contract has it. */
function inputOf<K extends EditorField>(field: K, values: EditorValues): Partial<StudioPostInput> {
  switch (field) {
    case 'type_id':
      return { type_id: idOrNull(values.type_id) };
    case 'subsidiary_id':
      return { subsidiary_id: idOrNull(values.subsidiary_id) };
    case 'organization_id':
      return values.organization_id ? { organization_id: Number(values.organization_id) } : {};
    case 'issued_on':
      return { issued_on: values.issued_on || null };
    case 'hashtags':
      return { hashtags: splitHashtags(values.hashtags) };
    default:
      return { [field]: values[field] };
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ from what the server holds, as a PATCH body (an autosave sends only
 * them, so two people editing different fields do not undo each other's work). The
 * organization is chosen at creation only.
 */
export function changedInput(values: EditorValues, saved: EditorValues): StudioPostInput {
  const body: StudioPostInput = {};
  for (const field of Object.keys(values) as EditorField[]) {
    if (field === 'organization_id') continue;
    if (!same(values[field], saved[field])) Object.assign(body, inputOf(field, values));
  }
  return body;
}

/** Every field, for the first save of a new post (empty text left out). */
export function fullInput(values: EditorValues): StudioPostInput {
  const body: StudioPostInput = {};
  for (const field of Object.keys(values) as EditorField[]) {
    const value = values[field];
    if (value === '' || (Array.isArray(value) && value.length === 0)) continue;
    Object.assign(body, inputOf(field, values));
  }
  return body;
}

const HASHTAG = /^[\p{L}\p{N}_]+$/u;

/**
 * What a post needs before it goes for review (drafts save whatever is typed, so a half-written
 * post is never lost). The title is required in the post's main language.
 */
export const editorSchema = (t: TFunction, creating: boolean) =>
  yup.object({
    title_ar: yup
      .string()
      .trim()
      .max(TITLE_MAX, t('studio.editor.validation.titleMax', { max: TITLE_MAX }))
      .when('language', { is: 'ar', then: (s) => s.required(t('studio.editor.validation.titleArRequired')) }),
    title: yup
      .string()
      .trim()
      .max(TITLE_MAX, t('studio.editor.validation.titleMax', { max: TITLE_MAX }))
      .when('language', { is: 'en', then: (s) => s.required(t('studio.editor.validation.titleRequired')) }),
    summary_ar: yup.string().max(SUMMARY_MAX, t('studio.editor.validation.summaryMax', { max: SUMMARY_MAX })),
    summary: yup.string().max(SUMMARY_MAX, t('studio.editor.validation.summaryMax', { max: SUMMARY_MAX })),
    type_id: yup.string().required(t('studio.editor.validation.typeRequired')),
    organization_id: creating ? yup.string().required(t('studio.editor.validation.organizationRequired')) : yup.string(),
    document_number: yup.string().trim().max(DOCUMENT_NUMBER_MAX, t('studio.editor.validation.documentNumberMax', { max: DOCUMENT_NUMBER_MAX })),
    issued_on: yup.string().test('past', t('studio.editor.validation.issuedOnFuture'), (value) => !value || value <= todayIso()),
    hashtags: yup.string().test('tags', t('studio.editor.validation.hashtagInvalid'), (value) => splitHashtags(value ?? '').every((tag) => HASHTAG.test(tag))),
  });
