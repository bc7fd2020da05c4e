import { API_AUTH, type Credenciales, type RespuestaLogin } from '@recargas/contracts/auth';
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
