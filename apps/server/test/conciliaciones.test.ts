import { M } from '@recargas/contracts/mensajes';
import { describe, expect, it } from 'vitest';
import * as conciliaciones from '../src/modules/conciliaciones/service.ts';
import * as recargas from '../src/modules/recargas/service.ts';
import {
  comoCsv,
  comoXlsx,
  diferenciasDe,
  estadoDelSimulador,
  recargasDelDia,
  subir,
} from './conciliaciones-prueba.ts';
import { admin, e, prepararDemo } from './demo-entorno.ts';
import { pedir } from './peticion.ts';

prepararDemo();

const fila = (id: number) =>
  e.db.selectFrom('recargas').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('reconciliation with the provider statement', () => {
  it('a day with each kind of mismatch injected into the statement is listed exactly', async () => {
    const dia = '2020-01-15';
    const { sim, ids } = await recargasDelDia(dia, 5);
    const [quitada, otroMonto, otroEstado] = ids as [number, number, number];
    const ajena = {
      folio: 'AJ-1',
      id: '',
      dn: '5599990000',
      centavos: 5000,
      estado: 'exitosa' as const,
      hora: `${dia}T19:00:00.000Z`,
    };
    sim.alterarEstadoCuenta({ tipo: 'quitar', id: String(quitada) });
    sim.alterarEstadoCuenta({ tipo: 'agregar', fila: ajena });
    sim.alterarEstadoCuenta({ tipo: 'monto', id: String(otroMonto), centavos: 99_900 });
    sim.alterarEstadoCuenta({ tipo: 'estado', id: String(otroEstado), estado: 'fallida' });

    const r = await pedir(e.app, admin, 'POST', '/api/conciliaciones/obtener', { plataforma: 1, dia });
    expect(r.statusCode, r.body).toBe(200);
    const monto = (await fila(otroMonto)).monto;
    const total = (await Promise.all(ids.map(fila))).reduce((s, f) => s + f.monto, 0);
    expect(r.json()).toMatchObject({
      mensaje: M.conciliacionHecha,
      dia: {
        dia,
        plataforma: 1,
        origen: 'proveedor',
        nuestras: 5,
        suyas: 5,
        totalNuestro: total,
        // Theirs: one of ours missing, one refused, one changed amount, one of their own.
        totalSuyo: total - (await fila(quitada)).monto - (await fila(otroEstado)).monto - monto + 999 + 50,
        faltaNuestra: 1,
        faltaSuya: 1,
        monto: 1,
        estado: 1,
        asentadas: 0,
      },
    });
    const b = r.json().dia;
    expect(b.diferencia).toBe(b.totalNuestro - b.totalSuyo);
    const porTipo = (await diferenciasDe(admin, b.id)).sort((x, y) =>
      String(x.tipo).localeCompare(String(y.tipo)),
    );
    const f = async (id: number) => ({ folio: (await fila(id)).folio, dn: (await fila(id)).dn });
    expect(porTipo).toEqual([
      {
        tipo: 'estado',
        recarga: otroEstado,
        ...(await f(otroEstado)),
        montoNuestro: (await fila(otroEstado)).monto,
        montoSuyo: (await fila(otroEstado)).monto,
        estadoNuestro: 'exitosa',
        estadoSuyo: 'fallida',
        hora: expect.stringMatching(/^2020-01-15T/),
      },
      {
        tipo: 'faltaNuestra',
        recarga: null,
        folio: 'AJ-1',
        dn: '5599990000',
        montoNuestro: null,
        montoSuyo: 50,
        estadoNuestro: null,
        estadoSuyo: 'exitosa',
        hora: '2020-01-15T19:00:00.000Z',
      },
      {
        tipo: 'faltaSuya',
        recarga: quitada,
        ...(await f(quitada)),
        montoNuestro: (await fila(quitada)).monto,
        montoSuyo: null,
        estadoNuestro: 'exitosa',
        estadoSuyo: null,
        hora: '2020-01-15T18:00:00.000Z',
      },
      {
        tipo: 'monto',
        recarga: otroMonto,
        ...(await f(otroMonto)),
        montoNuestro: monto,
        montoSuyo: 999,
        estadoNuestro: 'exitosa',
        estadoSuyo: 'exitosa',
        hora: expect.stringMatching(/^2020-01-15T/),
      },
    ]);
    // Fetching the day again replaces it: still one day, the same mismatches.
    const otra = await pedir(e.app, admin, 'POST', '/api/conciliaciones/obtener', { plataforma: 1, dia });
    expect(otra.json().dia.id).toBe(b.id);
    expect(await diferenciasDe(admin, b.id)).toHaveLength(4);
  });

  it.each([
    ['xlsx', '2020-02-10', comoXlsx],
    ['csv', '2020-02-11', async (f: Parameters<typeof comoCsv>[0]) => comoCsv(f)],
  ] as const)(
    'an uploaded %s statement gives the same result as the fetched one',
    async (_, dia, archivo) => {
      const { sim, ids } = await recargasDelDia(dia, 4);
      sim.alterarEstadoCuenta({ tipo: 'quitar', id: String(ids[0]) });
      sim.alterarEstadoCuenta({ tipo: 'monto', id: String(ids[1]), centavos: 700 });
      sim.alterarEstadoCuenta({ tipo: 'estado', id: String(ids[2]), estado: 'fallida' });
      sim.alterarEstadoCuenta({
        tipo: 'agregar',
        fila: {
          folio: 'X-9',
          id: '',
          dn: '5511112222',
          centavos: 3000,
          estado: 'exitosa',
          hora: `${dia}T20:00:00.000Z`,
        },
      });
      const obtenida = (
        await pedir(e.app, admin, 'POST', '/api/conciliaciones/obtener', { plataforma: 1, dia })
      ).json().dia;
      const fetched = await diferenciasDe(admin, obtenida.id);

      const r = await subir(admin, { plataforma: '1', dia }, await archivo(await estadoDelSimulador(dia)));
      expect(r.statusCode, r.body).toBe(200);
      const subida = r.json().dia;
      const sinOrigen = ({ origen: _o, creada: _c, ...resto }: Record<string, unknown>) => resto;
      expect(subida.origen).toBe('archivo');
      expect(sinOrigen(subida)).toEqual(sinOrigen(obtenida));
      expect(await diferenciasDe(admin, subida.id)).toEqual(fetched);
      expect(fetched).toHaveLength(4);
    },
  );

  it('a top-up still pendiente that the statement shows done is settled by the reconciliation rule', async () => {
    const dia = '2020-03-05';
    const { sim, ids } = await recargasDelDia(dia, 1, 2);
    const [, hecha, rechazada] = ids as [number, number, number];
    expect((await fila(hecha)).estado).toBe('pendiente');
    expect((await fila(rechazada)).estado).toBe('pendiente');
    sim.alterarEstadoCuenta({ tipo: 'estado', id: String(rechazada), estado: 'fallida' });
    const r = await pedir(e.app, admin, 'POST', '/api/conciliaciones/obtener', { plataforma: 1, dia });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().dia).toMatchObject({ asentadas: 2, faltaNuestra: 0, faltaSuya: 0, monto: 0, estado: 0 });
    const ok = await fila(hecha);
    // The provider's folio, the time it closed, as a status answer would have left it.
    expect(ok).toMatchObject({
      estado: 'exitosa',
      folio: (sim.consultar(String(hecha)) as { folio: string }).folio,
    });
    expect(ok.terminada).not.toBeNull();
    expect(await fila(rechazada)).toMatchObject({
      estado: 'fallida',
      mensaje: M.conciliacionRechazadaEstadoCuenta,
    });
    // The reconciliation job that was waiting for them finds them closed and asks nothing.
    expect(await recargas.reconciliar(e.app, hecha)).toBe(true);
    // Settled once: the day again settles nothing more.
    const otra = await pedir(e.app, admin, 'POST', '/api/conciliaciones/obtener', { plataforma: 1, dia });
    expect(otra.json().dia.asentadas).toBe(0);
  });

  it('the nightly job reconciles yesterday of every provider with a statement', async () => {
    const hechas = await conciliaciones.conciliarAyer(e.app);
    expect(hechas).toBeGreaterThan(0);
    const l = await pedir(e.app, admin, 'GET', '/api/conciliaciones?limit=50');
    expect(l.statusCode).toBe(200);
    const dias = l.json().filas as { dia: string; origen: string }[];
    expect(dias.some((d) => d.origen === 'proveedor' && d.dia > '2025-01-01')).toBe(true);
    // Newest first.
    expect(dias.map((d) => d.dia)).toEqual([...dias.map((d) => d.dia)].sort().reverse());
  });
});
