import { performance } from 'node:perf_hooks';
import { PASSWORD_DEMO } from '../apps/server/src/db/seed/index.ts';

/** A day `dias` before today, yyyy-mm-dd. */
const hace = (dias: number) => new Date(Date.now() - dias * 86_400_000).toISOString().slice(0, 10);

/** The Administrar base requests bench:lines times: a name and GET /iccs's query. */
export const consultasLineas = (): [string, Record<string, string>][] => [
  ['default range (two months), no chips', {}],
  [
    'six months, chip compania=telcel',
    { fechaInicial: hace(182), filtros: JSON.stringify({ compania: ['telcel'] }) },
  ],
  [
    'whole year, chips compania=movi or at&t AND dn=5512',
    { fechaInicial: hace(366), filtros: JSON.stringify({ compania: ['movi', 'at&t'], dn: ['5512'] }) },
  ],
  [
    'whole year, chip icc=000123 (rare)',
    { fechaInicial: hace(366), filtros: JSON.stringify({ icc: ['000123'] }) },
  ],
];

/** Logs in as demo's admin: the headers of its requests. */
export async function entrarDemo(api: string) {
  const r = await fetch(`${api}/iniciarSesion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD_DEMO, empresa: 'demo' }),
  });
  const { token } = (await r.json()) as { token: string };
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(r.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf };
}

/** One first page with its count, then its next page (keyset): ms of each, and the count. */
export async function medirPagina(api: string, cabeceras: Record<string, string>, q: Record<string, string>) {
  const url = `${api}/iccs?${new URLSearchParams(q)}`;
  let t = performance.now();
  const r = await fetch(url, { headers: cabeceras });
  const b = (await r.json()) as { total: number; masDe: boolean; siguiente: string | null };
  const primera = performance.now() - t;
  let siguiente: number | undefined;
  if (b.siguiente) {
    t = performance.now();
    await (await fetch(`${url}&after=${b.siguiente}`, { headers: cabeceras })).json();
    siguiente = performance.now() - t;
  }
  return { primera, siguiente, total: b.total, masDe: b.masDe };
}

export const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
