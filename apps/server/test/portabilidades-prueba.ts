import type { PortOut, RespuestaPortas } from '@recargas/contracts/portabilidades';
import { afterAll, beforeAll } from 'vitest';
import { crearEntorno, type Entorno, entrar, idEmpresa, type Sesion } from './entorno.ts';
import { type Metodo, pedir } from './peticion.ts';

/**
 * The set-up the port-out test files share: one environment per file, the sessions by name
 * (admin, lider, cliente and portas of demo; gmcel, the administrator of gmcel) and the calls of
 * the port-out screen.
 */
export let e: Entorno;
export const s: Record<string, Sesion> = {};
export const ZONA = 'America/Mexico_City';

/** Registers this file's beforeAll (environment, logins) and afterAll. */
export function prepararPortas(): void {
  beforeAll(async () => {
    e = await crearEntorno();
    for (const u of ['admin', 'lider', 'cliente', 'portas']) s[u] = await entrar(e.app, u);
    s.gmcel = await entrar(e.app, 'admin', 'gmcel');
  });
  afterAll(() => e.cerrar());
}

/** A call as the user named `quien` of this file's sessions, its answer parsed. */
export async function como(
  quien: string,
  method: Metodo,
  url: string,
  payload?: unknown,
  cabeceras: Record<string, string> = {},
) {
  const r = await pedir(e.app, s[quien] as Sesion, method, url, payload, { cabeceras });
  return { status: r.statusCode, cuerpo: r.json() as Record<string, unknown> };
}

export const lista = async (quien = 'admin', query = '') => {
  const r = await como(quien, 'GET', `/api/portOuts?${query}`);
  return { status: r.status, cuerpo: r.cuerpo as unknown as RespuestaPortas & { mensaje?: string } };
};
export const empresaId = (codigo: string) => idEmpresa(e, codigo);

/** A new port-out row of `demo`, inserted now: icc only, as an upload leaves it. */
export async function nueva(icc: string, extra: Record<string, unknown> = {}) {
  const r = await e.db
    .insertInto('portabilidades')
    .values({ empresa_id: await empresaId('demo'), icc, lider_nombre: 'Lider Demo', ...extra })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function fila(id: number): Promise<PortOut> {
  const r = await lista('admin', `filtros=${encodeURIComponent(JSON.stringify({}))}&limit=100`);
  const f = r.cuerpo.portOuts.find((p) => p.id === id);
  if (!f) throw new Error(`sin fila ${id}`);
  return f;
}
