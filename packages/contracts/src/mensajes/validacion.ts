import type { z } from 'zod';
import { M } from '../mensajes.ts';

/**
 * Issue 41: what a refused value says, from the catalogue, never zod's own wording ('Entrada
 * inválida: se esperaba int, recibido número'). Installed with `z.config({ customError })`, so it
 * serves every schema without a message of its own: routes, uploads' cells, the screens' checks.
 * A rule's own message (a catalogue text given in the schema) still wins over this one.
 */
export function errorDeValidacion(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? M.datoFaltante : M.datosInvalidos;
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) <= 1 ? M.datoFaltante : M.valorFueraDeRango;
    case 'too_big':
      return issue.origin === 'string' ? M.textoDemasiadoLargo : M.valorFueraDeRango;
    case 'invalid_value':
      return M.opcionInvalida;
    default:
      return M.datosInvalidos;
  }
}

/** The generic texts above, which a field's label makes clearer ('Falta un dato obligatorio: Contraseña'). */
export const GENERICOS: ReadonlySet<string> = new Set([
  M.datoFaltante,
  M.datosInvalidos,
  M.valorFueraDeRango,
  M.textoDemasiadoLargo,
  M.opcionInvalida,
]);

/** The labels users know for the fields they type; other fields are named by no label. */
export const ETIQUETAS_CAMPO: Readonly<Record<string, string>> = {
  username: M.usuario,
  password: M.contrasena,
  code: M.codigoVerificacion,
  icc: M.icc,
  dn: M.numeroTelefonico,
  compania: M.compania,
  monto: M.monto,
  folio: M.folio,
  plataforma: M.plataforma,
  nombre: M.nombre,
  fecha: M.fecha,
  fechaInicial: M.fechaInicial,
  fechaFinal: M.fechaFinal,
  lider: M.colLider,
  cliente: M.colCliente,
  phoneNumber: M.colTelefono,
  maxRecargas: M.colMaxRecargas,
};

/** A refused field's message: the generic ones name the field when users know it by a label. */
export function mensajeDeCampo(mensaje: string, campo: string): string {
  const etiqueta = ETIQUETAS_CAMPO[campo];
  if (!GENERICOS.has(mensaje) || !etiqueta) return mensaje;
  return M.datoInvalidoEn.replace('{motivo}', mensaje).replace('{campo}', etiqueta);
}
