import { M, texto } from '@recargas/contracts/mensajes';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as masivas from '../src/modules/masivas/service.ts';
import * as recargas from '../src/modules/recargas/service.ts';
import { crearEntorno, type Entorno, entrar, type Sesion, simuladorDe } from './entorno.ts';
import { bloqueDePrueba } from './masivas-prueba.ts';
import { type Metodo, pedir } from './peticion.ts';
import { ventana } from './programada.ts';
import { formulario, libro } from './xlsx-prueba.ts';

/** Bulk blocks and scheduling through the API (no workers: the jobs are read, not run). */
let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
}, 60_000);
afterAll(async () => {
  await e?.cerrar();
});

/** A call from 10.4.5.6: the trail of the top-ups it asks records that address. */
const IP = '10.4.5.6';
const llamar = (metodo: Metodo, url: string, s: Sesion, payload?: unknown) =>
  pedir(e.app, s, metodo, url, payload, { ip: IP });

describe('bulk blocks', () => {
  it('lists the seeded block, its lines, and recharges one line once', async () => {
    const s = await entrar(e.app, 'admin');
    const r = await llamar('GET', '/api/bloqueRecargasMasivas', s);
    expect(r.statusCode).toBe(200);
    const { bloques, programacion } = r.json();
    expect(programacion).toBe(false);
    expect(bloques).toHaveLength(1);
    expect(bloques[0]).toMatchObject({ lineas: 25, recargadas: 0, disable: false, enCurso: 0 });
    const fecha = bloques[0].fechaNumerica;
    const d = await llamar('GET', `/api/recargasMasivas?fecha=${fecha}`, s);
    expect(d.statusCode).toBe(200);
    const det = d.json();
    expect(det.lineas).toHaveLength(25);
    // What 'Recargar bloque' would send, for its question (issue 41): every line and its amounts.
    const suma = (ls: { monto: number | null }[]) => ls.reduce((t, l) => t + (l.monto ?? 0), 0);
    expect(bloques[0]).toMatchObject({ porEnviar: 25, montoPorEnviar: suma(det.lineas) });
    expect(det.titulos.map((t: { llave: string }) => t.llave)).not.toContain('mensaje');
    const id = det.lineas[0].id;
    const [a, b] = await Promise.all([
      llamar('POST', '/api/recargarIndividual', s, { id }),
      llamar('POST', '/api/recargarIndividual', s, { id }),
    ]);
    // The second press meets the first one's top-up: done (200) or still in flight (202).
    const estados = [a.statusCode, b.statusCode].sort();
    expect(estados[0]).toBe(200);
    expect([200, 202]).toContain(estados[1]);
    expect(a.json().id).toBe(b.json().id);
    expect((a.statusCode === 200 ? a : b).json().linea.isRecargado).toBe(true);
    const filas = await e.db
      .selectFrom('recargas')
      .select('id')
      .where('idempotencia', 'like', `b:${id}:%`)
      .execute();
    expect(filas).toHaveLength(1);
    const rastro = await e.db
      .selectFrom('auditoria')
      .select(['ip', 'usuario_id'])
      .where('tipo', '=', 'recarga')
      .where('fila', '=', String(filas[0]?.id))
      .execute();
    expect(rastro).toEqual([{ ip: IP, usuario_id: expect.any(Number) }]);
    const despues = (await llamar('GET', `/api/recargasMasivas?fecha=${fecha}`, s)).json();
    expect(despues.bloque.recargadas).toBe(1);
    expect(despues.bloque).toMatchObject({ porEnviar: 24, montoPorEnviar: suma(det.lineas.slice(1)) });
  });

  it('a double press of Recargar bloque queues each line once; unknown blocks and bad input are 4xx', async () => {
    const s = await entrar(e.app, 'admin');
    const { bloques } = (await llamar('GET', '/api/bloqueRecargasMasivas', s)).json();
    const fecha = bloques[0].fechaNumerica;
    const [a, b] = await Promise.all([
      llamar('POST', '/api/recargarBloque', s, { fecha }),
      llamar('POST', '/api/recargarBloque', s, { fecha }),
    ]);
    expect(a.json().encoladas + b.json().encoladas).toBe(24);
    const jobs = await sql<{
      n: number;
    }>`select count(*)::int as n from pgboss.job where name = 'recarga-masiva'`.execute(e.db);
    expect(jobs.rows[0]?.n).toBe(24);
    // Each job carries the address of the press, for its top-up's trail row.
    const ips = await sql<{ ip: string }>`select distinct data->>'ip' as ip from pgboss.job
      where name = 'recarga-masiva'`.execute(e.db);
    expect(ips.rows).toEqual([{ ip: IP }]);
    expect((await llamar('GET', '/api/bloqueRecargasMasivas', s)).json().bloques[0].disable).toBe(true);
    const x = await llamar('POST', '/api/recargarBloque', s, { fecha: 123 });
    expect(x.statusCode).toBe(404);
    expect(x.json().mensaje).toBe(M.bloqueNoEncontrado);
    expect((await llamar('POST', '/api/recargarBloque', s, { fecha: 'x' })).statusCode).toBe(400);
    expect((await llamar('GET', '/api/recargasMasivas?fecha=', s)).statusCode).toBe(400);
    expect((await llamar('POST', '/api/recargarIndividual', s, { id: 999999 })).statusCode).toBe(404);
  });

  it('a leader and another company see nothing; scheduling is refused without the feature', async () => {
    const lider = await entrar(e.app, 'lider');
    expect((await llamar('GET', '/api/bloqueRecargasMasivas', lider)).statusCode).toBe(403);
    const vcell = await entrar(e.app, 'admin', 'vcell');
    const demo = await entrar(e.app, 'admin');
    const fechaDemo = (await llamar('GET', '/api/bloqueRecargasMasivas', demo)).json().bloques[0]
      .fechaNumerica;
    expect((await llamar('GET', `/api/recargasMasivas?fecha=${fechaDemo}`, vcell)).statusCode).toBe(404);
    const p = await llamar('POST', '/api/cambiaTiempoAutomatico', demo, { identificador: fechaDemo });
    expect(p.statusCode).toBe(403);
    expect(p.json().mensaje).toBe(M.programacionNoDisponible);
    expect((await llamar('GET', '/api/getRecargasProgramadas', demo)).json()).toEqual({ programas: [] });
    const c = await llamar('POST', '/api/cancelarProgramacion', demo, { identificador: 1 });
    expect(c.statusCode).toBe(403);
  });
});

describe('scheduling (vcell)', () => {
  it('validation messages of section 5', async () => {
    const s = await entrar(e.app, 'admin', 'vcell');
    const fecha = (await llamar('GET', '/api/bloqueRecargasMasivas', s)).json().bloques[0].fechaNumerica;
    const faltan = await llamar('POST', '/api/cambiaTiempoAutomatico', s, {
      identificador: fecha,
      diaIni: 1,
    });
    expect(faltan.statusCode).toBe(400);
    expect(faltan.json().mensaje).toBe(M.todosLosCamposLlenos);
    const ahora = Date.now();
    const alReves = ventana(fecha, new Date(ahora + 3_600_000), new Date(ahora + 600_000));
    const r = await llamar('POST', '/api/cambiaTiempoAutomatico', s, alReves);
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(M.fechaFinalMenor);
    const igual = ventana(fecha, new Date(ahora + 3_600_000), new Date(ahora + 3_600_000));
    expect((await llamar('POST', '/api/cambiaTiempoAutomatico', s, igual)).json().mensaje).toBe(
      M.fechaFinalMenor,
    );
    // A start before this minute (issue 41): its top-ups would go out at once.
    const pasada = ventana(fecha, new Date(ahora - 120_000), new Date(ahora + 3_600_000));
    const p = await llamar('POST', '/api/cambiaTiempoAutomatico', s, pasada);
    expect(p.statusCode).toBe(400);
    expect(p.json().mensaje).toBe(M.inicioPasado);
    expect((await llamar('GET', '/api/getRecargasProgramadas', s)).json().programas).toEqual([]);
    const mala = { ...ventana(fecha, new Date(ahora), new Date(ahora + 7_200_000)), diaIni: 31, mesIni: 2 };
    expect((await llamar('POST', '/api/cambiaTiempoAutomatico', s, mala)).statusCode).toBe(400);
  });

  it('a 2-minute window spreads 100 lines within it; cancel stops the rest', async () => {
    const { empresa, bloque } = await bloqueDePrueba(e, 'vcell', 100, {
      prefijo: '8952188',
      dn: '58',
      monto: 50,
      compania: 'M',
      nombre: () => '',
    });
    const s = await entrar(e.app, 'admin', 'vcell');
    // Whole minutes: the window starts at the next minute and lasts two.
    const inicio = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000);
    const fin = new Date(inicio.getTime() + 120_000);
    const r = await llamar(
      'POST',
      '/api/cambiaTiempoAutomatico',
      s,
      ventana(bloque.fechaNumerica, inicio, fin),
    );
    expect(r.statusCode).toBe(200);
    expect(r.json().mensaje).toBe(M.recargasProgramadas);
    const prog = r.json().programacion;
    expect(prog).toMatchObject({ lineas: 100, pendientes: 100, montoPendiente: 5000 });
    const jobs = await sql<{ start_after: Date }>`select start_after from pgboss.job
        where name = 'recarga-masiva' and (data->>'programacionId')::int = ${prog.identificador}
        order by start_after`.execute(e.db);
    const t = jobs.rows.map((j) => new Date(j.start_after).getTime());
    expect(t).toHaveLength(100);
    expect(Math.min(...t)).toBe(inicio.getTime());
    expect(Math.max(...t)).toBeLessThan(fin.getTime());
    // Evenly: 1.2 s apart.
    for (let i = 1; i < t.length; i++)
      expect(Math.abs((t[i] ?? 0) - (t[i - 1] ?? 0) - 1200)).toBeLessThanOrEqual(1);

    const lista = (await llamar('GET', '/api/getRecargasProgramadas', s)).json().programas;
    expect(lista.map((p: { identificador: number }) => p.identificador)).toContain(prog.identificador);
    // Simulate that the first 10 already ran (their top-ups exist), then cancel.
    const vcellDemo = await e.db
      .selectFrom('bloque_lineas')
      .select(['id', 'intento'])
      .where('programacion_id', '=', prog.identificador)
      .orderBy('id')
      .limit(10)
      .execute();
    const admin = await e.db
      .selectFrom('usuarios')
      .select('id')
      .where('empresa_id', '=', empresa.id)
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    for (const l of vcellDemo)
      await masivas.recargarIndividual(
        e.app,
        // MOVI_DN: the block's DN goes with the ICC (a Movistar top-up with no DN at all needs MOVI_SIN_DN).
        { empresaId: empresa.id, usuarioId: admin.id, nivel: 1, permisos: ['MOVI_DN'] },
        l.id,
      );
    const c = await llamar('POST', '/api/cancelarProgramacion', s, { identificador: prog.identificador });
    expect(c.statusCode).toBe(200);
    const estados = await sql<{ state: string; n: number }>`select state, count(*)::int as n from pgboss.job
        where name = 'recarga-masiva' and (data->>'programacionId')::int = ${prog.identificador}
        group by state`.execute(e.db);
    const cancelados = estados.rows.find((x) => x.state === 'cancelled')?.n ?? 0;
    expect(cancelados).toBe(c.json().canceladas);
    expect(cancelados).toBe(90);
    expect((await llamar('GET', '/api/getRecargasProgramadas', s)).json().programas).toEqual([]);
    const otra = await llamar('POST', '/api/cancelarProgramacion', s, { identificador: prog.identificador });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().mensaje).toBe(M.noSePudoCancelar);
  });
});

describe('upload action 4 (Recargas Masivas)', () => {
  it('an .xlsx made with exceljs creates a block of its valid rows', async () => {
    const s = await entrar(e.app, 'admin');
    const antes = (await llamar('GET', '/api/bloqueRecargasMasivas', s)).json().bloques.length;
    const datos = await libro([
      ['ICC', 'DN', 'COMPANIA', 'MONTO', 'LIDER', 'CLIENTE', 'NIR'],
      ['8952177000000000001', '5512345601', 'Telcel', '30', '', '', ''],
      ['8952177000000000002', '5512345602', 'M', '50', '', '', ''],
      ['8952177000000000003', '5512345603', 'A', '100', '', '', ''],
      ['123', '5512345604', 'T', '30', '', '', ''],
    ]);
    const f = formulario({ accion: '4' }, { nombre: 'masivas.xlsx', datos });
    const r = await pedir(e.app, s, 'POST', '/subirArchivo', f.payload, { cabeceras: f.headers });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ total: 4, correctos: 3, erroneos: 1 });
    const { bloques } = (await llamar('GET', '/api/bloqueRecargasMasivas', s)).json();
    expect(bloques).toHaveLength(antes + 1);
    expect(bloques[0]).toMatchObject({ lineas: 3, recargadas: 0, monto: 180 });
    const det = (await llamar('GET', `/api/recargasMasivas?fecha=${bloques[0].fechaNumerica}`, s)).json();
    expect(det.lineas.map((l: { icc: string; compania: string }) => [l.icc, l.compania])).toEqual([
      ['8952177000000000001', 'T'],
      ['8952177000000000002', 'M'],
      ['8952177000000000003', 'A'],
    ]);
    // Its lines joined the inventory.
    const enInventario = await e.db
      .selectFrom('lineas')
      .select('icc')
      .where('icc', 'like', '8952177%')
      .execute();
    expect(enInventario).toHaveLength(3);
    // A leader may not upload action 4.
    const lider = await entrar(e.app, 'lider');
    const g = formulario({ accion: '4' }, { nombre: 'masivas.xlsx', datos });
    const x = await pedir(e.app, lider, 'POST', '/subirArchivo', g.payload, { cabeceras: g.headers });
    expect(x.statusCode).toBe(403);
  });
});

describe('the finished-block event', () => {
  it('announces a block once nothing of it is open, once per outcome, also when reconciliation ends it', async () => {
    const ctx = e.app;
    const admin = await e.db
      .selectFrom('usuarios as u')
      .innerJoin('empresas as em', 'em.id', 'u.empresa_id')
      .select(['u.id', 'u.empresa_id', 'u.nivel'])
      .where('em.codigo', '=', 'tgmex')
      .where('u.username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const bloque = await masivas.crearBloque(
      ctx,
      admin.empresa_id,
      admin.id,
      [0, 1, 2].map((i) => ({
        icc: `8952177${String(i).padStart(12, '0')}`,
        dn: `59${String(i).padStart(8, '0')}`,
        monto: 30,
        compania: 'T' as const,
        nombre: `Aviso ${i}`,
      })),
    );
    const lineas = await e.db
      .selectFrom('bloque_lineas as bl')
      .innerJoin('bloques as b', 'b.id', 'bl.bloque_id')
      .select(['bl.id', 'b.id as bloque'])
      .where('b.fecha_numerica', '=', bloque.fechaNumerica)
      .where('bl.empresa_id', '=', admin.empresa_id)
      .orderBy('bl.id')
      .execute();
    const trabajo = (id: number) =>
      masivas.procesarLinea(ctx, {
        id,
        empresaId: admin.empresa_id,
        intento: 0,
        usuarioId: admin.id,
        nivel: admin.nivel,
        permisos: ['RECARGAS_MASIVAS'],
      });
    const avisos = () =>
      e.db
        .selectFrom('notificaciones')
        .select(['clave', 'titulo', 'cuerpo'])
        .where('empresa_id', '=', admin.empresa_id)
        .where('clave', 'like', 'bloque:%')
        .execute();

    await trabajo(lineas[0]?.id as number);
    await trabajo(lineas[1]?.id as number);
    expect(await avisos()).toEqual([]);
    // The last line's outcome is not known at once: the block is not finished yet.
    const sim = await simuladorDe(e, 'tgmex', 1);
    sim.configurar({ demoraResultadoMs: 200 });
    await trabajo(lineas[2]?.id as number);
    sim.configurar({ demoraResultadoMs: 0 });
    expect(await avisos()).toEqual([]);
    const abierta = await e.db
      .selectFrom('recargas')
      .select('id')
      .where('idempotencia', '=', `b:${lineas[2]?.id}:0`)
      .executeTakeFirstOrThrow();
    await new Promise((ok) => setTimeout(ok, 250));
    expect(await recargas.reconciliar(ctx, abierta.id)).toBe(true);
    await masivas.alDecidirRecarga(ctx, abierta.id);
    const resumen = (await masivas.bloques(ctx, admin.empresa_id, { limit: 100 })).bloques.find(
      (b) => b.fechaNumerica === bloque.fechaNumerica,
    );
    expect(await avisos()).toEqual([
      {
        clave: `bloque:${lineas[0]?.bloque}:3`,
        titulo: M.asuntoBloqueTerminado,
        cuerpo: texto('bloqueTerminado', { fecha: resumen?.fecha ?? '', recargadas: 3, lineas: 3 }),
      },
    ]);
    // A job run again, or the reconciliation seen twice, announces nothing new.
    await trabajo(lineas[0]?.id as number);
    await masivas.alDecidirRecarga(ctx, abierta.id);
    expect(await avisos()).toHaveLength(1);
  });
});
