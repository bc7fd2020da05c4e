import { beforeAll, expect } from 'vitest';
import { PASSWORD_DEMO } from '../src/db/seed/index.ts';
import * as usuarios from '../src/modules/usuarios/service.ts';
import { demo, e, prepararDemo } from './demo-entorno.ts';
import { idEmpresa, nuevoLider, type Sesion } from './entorno.ts';
import { nuevaLinea } from './lineas-prueba.ts';
import { pedir } from './peticion.ts';

/**
 * The set-up the inventory test files share: the demo environment, the ids of demo, gmcel and
 * tgmex, and a second leader of demo, 'Lider Norte', whose user 'norte' may edit
 * (ADMINISTRAR_BASE).
 */
export interface LineaApi {
  id: number;
  icc: string;
  dn: string;
  compania: string;
  lider: number;
  liderNombre: string;
  isRecargado: boolean;
  plataforma: number | null;
  fechaRecarga: string | null;
}

export let ids: Record<string, number>;

/** Registers the demo environment, the ids and 'Lider Norte' with its user. */
export function prepararLineas(): void {
  prepararDemo();
  beforeAll(async () => {
    ids = { demo, gmcel: await idEmpresa(e, 'gmcel'), tgmex: await idEmpresa(e, 'tgmex') };
    ids.liderNorte = await nuevoLider(e, demo, 'Lider Norte');
    const norte = { username: 'norte', nombre: 'Lider Norte', nivel: 2, permisos: ['ADMINISTRAR_BASE'] };
    await usuarios.crear(e.db, {
      ...norte,
      empresaId: demo,
      liderId: ids.liderNorte,
      password: PASSWORD_DEMO,
    });
  });
}

export const iccs = (s: Sesion, q: Record<string, string | number | object> = {}) => {
  const params = new URLSearchParams(
    Object.entries(q).map(([k, v]): [string, string] => [
      k,
      typeof v === 'object' ? JSON.stringify(v) : String(v),
    ]),
  );
  return pedir(e.app, s, 'GET', `/iccs?${params}`);
};

/** Every page of a query, following `siguiente`. */
export async function todas(s: Sesion, q: Record<string, string | number | object>) {
  const filas: LineaApi[] = [];
  let after: string | null = null;
  let paginas = 0;
  do {
    const r = await iccs(s, { ...q, ...(after ? { after } : {}) });
    expect(r.statusCode).toBe(200);
    const b = r.json();
    filas.push(...b.lineas);
    after = b.siguiente;
    paginas++;
  } while (after && paginas < 10_000);
  return filas;
}

/** A line of `empresa` (ICC prefix 8952999, DN 5599000000, monto 50 unless `campos` says); its id. */
export async function insertarLinea(
  empresa: number,
  campos: Partial<{
    icc: string;
    dn: string;
    compania: string;
    lider_id: number | null;
    cliente_id: number | null;
    is_recargado: boolean;
    fecha_recarga: Date | null;
    producto: string | null;
    fecha_subida: Date;
  }> = {},
) {
  return (await nuevaLinea(e, '8952999', { empresa_id: empresa, dn: '5599000000', monto: 50, ...campos })).id;
}
