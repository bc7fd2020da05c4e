import {
  type Ajuste,
  type AjustesEmpresa,
  ajustesEmpresa,
  type CambioAuditado,
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
import { ErrorApi, noEncontrado } from '../../lib/errores.ts';
import type { Adaptador } from '../../providers/registro.ts';
import * as auditoria from '../auditoria/service.ts';
import * as repo from './repo.ts';

export type Empresa = Selectable<EmpresasTable>;

/** The literal `login` in the URL means: guess the company from the host name (spec section 2). */
export const EMPRESA_POR_HOST = 'login';

/**
 * A new company with its host fragments and its two platforms (seed and CLI). Its platforms have
 * no provider until the operator names one (set-provider); only the demo seed asks for the simulator.
 */
export const crear = (
  db: Db,
  empresa: Insertable<EmpresasTable>,
  hosts: readonly string[],
  adaptador: Adaptador = 'ninguno',
) => repo.insertar(db, empresa, hosts, adaptador);

// The balances (saldos) change these, in their transaction with its audit row: the company's
// platforms (their minimum and provider) and its cap of top-ups without a user.
export const guardarMinimo = repo.guardarMinimo;
export const guardarProveedor = repo.guardarProveedor;
export const guardarMaxSinUsuario = (db: Db, empresaId: number, max: number) =>
  repo.actualizar(db, empresaId, { max_recargas_sin_usuario: max });

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

/** Who changes the settings: the caller's own company, never another (and, for the trail, from where). */
interface Quien {
  empresaId: number;
  usuarioId: number;
  username?: string;
  ip?: string | undefined;
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
    // One trail row per setting, as the settings history lists them.
    await auditoria.registrar(
      tx,
      auditoria.actorDe(q),
      cambiados.map((k) => ({
        empresaId: e.id,
        tipo: 'configuracion',
        tabla: 'empresas',
        fila: e.id,
        antes: { [k]: antes[k] ?? null },
        despues: { [k]: despues[k] ?? null },
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

/** GET /api/configuraciones/auditoria: one page of the company's setting changes (the trail's), newest first. */
export async function auditoriaConfiguraciones(
  db: Db,
  empresaId: number,
  consulta: { after?: string | undefined; limit: number },
): Promise<RespuestaAuditoria> {
  const { filas, total, siguiente } = await auditoria.configuraciones(db, empresaId, consulta);
  return {
    cambios: filas.map((f) => {
      const ajuste = Object.keys((f.despues ?? f.antes ?? {}) as object)[0] ?? '';
      const valor = (v: unknown) => ((v ?? {}) as Record<string, CambioAuditado['anterior']>)[ajuste] ?? null;
      return {
        id: f.id,
        fecha: f.fecha,
        usuario: f.usuario,
        ajuste,
        anterior: valor(f.antes),
        nuevo: valor(f.despues),
      };
    }),
    total,
    siguiente,
  };
}
