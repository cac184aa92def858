import page from '../styles/page.module.css';

/**
 * A field's inline error under it (forms are noValidate: no browser bubbles). The input points at
 * it with aria-describedby and aria-invalid (see `fieldProps`).
 */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <span id={id} className={page.error} data-testid="field-error">
      {message}
    </span>
  );
}

/** aria attributes of an input whose error (if any) is the FieldError `id`. */
export function fieldProps(id: string, message: string | null | undefined) {
  return message ? { 'aria-invalid': true as const, 'aria-describedby': id } : {};
}

/** Moves focus to the first field with an error, in the form's order. */
export function focusFirstError(form: HTMLFormElement | null) {
  const el = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  el?.focus();
}
