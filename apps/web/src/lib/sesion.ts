import { type Endpoint, puedeLlamar } from '@recargas/contracts/acceso';
import { esAdministrador } from '@recargas/contracts/niveles';
import { useOutletContext } from 'react-router';
import type { Sesion } from './sesionGuardada.ts';

// The stored session lives in sesionGuardada.ts, which the login imports without the rule table.
export * from './sesionGuardada.ts';

export const esAdmin = (s: Sesion) => esAdministrador(s.nivel);
export const tienePermiso = (s: Sesion, p: string) => s.permisos.includes(p);

/** Whether the session may make this call: the server's own rule (contracts/acceso.ts). */
export const puede = (s: Sesion, e: Endpoint) => puedeLlamar(s, e);

/** The logged-in user's session, for the screens inside the shell (/in/*). */
export const useSesion = () => useOutletContext<Sesion>();
