import type { Credenciales, RespuestaEmpresas, RespuestaLogin } from '@recargas/contracts/auth';
import { API_AUTH } from '@recargas/contracts/auth/rutas';
import { api } from '../../lib/api.ts';

export const iniciarSesion = (c: Credenciales) => api<RespuestaLogin>(API_AUTH.iniciarSesion, { cuerpo: c });

/** The second step: the 6-digit code of the authenticator app. */
export const verificarDosPasos = (c: Credenciales & { code: string }) =>
  api<RespuestaLogin>(API_AUTH.verificarDosPasos, { cuerpo: c });

/** A new QR when the first was not scanned. */
export const configurarDosPasos = (c: Credenciales) =>
  api<{ qrCodeUrl: string }>(API_AUTH.configurarDosPasos, { cuerpo: c });

/** Ends the session on the server (its renewal cookie and token). */
export const cerrarSesion = () => api(API_AUTH.cerrarSesion, { metodo: 'POST' });

/** The companies a root may work in (GET /cambiarEmpresa); CambiarEmpresa.tsx asks for them. */
export const empresasParaCambiar = () => api<RespuestaEmpresas>(API_AUTH.cambiarEmpresa);

/** Root's switch: a new session working in `empresa`, answered as a login is. */
export const cambiarEmpresa = (empresa: string) =>
  api<RespuestaLogin>(API_AUTH.cambiarEmpresa, { cuerpo: { empresa }, sinEsperar: true });
