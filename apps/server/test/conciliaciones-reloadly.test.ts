import { instanteDeReloj } from '@recargas/contracts/fechas';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoyEn, sumarDias } from '../src/lib/fechas.ts';
import * as conciliaciones from '../src/modules/conciliaciones/service.ts';
import { centavosDe, estadoDe } from '../src/providers/estado-cuenta.ts';
import { crearEntornoReloadly, entrar, type Sesion } from './entorno.ts';
import { pedir, recargar } from './peticion.ts';
import { formulario } from './xlsx-prueba.ts';

/**
 * Reconciliation of a Reloadly platform (issue 44): the nightly job reads the day from Reloadly's
 * transactions report (the simulator's sandbox over HTTP), a refund after success is a mismatch
 * on the screen, and a statement file in Reloadly's columns with decimal amounts is compared in
 * centavos.
 */
const ZONA = 'America/Mexico_City';
let e: Awaited<ReturnType<typeof crearEntornoReloadly>>;
let admin: Sesion;
const ayer = sumarDias(hoyEn(ZONA), -1);
const antier = sumarDias(ayer, -1);
let n = 0;

beforeAll(async () => {
  e = await crearEntornoReloadly();
  // The days compared hold only this file's top-ups.
  await e.db.deleteFrom('recargas').execute();
  admin = await entrar(e.app, 'admin');
}, 120_000);
afterAll(() => e?.cerrar());

/** `cuantas` top-ups of platform 1 sent at noon of `dia` (company time): Reloadly's clock and our rows set back to it. */
async function recargasDel(dia: string, cuantas: number) {
  const instante = instanteDeReloj(`${dia} 12:00:00`, ZONA);
  const cuenta = e.sandbox.cuentas('reloadly-cliente-prueba');
  cuenta.configurar({ ...cuenta.configuracion, desfaseRelojMs: Date.now() - instante });
  const ids: number[] = [];
  for (let i = 0; i < cuantas; i++) {
    const r = await recargar(e.app, admin, {
      dn: `56${String(++n).padStart(8, '0')}`,
      compania: 'T',
      plataforma: 1,
      monto: 50,
    });
    expect(r.json()).toMatchObject({ estado: 'exitosa' });
    ids.push((r.json() as { id: number }).id);
  }
  cuenta.configurar({ ...cuenta.configuracion, desfaseRelojMs: 0 });
  const creada = new Date(instante).toISOString();
  await sql`update recargas set creada = ${creada}::timestamptz,
      dia = (${creada}::timestamptz at time zone ${ZONA})::date where id = any(${ids})`.execute(e.db);
  return ids;
}

const diferencias = async (id: number) =>
  (await pedir(e.app, admin, 'GET', `/api/conciliaciones/${id}?limit=200`)).json().filas as {
    tipo: string;
    recarga: number | null;
    montoNuestro: number | null;
    montoSuyo: number | null;
    estadoNuestro: string | null;
    estadoSuyo: string | null;
  }[];

describe('statements: amounts and statuses', () => {
  it('decimal amounts are read exactly in centavos; refunds and Reloadly statuses are known', () => {
    expect(['50', '50.00', '$1,050.5', '50,5', '49.99 MXN', 50, 49.5].map(centavosDe)).toEqual([
      5000, 5000, 105_050, 5050, 4999, 5000, 4950,
    ]);
    expect(['50.001', '-5', '0', '1,0500', 'abc', '100000.01'].map(centavosDe)).toEqual(
      Array(6).fill(undefined),
    );
    expect(['SUCCESSFUL', 'FAILED', 'REFUNDED', 'Reembolsada', 'PROCESSING'].map(estadoDe)).toEqual([
      'exitosa',
      'fallida',
      'reembolsada',
      'reembolsada',
      undefined,
    ]);
  });
});

describe('reconciliation of a Reloadly platform', () => {
  it('the nightly job reads yesterday from the transactions report; a refund after success is a mismatch', async () => {
    const ids = await recargasDel(ayer, 5);
    const [reembolsada] = ids as [number];
    e.sandbox.reloadly.reembolsar(String(reembolsada));
    const hechas = await conciliaciones.conciliarAyer(e.app);
    expect(hechas).toBeGreaterThan(0);
    const l = await pedir(e.app, admin, 'GET', '/api/conciliaciones?limit=50');
    const dia = (l.json().filas as { id: number; dia: string; plataforma: number }[]).find(
      (d) => d.dia === ayer && d.plataforma === 1,
    );
    expect(dia).toMatchObject({
      origen: 'proveedor',
      nuestras: 5,
      suyas: 5,
      totalNuestro: 250,
      // The refunded one's money came back: Reloadly charged four.
      totalSuyo: 200,
      diferencia: 50,
      faltaNuestra: 0,
      faltaSuya: 0,
      monto: 0,
      estado: 1,
    });
    expect(await diferencias(dia?.id ?? 0)).toEqual([
      expect.objectContaining({
        tipo: 'estado',
        recarga: reembolsada,
        montoNuestro: 50,
        montoSuyo: 50,
        estadoNuestro: 'exitosa',
        estadoSuyo: 'reembolsada',
      }),
    ]);
  });

  it('a statement file in Reloadly columns with decimal amounts: 50.00 agrees, 49.50 does not', async () => {
    const ids = await recargasDel(antier, 3);
    const [igual, distinta, reembolsada] = ids as [number, number, number];
    const filas = [
      [
        'Transaction Id',
        'Custom Identifier',
        'Recipient Phone',
        'Delivered Amount',
        'Status',
        'Transaction Date',
      ],
      ['9001', String(igual), '5600000001', '50.00', 'SUCCESSFUL', `${antier} 12:00:00`],
      ['9002', String(distinta), '5600000002', '49.50', 'SUCCESSFUL', `${antier} 12:00:01`],
      ['9003', String(reembolsada), '5600000003', '50.00', 'REFUNDED', `${antier} 12:00:02`],
      ['9004', '', '5600000004', '20.00', 'PROCESSING', `${antier} 12:00:03`],
    ];
    const f = formulario(
      { plataforma: '1', dia: antier },
      { nombre: 'reloadly.csv', datos: Buffer.from(`${filas.map((x) => x.join(',')).join('\n')}\n`) },
    );
    const r = await pedir(e.app, admin, 'POST', '/api/conciliaciones/subir', f.payload, {
      cabeceras: f.headers,
    });
    expect(r.json()).toMatchObject({ mensaje: 'Conciliación realizada' });
    expect(r.json().dia).toMatchObject({
      origen: 'archivo',
      nuestras: 3,
      suyas: 3,
      totalNuestro: 150,
      totalSuyo: 99.5,
      diferencia: 50.5,
      monto: 1,
      estado: 1,
    });
    const d = await diferencias(r.json().dia.id);
    expect(d).toEqual([
      expect.objectContaining({ tipo: 'monto', recarga: distinta, montoNuestro: 50, montoSuyo: 49.5 }),
      expect.objectContaining({ tipo: 'estado', recarga: reembolsada, estadoSuyo: 'reembolsada' }),
    ]);
  });
});
