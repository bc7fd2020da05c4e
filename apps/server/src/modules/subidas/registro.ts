import type { AccionSubida } from '@recargas/contracts/subidas';
import type { Transaction } from 'kysely';
import type { Ctx } from '../../contexto.ts';
import type { DB, SubidasDeshacerTable } from '../../db/schema.ts';
import type { TipoPlantilla } from './plantillas.ts';
import type { ResultadoSubida } from './revision.ts';
import type { FilaLeida } from './xlsx.ts';

/**
 * What each area adds to the uploads (registros.ts, once per process): its actions, the extra
 * columns of its templates and the undo of its tables. Uploads import no area: control goes from
 * the area into these helpers and back through what it registered, never the other way round.
 */

/** Who uploads: the part of the session an upload reads. */
export interface Subidor {
  empresaId: number;
  usuarioId: number;
  username: string;
  nivel: number;
  liderId: number | null;
  permisos: readonly string[];
}

/** The form's choices for the rows (vigencia and plataforma: actions 1 and 2 only). */
export interface OpcionesFilas {
  accion: AccionSubida;
  vigencia: string | null;
  plataforma: number | null;
}

/** One upload action as its area handles it. */
export interface ManejoSubida {
  /** The file's headers checked against the area's template: the columns, or the refusal thrown. */
  encabezados: (
    ctx: Ctx,
    u: Subidor,
    encabezados: string[],
    accion: AccionSubida,
  ) => string[] | Promise<string[]>;
  /** Checks the rows (revisarFilas), writes the valid ones (escribirPorTramos) and answers (respuesta). */
  subir: (
    ctx: Ctx,
    u: Subidor,
    o: OpcionesFilas,
    columnas: string[],
    filas: FilaLeida[],
  ) => Promise<ResultadoSubida>;
}

/** Rows to store as an .xlsx the browser downloads by name; answers that name. */
export type Archivador = (
  ctx: Ctx,
  empresaId: number,
  prefijo: string,
  contenido: {
    hoja: string;
    titulos: string[];
    numericas: number[];
    filas: () => AsyncGenerator<string[][]>;
  },
) => Promise<{ nombreArchivo: string }>;

let archivador: Archivador | undefined;
/** The excel module's writer, for the rejected rows (registros.ts). */
export function registrarArchivador(a: Archivador) {
  archivador = a;
}
export const archivadorDe = () => archivador;

const ACCIONES = new Map<AccionSubida, ManejoSubida>();

export function registrarAccion(acciones: readonly AccionSubida[], manejo: ManejoSubida) {
  for (const a of acciones) ACCIONES.set(a, manejo);
}

export function manejoDe(accion: AccionSubida): ManejoSubida {
  const manejo = ACCIONES.get(accion);
  if (!manejo) throw new Error(`Subidas: ninguna área registró la acción ${accion}`);
  return manejo;
}

/** A table whose chunks the embedded database's journal can undo (migration 0017). */
export type TablaConDeshacer = SubidasDeshacerTable['tabla'];

/** One journalled chunk of a table, its JSON as text (repo.ts Deshacer). */
export interface Tramo {
  insertadas: string;
  cambiadas: string | null;
  borradas: string | null;
}

/** Undoes one chunk of the table in the undo's transaction: registered by the table's module. */
export type Deshacedor = (tx: Transaction<DB>, empresaId: number, tramo: Tramo) => Promise<void>;

const DESHACER = new Map<TablaConDeshacer, Deshacedor>();

export function registrarDeshacer(tabla: TablaConDeshacer, deshacer: Deshacedor) {
  DESHACER.set(tabla, deshacer);
}

/** Throws when nothing was registered: the chunk stays journalled and is undone at the next start. */
export function deshacedorDe(tabla: TablaConDeshacer): Deshacedor {
  const deshacer = DESHACER.get(tabla);
  if (!deshacer) throw new Error(`Subidas: ningún módulo registró cómo deshacer ${tabla}`);
  return deshacer;
}

/** Columns the company adds after a template's headers, by the template's area. */
export type Extras = (ctx: Ctx, u: Subidor) => Promise<readonly string[]>;

const EXTRAS = new Map<TipoPlantilla, Extras>();

export function registrarExtras(plantilla: TipoPlantilla, extras: Extras) {
  EXTRAS.set(plantilla, extras);
}

export const extrasDe = (plantilla: TipoPlantilla): Extras | undefined => EXTRAS.get(plantilla);
