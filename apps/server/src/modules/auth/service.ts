import { randomUUID } from 'node:crypto';
import type { Credenciales, RespuestaLogin } from '@recargas/contracts/auth';
import { PASO } from '@recargas/contracts/auth';
import { M } from '@recargas/contracts/mensajes';
import { esAdministrador } from '@recargas/contracts/niveles';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Ctx as ContextoCompleto } from '../../contexto.ts';
import { aleatorio, iguales, sha256, verificarPassword } from '../../lib/claves.ts';
import { ErrorApi } from '../../lib/errores.ts';
import * as empresas from '../empresas/service.ts';
import * as usuarios from '../usuarios/service.ts';
import { emitir } from './dispositivos.ts';
import * as limites from './limites.ts';
import {
  cifrarDosPasos,
  descifrarDosPasos,
  firmarToken,
  SecretoIlegible,
  verificarToken,
  xsrfDe,
  xsrfValido,
} from './llaves.ts';
import * as repo from './repo.ts';

export { desbloquear } from './limites.ts';
export { xsrfValido } from './llaves.ts';
export { rotarClavesDosPasos } from './rotacion.ts';

/** What login and the session need of the context (contexto.ts). */
type Ctx = Pick<ContextoCompleto, 'db' | 'config'>;

/** Who is calling: set on the request by the access check for every non-public route. */
export interface Sesion {
  sid: string;
  usuarioId: number;
  /** The company the session works in (every scoped query's): the user's own unless a root switched. */
  empresaId: number;
  /** The user's own company: the token and the session row name it. */
  empresaUsuarioId: number;
  empresa: string;
  username: string;
  nombre: string;
  nivel: number;
  liderId: number | null;
  clienteId: number | null;
  permisos: string[];
  /** Permiso Monto: the user may choose a top-up's amount. */
  isMonto: boolean;
  /** Route whitelist (screen routes under /in/); empty: no restriction. */
  rutas: string[];
  /** The user's daily top-up limit. */
  maxRecargas: number;
  /** The company's `version` as this request found it (migration 0014). */
  versionEmpresa: number;
  /** The user's `version` as this request found it (migration 0044). */
  versionUsuario: number;
  /**
   * Present when the session was taken from memory (`sesionDeToken`'s `deMemoria`): it reads
   * the session anew, and checks the route again, for a write that found it changed (recargas).
   */
  releer?: () => Promise<Sesion>;
  /** The request's IP (set by the access check for the audit trail; absent outside a request). */
  ip?: string;
  /** The request's id (X-Request-Id): jobs it starts carry it into the worker's log. */
  solicitud?: string;
}

/** What a successful login hands to the route: the body plus the cookies' values. */
export interface SesionNueva {
  respuesta: RespuestaLogin;
  renovacion: string;
  xsrf: string;
  /** The device cookie (dispositivos.ts): only a whole login, two-step code included, sets it. */
  dispositivo?: string;
}

/** Company, throttle and password: the common first half of login, 2FA setup and 2FA verify. */
async function autenticar(ctx: Ctx, cred: Credenciales, cliente: limites.Cliente) {
  const empresa = await empresas.buscar(ctx.db, cred.empresa);
  const claves = limites.clavesDe(ctx.config, empresa.id, cred.username, cliente);
  await limites.comprobar(ctx, claves);
  const u = await usuarios.porUsername(ctx.db, empresa.id, cred.username);
  if (!(await verificarPassword(u?.password_hash, cred.password)) || !u) {
    await limites.fallo(ctx, claves);
    throw new ErrorApi(401, M.credencialesInvalidas, { code: PASO.normal });
  }
  return { empresa, u, claves };
}

// ---- Two-step verification (TOTP) for administrators: codes 13, 14 and 15 of spec section 4.

const requiereDosPasos = (u: usuarios.Usuario) => u.dos_pasos && esAdministrador(u.nivel);

const totpDe = (empresa: string, username: string, secreto: string) =>
  new TOTP({ issuer: empresa, label: username, secret: Secret.fromBase32(secreto) });

async function nuevoQr(ctx: Ctx, empresa: empresas.Empresa, u: usuarios.Usuario): Promise<string> {
  const secreto = new Secret({ size: 20 }).base32;
  await usuarios.guardarTotp(ctx.db, empresa.id, u.id, {
    totp_secreto: cifrarDosPasos(ctx.config, secreto),
    totp_confirmado: false,
  });
  try {
    return await QRCode.toDataURL(totpDe(empresa.nombre, u.username, secreto).toString());
  } catch {
    throw new ErrorApi(500, M.errorQr);
  }
}

/** The prompt for a user who needs a second step: 13 with a fresh QR, 14 before first use, 15 after. */
async function pasoDosPasos(ctx: Ctx, empresa: empresas.Empresa, u: usuarios.Usuario): Promise<never> {
  if (!u.totp_secreto) {
    const qrCodeUrl = await nuevoQr(ctx, empresa, u);
    throw new ErrorApi(401, M.dosPasosConfigurar, { code: PASO.configurar, qrCodeUrl });
  }
  if (!u.totp_confirmado) throw new ErrorApi(401, M.dosPasosCodigoNuevo, { code: PASO.codigoNuevo });
  throw new ErrorApi(401, M.dosPasosCodigo, { code: PASO.codigo });
}

export async function iniciarSesion(
  ctx: Ctx,
  cred: Credenciales,
  cliente: limites.Cliente,
): Promise<SesionNueva> {
  const { empresa, u, claves } = await autenticar(ctx, cred, cliente);
  if (requiereDosPasos(u)) return pasoDosPasos(ctx, empresa, u);
  return concluirLogin(ctx, empresa, u, claves, cliente);
}

export async function configurarDosPasos(ctx: Ctx, cred: Credenciales, cliente: limites.Cliente) {
  const { empresa, u } = await autenticar(ctx, cred, cliente);
  if (!requiereDosPasos(u) || u.totp_confirmado) throw new ErrorApi(409, M.errorQr);
  return { qrCodeUrl: await nuevoQr(ctx, empresa, u) };
}

const codigoRechazado = (u: usuarios.Usuario) =>
  new ErrorApi(401, M.codigoIncorrecto, { code: u.totp_confirmado ? PASO.codigo : PASO.codigoNuevo });

/**
 * The user's stored two-step secret in clear. One no key reads (its key left DOS_PASOS_CLAVES
 * too early) is the operator's to fix: logged with the key's id, and the code is refused.
 */
function secretoTotp(ctx: Ctx & Pick<ContextoCompleto, 'log'>, u: usuarios.Usuario, guardado: string) {
  try {
    return descifrarDosPasos(ctx.config, guardado);
  } catch (e) {
    if (!(e instanceof SecretoIlegible)) throw e;
    ctx.log.error({ usuarioId: u.id, empresaId: u.empresa_id, clave: e.clave }, e.message);
    throw codigoRechazado(u);
  }
}

export async function verificarDosPasos(
  ctx: Ctx & Pick<ContextoCompleto, 'log'>,
  cred: Credenciales & { code: string },
  cliente: limites.Cliente,
): Promise<SesionNueva> {
  const { empresa, u, claves } = await autenticar(ctx, cred, cliente);
  if (!requiereDosPasos(u)) throw new ErrorApi(409, M.credencialesInvalidas, { code: PASO.normal });
  if (!u.totp_secreto) return pasoDosPasos(ctx, empresa, u);
  const totp = totpDe(empresa.nombre, u.username, secretoTotp(ctx, u, u.totp_secreto));
  const delta = totp.validate({ token: cred.code, window: 1 });
  // A code is good once: its time step must be later than the last one used (no replay).
  const usado =
    delta !== null && (await usuarios.usarPasoTotp(ctx.db, empresa.id, u.id, totp.counter() + delta));
  if (!usado) {
    await limites.fallo(ctx, claves);
    throw codigoRechazado(u);
  }
  return concluirLogin(ctx, empresa, u, claves, cliente);
}

/** A whole login has succeeded: the client starts afresh, a session opens, the browser is known. */
async function concluirLogin(
  ctx: Ctx,
  empresa: empresas.Empresa,
  u: usuarios.Usuario,
  claves: limites.Claves,
  cliente: limites.Cliente,
): Promise<SesionNueva> {
  await limites.exito(ctx, claves);
  const sesion = await abrirSesion(ctx, empresa, u, cliente.ip);
  return { ...sesion, dispositivo: emitir(ctx.config, cliente.dispositivo, claves.cuenta) };
}

/** A new session of user `u` of company `empresa`, working in `trabajo` (a root's switch) or its own. */
async function abrirSesion(
  ctx: Ctx,
  empresa: empresas.Empresa,
  u: usuarios.Usuario,
  ip: string,
  trabajo: empresas.Empresa = empresa,
): Promise<SesionNueva> {
  const sid = randomUUID();
  const secreto = aleatorio();
  await repo.crearSesion(ctx.db, {
    id: sid,
    usuarioId: u.id,
    empresaId: empresa.id,
    empresaTrabajoId: trabajo.id === empresa.id ? null : trabajo.id,
    secretoHash: sha256(secreto),
    expira: new Date(Date.now() + ctx.config.sessionTtl * 1000),
    ip,
  });
  return {
    respuesta: {
      token: await firmarToken(ctx.config, u, sid),
      nivel: u.nivel,
      isMonto: u.is_monto,
      username: u.username,
      MRD: u.max_recargas,
      empresa: trabajo.codigo,
      id: u.id,
      nombre: u.nombre,
      lider: u.lider_id ?? 0,
      cliente: u.cliente_id ?? 0,
      maxRecargas: trabajo.max_recargas_sin_usuario,
      recargaSinUsuario: trabajo.recarga_sin_usuario,
      permisos: u.permisos,
      rutas: u.rutas,
      ajustes: empresas.ajustesDe(trabajo),
      dosPasos: requiereDosPasos(u),
    },
    renovacion: `${sid}.${secreto}`,
    xsrf: xsrfDe(ctx.config, sid),
  };
}

// ---- Requests with a token.

const tokenInvalido = () => new ErrorApi(401, M.tokenInvalido);
/** A session id as sessions are keyed (checked before it joins a batch of lookups). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function cargarSesion(ctx: Ctx, sid: string, usuarioId: number, empresaId: number): Promise<Sesion> {
  if (!UUID.test(sid)) throw tokenInvalido();
  const s = await repo.sesionActiva(ctx.db, { sid, usuarioId, empresaId });
  if (!s) {
    leidasDe(ctx.db).delete(sid);
    throw tokenInvalido();
  }
  const sesion: Sesion = {
    sid: s.sid,
    usuarioId: s.usuario_id,
    empresaId: s.empresa_trabajo_id,
    empresaUsuarioId: s.empresa_id,
    empresa: s.empresa,
    username: s.username,
    nombre: s.nombre,
    nivel: s.nivel,
    liderId: s.lider_id,
    clienteId: s.cliente_id,
    permisos: s.permisos,
    isMonto: s.is_monto,
    rutas: s.rutas,
    maxRecargas: s.max_recargas,
    versionEmpresa: s.version,
    versionUsuario: s.version_usuario,
  };
  recordar(ctx.db, sesion);
  return sesion;
}

/**
 * Sessions as last read, per database handle, for the routes that may take them from memory:
 * the top-ups by number, whose write checks in the same statement that the session is live and
 * its user's and company's versions unchanged (recargas/repo-escritura.ts), and which do
 * anything else on the session read anew (issue 42: the read was a tenth of a top-up's time).
 * Every other route reads the session on every request. The bounds keep memory small, not
 * the rules.
 */
const leidas = new WeakMap<Ctx['db'], Map<string, { sesion: Sesion; hasta: number }>>();
const VIGENCIA_MS = 60_000;
const MAXIMO_LEIDAS = 10_000;

function leidasDe(db: Ctx['db']) {
  let m = leidas.get(db);
  if (!m) {
    m = new Map();
    leidas.set(db, m);
  }
  return m;
}

function recordar(db: Ctx['db'], sesion: Sesion) {
  const m = leidasDe(db);
  m.delete(sesion.sid); // to the end of the map's order: the oldest read goes first below
  m.set(sesion.sid, { sesion, hasta: Date.now() + VIGENCIA_MS });
  if (m.size > MAXIMO_LEIDAS) m.delete(m.keys().next().value as string);
}

/**
 * Bearer token -> session. 'Token expirado' lets the browser renew; anything else is invalid.
 * `deMemoria`: the session may come from memory (see `leidas`), with `releer` to read it anew.
 */
export async function sesionDeToken(ctx: Ctx, token: string | undefined, deMemoria = false): Promise<Sesion> {
  if (!token) throw tokenInvalido();
  const r = await verificarToken(ctx.config, token);
  if (r === 'expirado') throw new ErrorApi(401, M.tokenExpirado);
  if (r === 'invalido') throw tokenInvalido();
  const guardada = deMemoria ? leidasDe(ctx.db).get(r.sid) : undefined;
  const s = guardada?.sesion;
  if (
    guardada &&
    guardada.hasta > Date.now() &&
    s?.usuarioId === r.usuarioId &&
    s.empresaUsuarioId === r.empresaId
  )
    return { ...s, releer: () => cargarSesion(ctx, r.sid, r.usuarioId, r.empresaId) };
  return cargarSesion(ctx, r.sid, r.usuarioId, r.empresaId);
}

/** POST /api/renuevaToken: the httpOnly renewal cookie plus the XSRF header give a new access token. */
export async function renovar(ctx: Ctx, cookie: string | undefined, xsrf: string | undefined) {
  const [sid, secreto] = (cookie ?? '').split('.');
  if (!sid || !secreto || !/^[0-9a-f-]{36}$/.test(sid)) throw tokenInvalido();
  const fila = await ctx.db
    .selectFrom('sesiones')
    .select(['usuario_id', 'empresa_id', 'secreto_hash'])
    .where('id', '=', sid)
    .executeTakeFirst();
  if (!fila || !iguales(fila.secreto_hash, sha256(secreto))) throw tokenInvalido();
  if (!xsrfValido(ctx.config, sid, xsrf)) throw new ErrorApi(403, M.xsrfInvalido);
  const s = await cargarSesion(ctx, sid, fila.usuario_id, fila.empresa_id);
  return {
    token: await firmarToken(
      ctx.config,
      { id: s.usuarioId, empresa_id: s.empresaUsuarioId, nivel: s.nivel },
      sid,
    ),
  };
}

export const cerrarSesion = async (ctx: Ctx, s: Sesion) => {
  await repo.revocar(ctx.db, s.sid, s.empresaUsuarioId);
  leidasDe(ctx.db).delete(s.sid);
};

/**
 * POST /cambiarEmpresa (root only, the route's rule): the session is replaced by a new one
 * working in `codigo`, in one transaction, so the old token and renewal cookie stop at once and
 * every scoped query of the new token reads the new company. Answers what a login answers.
 */
export async function cambiarEmpresa(ctx: Ctx, s: Sesion, codigo: string, ip: string): Promise<SesionNueva> {
  const trabajo = await empresas.buscar(ctx.db, codigo);
  return ctx.db.transaction().execute(async (tx) => {
    const propia = await empresas.porIdOError(tx, s.empresaUsuarioId);
    const u = await usuarios.porId(tx, s.empresaUsuarioId, s.usuarioId);
    if (!u) throw tokenInvalido();
    await repo.revocar(tx, s.sid, s.empresaUsuarioId);
    return abrirSesion({ db: tx, config: ctx.config }, propia, u, ip, trabajo);
  });
}

/** GET /cambiarEmpresa: the companies a root may switch to. */
export const empresasParaCambiar = async (ctx: Ctx) => ({ empresas: await empresas.todas(ctx.db) });
