import {
  type Ajuste,
  type AjustesEmpresa,
  ajustesEmpresa,
  type CambioConfiguraciones,
  type Configuraciones,
  type EmpresaPublica,
  legible,
  type RespuestaAuditoria,
  type TipoLogo,
} from '@recargas/contracts/empresas';
import { M } from '@recargas/contracts/mensajes';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { EmpresasTable } from '../../db/schema.ts';
import { sha256 } from '../../lib/claves.ts';
import { codificarCursor, decodificarCursor } from '../../lib/cursor.ts';
import { ErrorApi, noEncontrado } from '../../lib/errores.ts';
import * as repo from './repo.ts';

export type Empresa = Selectable<EmpresasTable>;

/** The literal `login` in the URL means: guess the company from the host name (spec section 2). */
export const EMPRESA_POR_HOST = 'login';

/** A new company with its host fragments and its two platforms (seed and CLI). */
export const crear = (db: Db, empresa: Insertable<EmpresasTable>, hosts: readonly string[]) =>
  repo.insertar(db, empresa, hosts);

export const ajustesDe = (e: Empresa): AjustesEmpresa => ajustesEmpresa.parse(e.ajustes ?? {});

export async function buscar(db: Db, codigo: string, host = ''): Promise<Empresa> {
  const nombre = codigo.trim().toLowerCase();
  const hostSinPuerto = host.toLowerCase().replace(/:\d+$/, '');
  const empresa =
    nombre === EMPRESA_POR_HOST ? await repo.porHost(db, hostSinPuerto) : await repo.porCodigo(db, nombre);
  if (!empresa) throw new ErrorApi(404, M.empresaDesconocida);
  return empresa;
}

/** Every company, for the root's selector (POST /cambiarEmpresa). */
export const todas = async (db: Db) =>
  (await repo.todas(db)).map((e) => ({ empresa: e.codigo, nombre: e.nombre }));

export async function porIdOError(db: Db, id: number): Promise<Empresa> {
  const empresa = await repo.porId(db, id);
  if (!empresa) throw new ErrorApi(404, M.empresaDesconocida);
  return empresa;
}

/** The theme colours of a company, as the public theme and the settings screen name them. */
const coloresDe = (e: Empresa) => ({
  primaryColor: e.primary_color,
  darkenColor: e.darken_color,
  accentColor: e.accent_color,
  backgroundColor: e.background_color,
  fontColor: e.font_color,
});

export function publica(e: Empresa): EmpresaPublica {
  const ajustes = ajustesDe(e);
  return {
    empresa: e.codigo,
    nombre: e.nombre,
    maxRecargas: e.max_recargas_sin_usuario,
    recargaSinUsuario: e.recarga_sin_usuario,
    ...coloresDe(e),
    imagenFondo: e.imagen_fondo,
    imagenFondoIn: e.imagen_fondo_in,
    izquierdoLogin: e.izquierdo_login,
    hideNav: e.hide_nav,
    image: e.image,
    barra: e.barra,
    videoFondo: ajustes.videoFondo,
    quienesSomos: ajustes.quienesSomos,
    alerta: e.alerta,
  };
}

// ---- Settings an administrator changes (/in/configuraciones), each change audited.

/** Who changes the settings: the caller's own company, never another. */
interface Quien {
  empresaId: number;
  usuarioId: number;
}

export function configuracionesDe(e: Empresa): Configuraciones {
  const a = ajustesDe(e);
  return {
    ...coloresDe(e),
    image: e.image,
    recargaSinUsuario: e.recarga_sin_usuario,
    enviarMonto: a.enviarMonto,
    ocultarMontoNoAdmin: a.ocultarMontoNoAdmin,
    columnaExtraMasivas: a.columnaExtraMasivas,
    reporteReducido: a.reporteReducido,
  };
}

/** The company's row for the settings that change; the features of `ajustes` are merged into it. */
function filaDe(e: Empresa, c: Partial<Configuraciones>): Updateable<EmpresasTable> {
  const {
    primaryColor,
    darkenColor,
    accentColor,
    backgroundColor,
    fontColor,
    image,
    recargaSinUsuario,
    ...enAjustes
  } = c;
  return {
    primary_color: primaryColor,
    darken_color: darkenColor,
    accent_color: accentColor,
    background_color: backgroundColor,
    font_color: fontColor,
    image,
    recarga_sin_usuario: recargaSinUsuario,
    ...(Object.keys(enAjustes).length > 0 ? { ajustes: JSON.stringify({ ...e.ajustes, ...enAjustes }) } : {}),
  };
}

/**
 * Writes the settings that differ from the stored ones and one audit row for each, in one
 * transaction on the locked company row: two administrators saving at once are audited in turn,
 * each with the value the other left. Nothing different is a 400, and nothing is written.
 */
async function aplicar(
  db: Db,
  q: Quien,
  cambio: (e: Empresa) => Partial<Configuraciones>,
  ademas?: (tx: Db) => Promise<unknown>,
): Promise<Configuraciones> {
  return db.transaction().execute(async (tx) => {
    const e = await repo.bloquear(tx, q.empresaId);
    if (!e) throw new ErrorApi(404, M.empresaDesconocida);
    const antes = configuracionesDe(e);
    const pedidos = cambio(e);
    const cambiados = (Object.keys(pedidos) as Ajuste[]).filter(
      (k) => pedidos[k] !== undefined && pedidos[k] !== antes[k],
    );
    if (cambiados.length === 0) throw new ErrorApi(400, M.ningunCambio);
    const nuevos: Partial<Configuraciones> = Object.fromEntries(cambiados.map((k) => [k, pedidos[k]]));
    const despues = { ...antes, ...nuevos };
    if ((cambiados.includes('fontColor') || cambiados.includes('backgroundColor')) && !legible(despues)) {
      throw new ErrorApi(400, M.contrasteInsuficiente);
    }
    await repo.actualizar(tx, e.id, filaDe(e, nuevos));
    await ademas?.(tx);
    await repo.auditar(
      tx,
      cambiados.map((k) => ({
        empresa_id: e.id,
        usuario_id: q.usuarioId,
        ajuste: k,
        anterior: JSON.stringify(antes[k]),
        nuevo: JSON.stringify(despues[k]),
      })),
    );
    return despues;
  });
}

export const configuraciones = async (db: Db, empresaId: number) =>
  configuracionesDe(await porIdOError(db, empresaId));

export const cambiar = (db: Db, q: Quien, c: CambioConfiguraciones) => aplicar(db, q, () => c);

/** The image type a file's first bytes announce, whatever name or type the browser gave it. */
function tipoDeImagen(d: Buffer): TipoLogo | undefined {
  const ascii = (desde: number, hasta: number) => d.subarray(desde, hasta).toString('latin1');
  if (d.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (d.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'image/jpeg';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

/**
 * A new logo: stored with the company and served at a URL that changes with its content, so
 * browsers holding the old one fetch the new one. The URL is what `image` of the theme carries.
 */
export async function cambiarLogo(db: Db, q: Quien, datos: Buffer): Promise<Configuraciones> {
  const tipo = tipoDeImagen(datos);
  if (!tipo) throw new ErrorApi(415, M.logoTipoInvalido);
  return aplicar(
    db,
    q,
    (e) => ({ image: `/getEmpresa/${e.codigo}/logo?v=${sha256(datos).slice(0, 16)}` }),
    (tx) => repo.guardarLogo(tx, q.empresaId, tipo, datos),
  );
}

/** GET /getEmpresa/{name}/logo: the stored image, or 404 when the company has none. */
export async function logo(db: Db, empresa: Empresa) {
  const l = await repo.logo(db, empresa.id);
  if (!l) throw noEncontrado();
  return { tipo: l.tipo, datos: Buffer.from(l.datos.buffer, l.datos.byteOffset, l.datos.byteLength) };
}

/** GET /api/configuraciones/auditoria: one page of the company's changes, newest first. */
export async function auditoria(
  db: Db,
  empresaId: number,
  consulta: { after?: string | undefined; limit: number },
): Promise<RespuestaAuditoria> {
  const cursor = consulta.after ? decodificarCursor(consulta.after) : undefined;
  const [filas, total] = await Promise.all([
    repo.auditoria(db, empresaId, cursor, consulta.limit + 1),
    cursor ? null : repo.contarAuditoria(db, empresaId),
  ]);
  const pagina = filas.slice(0, consulta.limit);
  const ultima = pagina.at(-1);
  return {
    cambios: pagina.map((f) => ({
      id: f.id,
      fecha: f.fecha.toISOString(),
      usuario: f.username,
      ajuste: f.ajuste,
      anterior: f.anterior,
      nuevo: f.nuevo,
    })),
    total,
    siguiente:
      filas.length > consulta.limit && ultima ? codificarCursor({ k: ultima.k, id: ultima.id }) : null,
  };
}
