import type { ChangeEvent } from 'react';
import type { FieldErrors, FieldValues, RefCallBack, Resolver } from 'react-hook-form';

/** Each wrong field's message, as the fields show them. */
export const mensajes = <F extends FieldValues>(errores: FieldErrors<F>): Partial<Record<keyof F, string>> =>
  Object.fromEntries(Object.entries(errores).map(([k, v]) => [k, v?.message])) as Partial<
    Record<keyof F, string>
  >;

/** A resolver of a form checked whole on submit: `validar` names each wrong field's message. */
export function resolverDe<F extends FieldValues>(
  validar: (f: F) => Partial<Record<string, string>>,
): Resolver<F> {
  return (valores) => {
    const errores = Object.entries(validar(valores)).map(([k, message]) => [
      k,
      { type: 'validate', message },
    ]);
    return errores.length === 0
      ? { values: valores, errors: {} }
      : { values: {}, errors: Object.fromEntries(errores) };
  };
}

/** A react-hook-form field's value, ref and change (as text) for a MUI text field: `{...deCampo(field)}`. */
export const deCampo = (field: { value?: unknown; ref: RefCallBack; onChange: (v: string) => void }) => ({
  value: field.value ?? '',
  inputRef: field.ref,
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => field.onChange(e.target.value),
});
