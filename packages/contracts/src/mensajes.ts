import { MENSAJES_AUDITORIA } from './mensajes/auditoria.ts';
import { MENSAJES_CONCILIACIONES } from './mensajes/conciliaciones.ts';
import { MENSAJES_GENERALES } from './mensajes/generales.ts';
import { MENSAJES_INTEGRACIONES } from './mensajes/integraciones.ts';
import { MENSAJES_LINEAS } from './mensajes/lineas.ts';
import { MENSAJES_NAVEGACION } from './mensajes/navegacion.ts';
import { MENSAJES_PANTALLAS } from './mensajes/pantallas.ts';
import { MENSAJES_PORTABILIDADES } from './mensajes/portabilidades.ts';
import { MENSAJES_RECARGAS } from './mensajes/recargas.ts';
import { MENSAJES_SUBIDAS } from './mensajes/subidas.ts';
import { MENSAJES_USUARIOS } from './mensajes/usuarios.ts';

/**
 * The one catalogue of user-facing Spanish text. Wording follows the spec
 * (shared/spec/portal-spec.md, sections 2, 5 and 8) letter for letter, typos included,
 * because users and support scripts know these exact sentences. Texts the spec does not
 * give are marked "(propio)" and written in the same register.
 *
 * Its parts live in mensajes/, one per group of screens; importers use this file's `M`.
 */
export const M = {
  ...MENSAJES_GENERALES,
  ...MENSAJES_RECARGAS,
  ...MENSAJES_LINEAS,
  ...MENSAJES_USUARIOS,
  ...MENSAJES_PORTABILIDADES,
  ...MENSAJES_PANTALLAS,
  ...MENSAJES_SUBIDAS,
  ...MENSAJES_NAVEGACION,
  ...MENSAJES_INTEGRACIONES,
  ...MENSAJES_CONCILIACIONES,
  ...MENSAJES_AUDITORIA,
} as const;

export type ClaveMensaje = keyof typeof M;

/** Fills `{name}` placeholders of a catalogue text. */
export function texto(clave: ClaveMensaje, valores: Record<string, string | number> = {}): string {
  return M[clave].replace(/\{(\w+)\}/g, (todo, nombre: string) =>
    nombre in valores ? String(valores[nombre]) : todo,
  );
}

/** `texto` of a count `n`: the key's singular (`<clave>Una`) when n is 1 and the catalogue has one. */
export function textoCuenta(clave: ClaveMensaje, n: number, valores: Record<string, string | number> = {}) {
  const una = `${clave}Una`;
  return texto(n === 1 && una in M ? (una as ClaveMensaje) : clave, { n, ...valores });
}
