import { TITULOS_AUDITORIA } from '@recargas/contracts/auditoria';
import { M, texto } from '@recargas/contracts/mensajes';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, cliente, e, lider, prepararDemo } from './demo-entorno.ts';
import { entrar, leerXlsx, type Sesion } from './entorno.ts';
import { pedir } from './peticion.ts';

// Who reads the trail: levels 0 and 1 of its own company only; nobody changes a row (issue 22).
prepararDemo();

let hoy = '';
const lista = (s: Sesion, q: Record<string, string> = {}) =>
  pedir(e.app, s, 'GET', `/api/auditoria?${new URLSearchParams({ desde: hoy, hasta: hoy, ...q })}`);

const COLORES = ['#111111', '#222222', '#333333', '#444444', '#555555'];

beforeAll(async () => {
  hoy = (
    await sql<{ d: string }>`select (now() at time zone 'America/Mexico_City')::date::text as d`.execute(e.db)
  ).rows[0]?.d as string;
  for (const c of COLORES) await pedir(e.app, admin, 'PATCH', '/api/configuraciones', { accentColor: c });
  await pedir(e.app, admin, 'PATCH', '/minimos', { minimos: [{ id: 2, minimo: 1234 }] });
});

describe('GET /api/auditoria', () => {
  it("lists the day's changes newest first, with the total on the first page", async () => {
    const r = await lista(admin);
    expect(r.statusCode).toBe(200);
    const b = r.json();
    expect(b.total).toBe(6);
    expect(b.cambios[0]).toMatchObject({
      tipo: 'minimo',
      usuario: 'admin',
      ip: '127.0.0.1',
      despues: { minimo: 1234 },
    });
    expect(b.cambios.slice(1).map((c: { despues: object }) => c.despues)).toEqual(
      [...COLORES].reverse().map((accentColor) => ({ accentColor })),
    );
  });

  it('pages by keyset down to the last row', async () => {
    const ids: number[] = [];
    let after: string | null = '';
    while (after !== null) {
      const b: { cambios: { id: number }[]; siguiente: string | null } = (
        await lista(admin, { limit: '4', ...(after ? { after } : {}) })
      ).json();
      ids.push(...b.cambios.map((c: { id: number }) => c.id));
      after = b.siguiente;
    }
    expect(ids).toHaveLength(6);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  it('chips: the kind by its name or key, the user, the row; an unknown kind lists nothing', async () => {
    const chips = async (filtros: object) =>
      (await lista(admin, { filtros: JSON.stringify(filtros) })).json();
    expect((await chips({ tipo: ['Saldo mínimo'] })).total).toBe(1);
    expect((await chips({ tipo: ['configuracion'] })).total).toBe(5);
    expect((await chips({ tipo: ['minimo', 'Configuración'] })).total).toBe(6);
    expect((await chips({ usuario: ['ADM'] })).total).toBe(6);
    expect((await chips({ usuario: ['lider'] })).total).toBe(0);
    expect((await chips({ tipo: ['nada'] })).total).toBe(0);
  });

  it('refuses a range over 93 days, a reversed one and a bad day (400, Spanish)', async () => {
    const r = await lista(admin, { desde: '2026-01-01', hasta: '2026-04-05' });
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(texto('auditoriaRangoMaximo', { dias: 93 }));
    expect((await lista(admin, { desde: '2026-01-01', hasta: '2026-04-04' })).statusCode).toBe(200);
    expect((await lista(admin, { desde: '2026-02-02', hasta: '2026-02-01' })).json().mensaje).toBe(
      M.rangoFechasInvalido,
    );
    expect((await lista(admin, { desde: '2026-02-30' })).statusCode).toBe(400);
  });

  it('levels 2 and 3 are refused the list, a row and its Excel', async () => {
    for (const s of [lider, cliente]) {
      expect((await lista(s)).statusCode).toBe(403);
      expect((await pedir(e.app, s, 'GET', '/api/auditoria/1')).statusCode).toBe(403);
      const x = await pedir(e.app, s, 'POST', '/excel', {
        tipo: 'AUDITORIA',
        fechas: { fechaInicial: hoy, fechaFinal: hoy },
      });
      expect(x.statusCode).toBe(403);
    }
  });
});

describe("another company's trail is invisible", () => {
  it('its list is empty and a row id of demo is 404 there, 200 here', async () => {
    const otra = await entrar(e.app, 'admin', 'gmcel');
    const id = (await lista(admin)).json().cambios[0].id;
    expect((await pedir(e.app, admin, 'GET', `/api/auditoria/${id}`)).json()).toMatchObject({
      id,
      tipo: 'minimo',
    });
    expect((await lista(otra)).json()).toEqual({ cambios: [], total: 0, siguiente: null });
    const r = await pedir(e.app, otra, 'GET', `/api/auditoria/${id}`);
    expect(r.statusCode).toBe(404);
    expect(r.json().mensaje).toBe(M.noEncontrado);
  });
});

describe('append-only', () => {
  it('the API serves the trail by GET only', () => {
    const rutas = (e.app.swagger() as { paths: Record<string, object> }).paths;
    const deAuditoria = Object.entries(rutas).filter(([p]) => p.startsWith('/api/auditoria'));
    expect(deAuditoria.flatMap(([, ops]) => Object.keys(ops))).toEqual(['get', 'get']);
  });

  it('UPDATE, DELETE and TRUNCATE of a row fail in the database itself', async () => {
    const antes = await e.db.selectFrom('auditoria').selectAll().orderBy('id').execute();
    await expect(sql`update auditoria set usuario = 'otro'`.execute(e.db)).rejects.toThrow(/solo se agregan/);
    await expect(sql`delete from auditoria`.execute(e.db)).rejects.toThrow(/solo se agregan/);
    await expect(sql`truncate auditoria`.execute(e.db)).rejects.toThrow(/solo se agregan/);
    expect(await e.db.selectFrom('auditoria').selectAll().orderBy('id').execute()).toEqual(antes);
  });
});

describe('Excel AUDITORIA', () => {
  it("the list's rows and chips, through the one Excel path", async () => {
    const r = await pedir(e.app, admin, 'POST', '/excel', {
      tipo: 'AUDITORIA',
      fechas: { fechaInicial: hoy, fechaFinal: hoy },
      filtros: { tipo: ['configuracion'] },
    });
    expect(r.statusCode, r.body).toBe(200);
    const archivo = await pedir(e.app, null, 'GET', `/excel/descargar?nombre=${r.json().nombreArchivo}`);
    const [titulos, ...filas] = await leerXlsx(archivo.rawPayload);
    expect(titulos).toEqual(Object.values(TITULOS_AUDITORIA));
    expect(filas).toHaveLength(5);
    expect(filas[0]?.slice(1, 6)).toEqual(['admin', '127.0.0.1', M.tipoCambioConfiguracion, 'empresas', '1']);
    expect(filas[0]?.[7]).toBe('{"accentColor":"#555555"}');
  });
});
