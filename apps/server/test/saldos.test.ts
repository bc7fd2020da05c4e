import { M, texto } from '@recargas/contracts/mensajes';
import { describe, expect, it } from 'vitest';
import * as saldos from '../src/modules/saldos/service.ts';
import { admin, e, prepararDemo } from './demo-entorno.ts';
import { entrar, simuladorDe } from './entorno.ts';
import { pedir } from './peticion.ts';

prepararDemo();

describe('balances and minimum balances', () => {
  it('GET /saldosData gives Recargatodo and both Pagaqui bags', async () => {
    (await simuladorDe(e, 'demo', 2)).configurar({}, { MOVISTAR: 1234, IUSA_UNEFON: 5678 });
    const r = await pedir(e.app, admin, 'GET', '/saldosData');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      data: {
        saldos: { recargatodo: 1_000_000, pagaqui: { MOVISTAR: 1234, IUSA_UNEFON: 5678 } },
        // Each platform's breaker (carriers-respaldo.test.ts): never changed yet.
        estados: [
          { plataforma: 1, nombre: 'Recargatodo', estado: 'disponible', cambiado: null },
          { plataforma: 2, nombre: 'Pagaqui', estado: 'disponible', cambiado: null },
        ],
      },
    });
  });

  it('levels 2 and 3 are refused balances and minimums', async () => {
    for (const u of ['lider', 'cliente']) {
      const s = await entrar(e.app, u);
      for (const [m, url] of [
        ['GET', '/saldosData'],
        ['GET', '/minimos'],
        ['PATCH', '/minimos'],
        ['POST', '/api/configRecargasSinUsuario'],
      ] as const) {
        const r = await pedir(e.app, s, m, url, m === 'GET' ? undefined : {});
        expect(r.statusCode, `${u} ${m} ${url}`).toBe(403);
      }
    }
  });

  it('PATCH /minimos saves both; an empty amount is refused with the spec message and saves nothing', async () => {
    const vacio = await pedir(e.app, admin, 'PATCH', '/minimos', {
      minimos: [
        { id: 1, minimo: 500 },
        { id: 2, minimo: '' },
      ],
    });
    expect(vacio.statusCode).toBe(400);
    expect(vacio.json().mensaje).toBe(M.montoVacio);
    expect((await pedir(e.app, admin, 'GET', '/minimos')).json()).toEqual({
      data: {
        minimos: [
          { id: 1, minimo: 0 },
          { id: 2, minimo: 0 },
        ],
      },
    });
    const ok = await pedir(e.app, admin, 'PATCH', '/minimos', {
      minimos: [
        { id: 1, minimo: 500 },
        { id: 2, minimo: 2000 },
      ],
    });
    expect(ok.json()).toEqual({ mensaje: M.actualizadoCorrectamente });
    expect((await pedir(e.app, admin, 'GET', '/minimos')).json()).toEqual({
      data: {
        minimos: [
          { id: 1, minimo: 500 },
          { id: 2, minimo: 2000 },
        ],
      },
    });
  });

  it('a bag under its minimum raises one alert per crossing, closed when the bag is back', async () => {
    const ctx = e.app;
    const pagaqui = await simuladorDe(e, 'demo', 2);
    pagaqui.configurar({}, { MOVISTAR: 1234, IUSA_UNEFON: 5678 });
    await saldos.revisar(ctx);
    await saldos.revisar(ctx);
    let alertas = (await pedir(e.app, admin, 'GET', '/api/alertasSaldo')).json().alertas;
    expect(alertas.map((a: { mensaje: string }) => a.mensaje)).toEqual([
      texto('saldoBajo', { proveedor: 'Pagaqui', bolsa: 'MOVISTAR', saldo: 1234, minimo: 2000 }),
    ]);
    pagaqui.configurar({}, { MOVISTAR: 9000, IUSA_UNEFON: 5678 });
    await saldos.revisar(ctx);
    expect((await pedir(e.app, admin, 'GET', '/api/alertasSaldo')).json().alertas).toEqual([]);
    pagaqui.configurar({}, { MOVISTAR: 100, IUSA_UNEFON: 5678 });
    await saldos.revisar(ctx);
    await saldos.revisar(ctx);
    alertas = (await pedir(e.app, admin, 'GET', '/api/alertasSaldo')).json().alertas;
    expect(alertas).toHaveLength(1);
    const todas = await e.db.selectFrom('alertas_saldo').selectAll().execute();
    expect(todas).toHaveLength(2);
    // Another company's admin sees none of them.
    const otro = await entrar(e.app, 'admin', 'gmcel');
    expect((await pedir(e.app, otro, 'GET', '/api/alertasSaldo')).json().alertas).toEqual([]);
  });

  it('POST /api/configRecargasSinUsuario keeps 1 to 2000', async () => {
    const guardado = async () => (await pedir(e.app, null, 'GET', '/getEmpresa/demo')).json().maxRecargas;
    for (const maxRecargas of [1, 2000, 150]) {
      const r = await pedir(e.app, admin, 'POST', '/api/configRecargasSinUsuario', { maxRecargas });
      expect(r.json(), String(maxRecargas)).toEqual({ mensaje: M.configuracionRealizada });
      expect(await guardado()).toBe(maxRecargas);
    }
    // Just outside the bounds, a fraction and a word are refused and change nothing.
    for (const maxRecargas of [0, 2001, 1.5, 'x']) {
      const r = await pedir(e.app, admin, 'POST', '/api/configRecargasSinUsuario', { maxRecargas });
      expect(r.statusCode, String(maxRecargas)).toBe(400);
      expect(await guardado()).toBe(150);
    }
  });
});
