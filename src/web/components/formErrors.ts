import type { FormikErrors, FormikProps } from 'formik';
import type { ChangeEvent } from 'react';
import type { NormalizedError } from '../api/normalizeError';

/**
 * Spec §8 (account): the error's own message, else the first message of the first field of an
 * errors map, else the screen's fallback. A failure without an answer (network, timeout) has
 * only our generic text, so the screen's fallback says more.
 */
export function accountErrorMessage(error: NormalizedError, fallback: string): string {
  if (error.serverMessage) return error.serverMessage;
  const firstField = error.fields ? Object.values(error.fields)[0]?.[0] : undefined;
  if (error.fields && error.messageKey && firstField) return firstField;
  if (error.messageKey === 'errors.unexpected') return fallback;
  return error.message || fallback;
}

/** The server's field messages that belong to the form's fields (first message of each). */
export function formFieldErrors<V extends object>(error: NormalizedError, values: V): FormikErrors<V> {
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fields ?? {})) {
    if (field in values && messages[0]) errors[field] = messages[0];
  }
  return errors as FormikErrors<V>;
}

/**
 * Props for a text field bound to a formik form whose errors show after submit: editing a
 * field clears its error and the form's general error (spec §5 sign-up); inputs are disabled
 * while submitting.
 */
export function boundField<V extends { [K in keyof V]: string }>(form: FormikProps<V>, name: keyof V & string, clearGeneral: () => void) {
  const error = form.errors[name];
  return {
    name,
    id: `field-${name}`,
    value: form.values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      form.handleChange(event);
      if (error) form.setFieldError(name, undefined);
      clearGeneral();
    },
    error: Boolean(error),
    helperText: typeof error === 'string' ? error : undefined,
    disabled: form.isSubmitting,
    fullWidth: true,
  };
}
