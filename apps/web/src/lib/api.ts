import { API_AUTH, CABECERA_PERMISOS } from '@recargas/contracts/auth/rutas';
// The catalogue's general part only: this client is in the login's download (issue 21).
import { MENSAJES_GENERALES as M } from '@recargas/contracts/mensajes/generales';
import { borrarSesion, guardarPermisos, guardarToken, huellaGuardada } from './sesionGuardada.ts';

/** An answer outside 200-299: the server's Spanish `mensaje` (spec section 8), its status and body. */
export class ErrorApi extends Error {
  constructor(
    mensaje: string,
    readonly status: number,
    readonly cuerpo: Record<string, unknown> = {},
  ) {
    super(mensaje);
  }
}

const CAMBIAN_ESTADO = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Answers after which the session cannot go on: back to the login. */
const FIN_DE_SESION: readonly string[] = [M.tokenInvalido, M.tokenExpirado, M.sinToken];

function cookie(nombre: string): string | undefined {
  const par = document.cookie.split('; ').find((c) => c.startsWith(`${nombre}=`));
  return par ? decodeURIComponent(par.slice(nombre.length + 1)) : undefined;
}

async function leer(respuesta: Response): Promise<Record<string, unknown>> {
  if (respuesta.status === 204) return {};
  try {
    return (await respuesta.json()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export interface Opciones {
  metodo?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  cuerpo?: unknown;
  cabeceras?: Record<string, string>;
  /** A 4xx whose body is still a result (a declined top-up answers 422 with its row). */
  aceptar?: number[];
  /** Milliseconds before the call gives up (spec section 9: none by default; Excel 600,000). */
  tiempoMaximo?: number;
  /** The switch of company itself and renewals: sent at once, never behind a switch. */
  sinEsperar?: boolean;
}

/** A FormData body (multipart upload) travels as is: the browser writes its Content-Type. */
const esFormulario = (cuerpo: unknown): cuerpo is FormData =>
  typeof FormData !== 'undefined' && cuerpo instanceof FormData;

/** The token each answer's request carried: a 401 for a token already replaced ends nothing. */
const tokenDe = new WeakMap<Response, string | null>();

/**
 * Root's switch of company (POST /cambiarEmpresa) revokes the session's token at once: while it
 * is under way, other calls wait for it and then carry the new token, instead of going out with
 * the old one and coming back 401 (a screen's deferred panels, asked for just after a login).
 */
let relevo: Promise<unknown> | null = null;
export function relevarSesion<T>(cambio: Promise<T>): Promise<T> {
  const hecho: Promise<unknown> = cambio
    .catch(() => undefined)
    .finally(() => {
      if (relevo === hecho) relevo = null;
    });
  relevo = hecho;
  return cambio;
}

async function enviar(ruta: string, o: Opciones): Promise<Response> {
  if (relevo && !o.sinEsperar) await relevo;
  const metodo = o.metodo ?? (o.cuerpo === undefined ? 'GET' : 'POST');
  const cabeceras: Record<string, string> = { ...o.cabeceras };
  const token = localStorage.getItem('token');
  if (token) cabeceras.Authorization = `Bearer ${token}`;
  if (o.cuerpo !== undefined && !esFormulario(o.cuerpo)) cabeceras['Content-Type'] = 'application/json';
  // Only calls that change state carry it: document.cookie is slow to read on a phone (issue 21).
  const xsrf = CAMBIAN_ESTADO.has(metodo) ? cookie('XSRF-TOKEN') : undefined;
  if (xsrf) cabeceras['X-XSRF-TOKEN'] = xsrf;
  const respuesta = await fetch(ruta, {
    method: metodo,
    headers: cabeceras,
    credentials: 'same-origin',
    body: o.cuerpo === undefined ? null : esFormulario(o.cuerpo) ? o.cuerpo : JSON.stringify(o.cuerpo),
    signal: o.tiempoMaximo === undefined ? null : AbortSignal.timeout(o.tiempoMaximo),
  });
  tokenDe.set(respuesta, token);
  // Permissions changed since they were read (Permiso Monto toggled): read them again, no logout.
  const huella = respuesta.headers.get(CABECERA_PERMISOS);
  if (huella && token && huella !== huellaGuardada()) void actualizarPermisos();
  return respuesta;
}

/** Spec section 8's three failures of the HTTP client (a lost network, an abort, a timeout), in Spanish. */
function errorDeRed(e: unknown, o: Opciones): string {
  const nombre = e instanceof Error || e instanceof DOMException ? e.name : '';
  if (nombre === 'TimeoutError')
    return M.tiempoAgotado.replace('{segundos}', String(Math.round((o.tiempoMaximo ?? 0) / 1000)));
  if (nombre === 'AbortError') return M.solicitudAbortada;
  return M.errorRed;
}

/** One renewal at a time: parallel calls that all find 'Token expirado' share it. */
let renovando: Promise<boolean> | null = null;
function renovar(): Promise<boolean> {
  renovando ??= (async () => {
    try {
      const r = await enviar(API_AUTH.renovarToken, { metodo: 'POST', sinEsperar: true });
      if (!r.ok) return false;
      const { token } = (await r.json()) as { token: string };
      // A renewal that ends after a logout must not bring the session back.
      if (!localStorage.getItem('token')) return false;
      guardarToken(token);
      // A renewal also brings the permissions as they are now (an administrator may have changed them).
      void actualizarPermisos();
      return true;
    } catch {
      return false;
    } finally {
      renovando = null;
    }
  })();
  return renovando;
}

/** GET /api/permisos into the stored session: after login, on renewals, when an answer names others. */
let leyendoPermisos: Promise<void> | null = null;
export function actualizarPermisos(): Promise<void> {
  leyendoPermisos ??= (async () => {
    try {
      const r = await enviar(API_AUTH.permisos, {});
      if (r.ok) guardarPermisos((await r.json()) as { permisos: string[]; isMonto: boolean });
    } catch {
      // Offline: the stored permissions stay until the next renewal.
    } finally {
      leyendoPermisos = null;
    }
  })();
  return leyendoPermisos;
}

/** Where the session ended goes: the company's login, or sinEmpresa. */
function alLogin(): void {
  const empresa = localStorage.getItem('empresa');
  borrarSesion();
  window.location.assign(empresa ? `/${empresa}` : '/');
}

/**
 * The request helper of spec section 8: rejects with the server's `mensaje`, else the generic
 * text. 'Token expirado' renews the token and retries once; 'el token NO es valido' goes to login.
 */
export async function api<T>(ruta: string, o: Opciones = {}): Promise<T> {
  const respuesta = await pedir(ruta, o);
  const cuerpo = await leer(respuesta);
  if (respuesta.ok || o.aceptar?.includes(respuesta.status)) return cuerpo as T;
  throw fallo(respuesta, cuerpo);
}

/**
 * A file the server hands out behind the session (the upload templates): fetched with the
 * same headers and renewal as api(), then saved by the browser under `nombre`.
 */
export async function descargarArchivo(ruta: string, nombre: string): Promise<void> {
  const respuesta = await pedir(ruta, {});
  if (!respuesta.ok) throw fallo(respuesta, await leer(respuesta));
  const url = URL.createObjectURL(await respuesta.blob());
  const enlace = document.createElement('a');
  enlace.href = url;
  enlace.download = nombre;
  document.body.append(enlace);
  enlace.click();
  enlace.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The answer of a call, after one renewal of an expired token. */
async function pedir(ruta: string, o: Opciones): Promise<Response> {
  let respuesta: Response;
  try {
    respuesta = await enviar(ruta, o);
    if (
      respuesta.status === 401 &&
      (
        await respuesta
          .clone()
          .json()
          .catch(() => ({}))
      ).mensaje === M.tokenExpirado
    ) {
      if (await renovar()) respuesta = await enviar(ruta, o);
    }
  } catch (e) {
    throw new ErrorApi(errorDeRed(e, o), 0);
  }
  return respuesta;
}

/** The error of an answer outside 200-299; an ended session goes to the login. */
function fallo(respuesta: Response, cuerpo: Record<string, unknown>): ErrorApi {
  const mensaje = typeof cuerpo.mensaje === 'string' ? cuerpo.mensaje : M.errorInesperado;
  // A call still in flight when the user logged out finds no session left, and one that carried a
  // token since replaced (a switch of company) speaks of a session that is over: nothing to end.
  const actual = localStorage.getItem('token');
  if (
    respuesta.status === 401 &&
    FIN_DE_SESION.includes(mensaje) &&
    actual &&
    tokenDe.get(respuesta) === actual
  ) {
    alLogin();
  }
  return new ErrorApi(mensaje, respuesta.status, cuerpo);
}

/** A key made once per submit, so a retried or doubled submit is the same top-up. */
export function claveIdempotencia(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}
