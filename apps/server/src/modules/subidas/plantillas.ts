import { CARRIERS } from '@recargas/contracts/carriers';
import { M, texto } from '@recargas/contracts/mensajes';
import type { Ctx } from '../../contexto.ts';
import { ErrorApi } from '../../lib/errores.ts';
import { AYUDA, explicar } from './ayuda.ts';
import { extrasDe, type Subidor } from './registro.ts';

/** Columns of the templates (section 7): the administrator's and the seller's (leader forced). */
export const PLANTILLAS = {
  admin: ['ICC', 'DN', 'COMPANIA', 'MONTO', 'LIDER', 'CLIENTE', 'NIR'],
  vendedor: ['ICC', 'DN', 'COMPANIA', 'MONTO', 'CLIENTE', 'NIR'],
  /** Action 6: one port-out row per SIM (spec section 3, Port-out row). */
  portabilidadesAdmin: [
    'ICC',
    'LIDER',
    'CLIENTE',
    'INTER',
    'DN_ORIGEN',
    'COMPANIA_ORIGEN',
    'NIP',
    'MONTO_RECARGA',
  ],
  /** Action 7: the fields of the new-user form (spec section 3, User); LIDER and CLIENTE by name. */
  registroUsuarios: [
    'USERNAME',
    'NOMBRE',
    'PASSWORD',
    'NIVEL',
    'LIDER',
    'CLIENTE',
    'TELEFONO',
    'MAX_RECARGAS',
  ],
} as const;
export type TipoPlantilla = keyof typeof PLANTILLAS;

/** A header as compared: upper case, no accents, spaces as underscores. */
export const normalizarEncabezado = (h: string) =>
  h
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toUpperCase()
    .replace(/\s+/g, '_');

/** A carrier as a file may write it (code, name, AT&T's spellings) → its code. */
export const CODIGO_POR_NOMBRE = new Map<string, string>([
  ...Object.entries(CARRIERS).flatMap(([c, n]): [string, string][] => [
    [c, c],
    [normalizarEncabezado(n), c],
  ]),
  ['ATT', 'A'],
  ['AT_T', 'A'],
  ['BIAT', 'B'],
]);

/** The headers must be exactly the template's, in order. */
export function revisarPlantilla(encabezados: string[], plantilla: readonly string[]): string[] {
  const dados = encabezados.map(normalizarEncabezado);
  while (dados.length > 0 && dados.at(-1) === '') dados.pop();
  if (dados.length === 0) throw new ErrorApi(400, M.archivoVacio);
  if (dados.length !== plantilla.length || plantilla.some((h, i) => dados[i] !== h))
    throw new ErrorApi(400, texto('archivoEncabezados', { esperados: plantilla.join(', ') }));
  return dados;
}

const HOJAS: Record<TipoPlantilla, { hoja: string; ayuda: keyof typeof AYUDA }> = {
  admin: { hoja: 'Lineas', ayuda: 'lineas' },
  vendedor: { hoja: 'Lineas', ayuda: 'lineas' },
  portabilidadesAdmin: { hoja: 'Portabilidades', ayuda: 'portabilidades' },
  registroUsuarios: { hoja: 'Usuarios', ayuda: 'usuarios' },
};

/**
 * A template (GET /get/plantilla, /vendedor, /portabilidadesAdmin, /registroUsuarios): headers,
 * numbers kept as text, an example row and the sheet explaining each column (ayuda.ts).
 */
export async function plantilla(ctx: Ctx, u: Subidor, tipo: TipoPlantilla): Promise<Buffer> {
  const extras = (await extrasDe(tipo)?.(ctx, u)) ?? [];
  const { default: excel } = await import('exceljs'); // on first use, as in xlsx.ts
  const libro = new excel.Workbook();
  const hoja = libro.addWorksheet(HOJAS[tipo].hoja);
  const titulos = [...PLANTILLAS[tipo], ...extras];
  hoja.columns = titulos.map((t) => ({
    header: t,
    key: t,
    width: t === 'ICC' ? 24 : 16,
    // Text cells: a 19-digit ICC typed as a number would lose digits.
    style: ['ICC', 'DN', 'NIR', 'DN_ORIGEN', 'NIP', 'TELEFONO', 'PASSWORD'].includes(t)
      ? { numFmt: '@' }
      : {},
  }));
  hoja.getRow(1).font = { bold: true };
  explicar(libro, hoja, AYUDA[HOJAS[tipo].ayuda]);
  return Buffer.from(await libro.xlsx.writeBuffer());
}
