import type { FormikProps } from 'formik';
import type { EditorField, EditorValues } from './editorForm';

/**
 * Props binding a text field to the editor form. An error shows once the field was touched (or
 * the whole form was checked, or the server refused it); `readOnly` when the post cannot be
 * edited at its stage — read-only rather than disabled, so it can still be read and copied.
 */
export function fieldProps(form: FormikProps<EditorValues>, name: EditorField, readOnly: boolean) {
  const error = form.errors[name];
  const shown = Boolean(form.touched[name]) && typeof error === 'string' ? error : undefined;
  return {
    id: `studio-${name}`,
    name,
    value: form.values[name] as string,
    onChange: form.handleChange,
    onBlur: form.handleBlur,
    error: Boolean(shown),
    helperText: shown,
    fullWidth: true,
    slotProps: { input: { readOnly } },
  };
}
