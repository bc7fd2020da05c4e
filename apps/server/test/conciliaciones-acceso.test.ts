import type { AddressInfo } from 'node:net';
import { fechaHora } from '@recargas/contracts/fechas';
import { M, texto } from '@recargas/contracts/mensajes';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ProveedorHttp } from '../src/providers/http.ts';
import { servidorSimulador } from '../src/providers/servidor-simulador.ts';
import { comoCsv, comoXlsx, guardadas, recargasDelDia, subir } from './conciliaciones-prueba.ts';
import { admin, cliente, demo, e, lider, prepararDemo } from './demo-entorno.ts';
import { entrar, leerXlsx } from './entorno.ts';
import { pedir } from './peticion.ts';
import { libro } from './xlsx-prueba.ts';

prepararDemo();

const fila = (id: number) =>
  e.db.selectFrom('recargas').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('reconciliation: who sees what, and bad input', () => {
  it("another company's days are not found (404) and not listed", async () => {
    const r = await pedir(e.app, admin, 'POST', '/api/conciliaciones/obtener', {
      plataforma: 1,
      dia: '2020-04-01',
    });
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json().dia.id as number;
    const otra = await entrar(e.app, 'admin', 'gmcel');
    const dia = await pedir(e.app, otra, 'GET', `/api/conciliaciones/${id}`);
    expect(dia.statusCode).toBe(404);
    expect(dia.json().mensaje).toBe(M.noEncontrado);
    const lista = await pedir(e.app, otra, 'GET', '/api/conciliaciones');
    expect(lista.json().filas.map((d: { id: number }) => d.id)).not.toContain(id);
    const excel = await pedir(e.app, otra, 'POST', '/excel', {
      tipo: 'CONCILIACION',
      filtros: { conciliacion: [String(id)] },
    });
    expect(excel.statusCode).toBe(404);
  });

  it('levels 2 and 3 are refused every reconciliation call', async () => {
    for (const s of [lider, cliente]) {
      for (const [m, url] of [
        ['GET', '/api/conciliaciones'],
        ['GET', '/api/conciliaciones/1'],
        ['POST', '/api/conciliaciones/obtener'],
        ['POST', '/api/conciliaciones/subir'],
      ] as const) {
        const r = await pedir(
          e.app,
          s,
          m,
          url,
          m === 'POST' ? { plataforma: 1, dia: '2020-04-01' } : undefined,
        );
        expect(r.statusCode, `${m} ${url}`).toBe(403);
        expect(r.json().mensaje).toBe(M.sinPermiso);
      }
      const excel = await pedir(e.app, s, 'POST', '/excel', { tipo: 'CONCILIACIONES' });
      expect(excel.statusCode).toBe(403);
    }
  });

  it("the list says the company's yesterday in its own time zone: the latest day it reconciles", async () => {
    // Kiritimati (UTC+14) and Pago Pago (UTC-11) are two dates apart for 1 hour a day and one
    // apart otherwise; each answer must be that zone's yesterday, whatever the server's zone.
    const enZona = (zona: string, ms: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zona }).format(new Date(ms));
    const dias: string[] = [];
    for (const zona of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      await sql`update empresas set ajustes = ajustes || ${JSON.stringify({ zonaHoraria: zona })}::jsonb,
        version = version + 1 where id = ${demo}`.execute(e.db);
      const ayer = (await pedir(e.app, admin, 'GET', '/api/conciliaciones')).json().ayer as string;
      expect(ayer).toBe(enZona(zona, Date.now() - 86_400_000));
      dias.push(ayer);
      const manana = enZona('UTC', Date.parse(`${ayer}T12:00:00Z`) + 86_400_000);
      const tarde = await pedir(e.app, admin, 'POST', '/api/conciliaciones/obtener', {
        plataforma: 1,
        dia: manana,
      });
      expect(tarde.statusCode).toBe(400);
      expect(tarde.json().mensaje).toBe(M.conciliacionDiaFuturo);
    }
    expect(dias[0]).not.toBe(dias[1]);
    await sql`update empresas set ajustes = ajustes - 'zonaHoraria', version = version + 1 where id = ${demo}`.execute(
      e.db,
    );
  });

  it('bad uploads are refused with a Spanish mensaje and write nothing, settle nothing', async () => {
    const dia = '2020-05-20';
    const { ids } = await recargasDelDia(dia, 1, 1);
    const abierta = ids[1] as number;
    const f = await fila(abierta);
    const buena = {
      folio: '1',
      id: String(abierta),
      dn: f.dn,
      centavos: f.monto * 100,
      estado: 'exitosa' as const,
      hora: '',
    };
    const antes = await guardadas();
    const casos: [Parameters<typeof subir>[1], Parameters<typeof subir>[2], number, string][] = [
      [{ plataforma: '1', dia }, undefined, 400, M.conciliacionArchivoRequerido],
      [
        { plataforma: '1', dia },
        { nombre: 'estado.txt', datos: Buffer.from('x') },
        415,
        M.conciliacionSoloXlsxCsv,
      ],
      [{ plataforma: '3', dia }, comoCsv([buena]), 400, M.conciliacionPlataformaInvalida],
      [{ plataforma: '1', dia: '2999-01-01' }, comoCsv([buena]), 400, M.conciliacionDiaFuturo],
      [{ plataforma: '1', dia: '2020-02-31' }, comoCsv([buena]), 400, M.lineaFechaInvalida],
      [
        { plataforma: '1', dia },
        { nombre: 'estado.xlsx', datos: Buffer.from('no es un zip') },
        415,
        M.archivoSoloXlsx,
      ],
      [
        { plataforma: '1', dia },
        { nombre: 'estado.csv', datos: Buffer.from([0xff, 0xfe, 0x00]) },
        400,
        M.conciliacionArchivoIlegible,
      ],
      [
        { plataforma: '1', dia },
        { nombre: 'estado.csv', datos: Buffer.from('Folio;Monto\n1;30\n') },
        400,
        texto('conciliacionColumnasFaltan', { columnas: 'id, numero, estatus' }),
      ],
      // The first row would settle the open top-up: the bad third one refuses the file whole.
      [
        { plataforma: '1', dia },
        comoCsv([buena, { ...buena, id: '', folio: 'Z' }, { ...buena, id: '', folio: 'Y', centavos: -500 }]),
        400,
        texto('conciliacionFilaInvalida', { fila: 4, detalle: M.conciliacionMontoSuyo }),
      ],
      [
        { plataforma: '1', dia },
        {
          nombre: 'estado.xlsx',
          datos: await libro([
            ['Folio', 'Id', 'Número', 'Monto', 'Estatus'],
            ['1', String(abierta), f.dn, f.monto, 'quizá'],
          ]),
        },
        400,
        texto('conciliacionFilaInvalida', { fila: 2, detalle: M.conciliacionEstadoSuyo }),
      ],
    ];
    for (const [campos, archivo, status, mensaje] of casos) {
      const r = await subir(admin, campos, archivo);
      expect(r.statusCode, `${JSON.stringify(campos)} ${archivo?.nombre}`).toBe(status);
      expect(r.json().mensaje).toBe(mensaje);
    }
    const json = await pedir(e.app, admin, 'POST', '/api/conciliaciones/subir', { plataforma: 1, dia });
    expect(json.statusCode).toBe(400);
    expect(await guardadas()).toEqual(antes);
    expect((await fila(abierta)).estado).toBe('pendiente');
    // The same file, good, settles it.
    const ok = await subir(admin, { plataforma: '1', dia }, await comoXlsx([buena]));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await fila(abierta)).estado).toBe('exitosa');
  });

  it('Excel of the days and of a day: the rows the screen lists', async () => {
    const dia = '2020-06-02';
    const { sim, ids } = await recargasDelDia(dia, 2);
    sim.alterarEstadoCuenta({ tipo: 'quitar', id: String(ids[0]) });
    const r = await pedir(e.app, admin, 'POST', '/api/conciliaciones/obtener', { plataforma: 1, dia });
    const id = r.json().dia.id as number;
    const gen = await pedir(e.app, admin, 'POST', '/excel', {
      tipo: 'CONCILIACION',
      filtros: { conciliacion: [String(id)] },
    });
    expect(gen.statusCode, gen.body).toBe(200);
    const archivo = await pedir(e.app, null, 'GET', `/excel/descargar?nombre=${gen.json().nombreArchivo}`);
    const celdas = await leerXlsx(archivo.rawPayload);
    expect(celdas[0]?.[0]).toBe(M.conciliacionTipo);
    const quitada = await fila(ids[0] as number);
    expect(celdas).toHaveLength(2);
    expect(celdas[1]?.slice(0, 5)).toEqual([
      M.conciliacionFaltaSuya,
      quitada.id,
      quitada.folio,
      quitada.dn,
      quitada.monto,
    ]);
    // Its time as every screen writes it, on the company's clock (issue 41).
    expect(celdas[1]?.[8]).toBe(fechaHora(quitada.creada, 'America/Mexico_City'));
    const dias = await pedir(e.app, admin, 'POST', '/excel', { tipo: 'CONCILIACIONES' });
    expect(dias.statusCode).toBe(200);
    const total = (await pedir(e.app, admin, 'GET', '/api/conciliaciones')).json().total;
    expect(dias.json().filas).toBe(total);
  });

  it('the HTTP simulator serves the statement with its injected mismatches', async () => {
    const sim = servidorSimulador({
      fallas: { desfaseRelojMs: Date.now() - Date.parse('2020-07-01T18:00:00Z') },
    });
    await new Promise<void>((ok) => sim.server.listen(0, '127.0.0.1', ok));
    try {
      const url = `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`;
      const p = new ProveedorHttp(url, '1-recargatodo');
      const envio = { dn: '5512340000', icc: '', carrier: 'T' as const, monto: 30, tipo: 'todito' };
      for (const id of ['1', '2', '3']) expect((await p.send({ ...envio, id })).estado).toBe('aceptada');
      const alterar = (a: unknown) =>
        fetch(`${url}/1-recargatodo/alteraciones`, { method: 'POST', body: JSON.stringify(a) });
      await alterar({ tipo: 'quitar', id: '1' });
      await alterar({ tipo: 'monto', id: '2', centavos: 5000 });
      const filas = await p.estadoDeCuenta('2020-07-01', 'America/Mexico_City');
      expect(filas.map((f) => [f.id, f.centavos, f.estado])).toEqual([
        ['2', 5000, 'exitosa'],
        ['3', 3000, 'exitosa'],
      ]);
      expect(await p.estadoDeCuenta('2020-07-02', 'America/Mexico_City')).toEqual([]);
    } finally {
      sim.server.closeAllConnections();
      await new Promise((ok) => sim.server.close(ok));
    }
  });
});
