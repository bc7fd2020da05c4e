import { accionPermitida } from '@recargas/contracts/acceso';
import { M } from '@recargas/contracts/mensajes';
import { esAdministrador, NIVEL } from '@recargas/contracts/niveles';
import type { AccionSubida, RespuestaSubida } from '@recargas/contracts/subidas';
import type { Config } from '../../config.ts';
import type { Ctx } from '../../contexto.ts';
import { ErrorApi, sinPermiso } from '../../lib/errores.ts';
import { avanzador } from './avance.ts';
import { normalizarEncabezado } from './plantillas.ts';
import { archivadorDe, manejoDe, type OpcionesFilas, type Subidor } from './registro.ts';
import type { ResultadoSubida } from './revision.ts';
import { type LimitesXlsx, leerHoja, revisarZip } from './xlsx.ts';

export { avance, avanzador, claveAvance, conAvance } from './avance.ts';
// What each area's upload (lineas, portabilidades, usuarios: subida.ts) uses and registers.
export {
  CODIGO_POR_NOMBRE,
  normalizarEncabezado,
  PLANTILLAS,
  plantilla,
  revisarPlantilla,
} from './plantillas.ts';
export {
  type Deshacedor,
  type ManejoSubida,
  type OpcionesFilas,
  registrarAccion,
  registrarArchivador,
  registrarDeshacer,
  registrarExtras,
  type Subidor,
  type Tramo,
} from './registro.ts';
export {
  type Estado,
  montoDeSubida,
  type ResultadoSubida,
  type Revision,
  respuesta,
  revisarFilas,
} from './revision.ts';
export { escribirPorTramos, recuperar } from './tramos.ts';
export type { FilaLeida } from './xlsx.ts';
// Other areas' uploads (conciliaciones: a provider's statement) read a workbook the same way.
export { leerHoja, revisarZip } from './xlsx.ts';

const MiB = 1024 * 1024;

/** Upload limits of the settings (SUBIDA_MAX_MB, SUBIDA_MAX_DESCOMPRIMIDO_MB, SUBIDA_MAX_FILAS). */
export function limitesSubida(s: Config['subidas']): LimitesXlsx & { maxBytes: number } {
  return {
    maxBytes: s.maxMb * MiB,
    maxDescomprimido: s.maxDescomprimidoMb * MiB,
    maxRazon: 200,
    maxEntradas: 200,
    maxFilas: s.maxFilas,
    maxColumnas: 30,
    maxCelda: 200,
  };
}

/**
 * The permission rule of each action (section 9), the one the upload screen shows
 * (contracts/acceso.ts accionPermitida). Action 4 makes a bulk top-up block (masivas/service.ts
 * crearBloque) of the valid rows, action 6 port-out rows, action 7 users.
 */
export function revisarAccion(u: Subidor & { rutas: readonly string[] }, accion: number): AccionSubida {
  if (![1, 2, 3, 4, 6, 7].includes(accion)) throw new ErrorApi(400, M.seleccionaAccion);
  if (!accionPermitida(u, accion)) throw sinPermiso();
  if (u.nivel === NIVEL.lider && u.liderId === null) throw sinPermiso();
  return accion as AccionSubida;
}

/** The form's plataformaId: 'No aplica' (empty, 0) or 1/2, kept only for administrators. */
export function plataformaDe(u: Subidor, valor: string | undefined): number | null {
  const v = (valor ?? '').trim();
  if (v === '' || v === '0' || v === 'null' || normalizarEncabezado(v) === 'NO_APLICA') return null;
  if (v !== '1' && v !== '2') throw new ErrorApi(400, M.lineaPlataformaInvalida);
  return esAdministrador(u.nivel) ? Number(v) : null;
}

interface Opciones extends OpcionesFilas {
  ruta: string;
  limites: LimitesXlsx;
}

/**
 * POST /subirArchivo: one workbook, read and checked whole (xlsx.ts), then its headers and rows
 * by the area that registered the action (registro.ts: lineas 1 to 4, portabilidades 6, usuarios
 * 7), which writes the valid rows all or nothing (tramos.ts).
 */
export async function subir(ctx: Ctx, u: Subidor, o: Opciones): Promise<RespuestaSubida> {
  const manejo = manejoDe(o.accion);
  // The server has the file: reading starts with the zip's check.
  avanzador('leyendo')(0, 1);
  const ultimaFila = await revisarZip(o.ruta, o.limites);
  const { encabezados, filas } = await leerHojaDosVeces(ctx, o.ruta, o.limites, ultimaFila);
  const columnas = await manejo.encabezados(ctx, u, encabezados, o.accion);
  if (filas.length === 0) throw new ErrorApi(400, M.archivoVacio);
  const { rechazadas, ...r } = await manejo.subir(ctx, u, o, columnas, filas);
  return { ...r, ...(await archivoRechazadas(ctx, u, columnas, rechazadas)) };
}

/**
 * The rejected rows as an .xlsx (the file's columns plus ERROR), stored by the excel module
 * (registros.ts) for the result screen's download; none when every row went in. Written after
 * the rows, outside their transaction: a failure here loses the file, never the upload.
 */
async function archivoRechazadas(
  ctx: Ctx,
  u: Subidor,
  columnas: string[],
  filas: ResultadoSubida['rechazadas'],
): Promise<{ archivoRechazadas?: string }> {
  const archivar = archivadorDe();
  if (!archivar || !filas) return {};
  try {
    const titulos = [...columnas, M.colErrorSubida];
    const hecho = await archivar(ctx, u.empresaId, 'rechazadas', {
      hoja: M.hojaRechazadas,
      titulos,
      numericas: [],
      filas,
    });
    return { archivoRechazadas: hecho.nombreArchivo };
  } catch (e) {
    ctx.log.error({ err: e }, 'No se pudo escribir el excel de filas rechazadas');
    return {};
  }
}

/**
 * exceljs's streaming reader failed on a valid file twice in CI (PostgreSQL stage, under load;
 * never reproduced locally, cause unknown): a file it cannot read is read once more before it is
 * refused, and the first failure is logged with its cause. A bad file is refused either way.
 */
async function leerHojaDosVeces(ctx: Ctx, ruta: string, limites: LimitesXlsx, ultimaFila: number | null) {
  try {
    return await leerHoja(ruta, limites, ultimaFila);
  } catch (e) {
    if (!(e instanceof ErrorApi) || e.cause === undefined) throw e;
    ctx.log.warn({ err: e.cause }, 'Lectura de .xlsx fallida, se reintenta');
    return leerHoja(ruta, limites, ultimaFila);
  }
}
