import { z } from 'zod';
import { valoresChip } from './filtros.ts';
import { dia } from './lineas.ts';
import { M } from './mensajes.ts';

/** POST /excel writes the file; the browser is then sent to GET /excel/descargar?nombre=. */
export const API_EXCEL = { generar: '/excel', descargar: '/excel/descargar' } as const;

/** POST /excel waits this long before giving up (spec sections 7 and 9: 600,000 ms). */
export const TIEMPO_EXCEL_MS = 600_000;

/** Export kinds of POST /excel (section 7). */
export const TIPOS_EXCEL = [
  'USUARIOS',
  'VENTAS',
  'ADMINISTRAR',
  'PORTAS',
  'InventoryDays',
  'CONCILIACIONES',
  'CONCILIACION',
  'AUDITORIA',
] as const;

/** POST /excel: the screen's filters and dates. For ADMINISTRAR, those of GET /iccs. */
export const peticionExcel = z
  .object({
    tipo: z.enum(TIPOS_EXCEL, M.excelNoDisponible),
    /** The screen's chips; each kind checks them against its own columns (ADMINISTRAR: filtrosLineas). */
    filtros: z.record(z.string().max(40, M.filtrosInvalidos), valoresChip, M.filtrosInvalidos).default({}),
    fechas: z.object({ fechaInicial: dia.optional(), fechaFinal: dia.optional() }).default({}),
  })
  // Other fields of a screen (e.g. leaderName, monto of InventoryDays) reach its exporter.
  .loose();
export type PeticionExcel = z.output<typeof peticionExcel>;

export const respuestaExcel = z.object({
  nombreArchivo: z.string(),
  /** ISO time after which the file is deleted. */
  expira: z.string(),
  filas: z.number().int(),
});

/** File names the export folder hands out: nothing that can leave the folder. */
export const NOMBRE_EXCEL = /^[A-Za-z0-9_-]{1,100}\.xlsx$/;
