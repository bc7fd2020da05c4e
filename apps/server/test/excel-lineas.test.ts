import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { etiquetaCarrier } from '@recargas/contracts/carriers';
import { COLUMNAS_LINEA } from '@recargas/contracts/lineas';
import { M } from '@recargas/contracts/mensajes';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barrer, registrarExportador } from '../src/modules/excel/service.ts';
import { crearEntorno, type Entorno, entrar, leerXlsx } from './entorno.ts';
import { pedir } from './peticion.ts';

type Sesion = Awaited<ReturnType<typeof entrar>>;
let e: Entorno;
let admin: Sesion;
let lider: Sesion;
let cliente: Sesion;

beforeAll(async () => {
  e = await crearEntorno();
  admin = await entrar(e.app, 'admin');
  lider = await entrar(e.app, 'lider');
  cliente = await entrar(e.app, 'cliente');
});
afterAll(() => e.cerrar());

const excel = (s: Sesion, body: object) => pedir(e.app, s, 'POST', '/excel', body);
/** Names of the exports stored in the database, complete or not. */
const guardados = async () =>
  (await e.db.selectFrom('excel_archivos').select('nombre').orderBy('nombre').execute()).map((f) => f.nombre);
const descargar = (nombre: string) =>
  pedir(e.app, null, 'GET', `/excel/descargar?nombre=${encodeURIComponent(nombre)}`);

/** Every row of /iccs for the same query, as the screen would load it. */
async function pantalla(s: Sesion, q: Record<string, string>) {
  const filas: Record<string, unknown>[] = [];
  let after: string | null = null;
  let titulos: { llave: string; valor: string }[] = [];
  do {
    const params: URLSearchParams = new URLSearchParams({ ...q, limit: '100', ...(after ? { after } : {}) });
    const b: { titulos: typeof titulos; lineas: Record<string, unknown>[]; siguiente: string | null } = (
      await pedir(e.app, s, 'GET', `/iccs?${params}`)
    ).json();
    titulos = b.titulos;
    filas.push(...b.lineas);
    after = b.siguiente;
  } while (after);
  return { filas, titulos };
}

describe('POST /excel tipo ADMINISTRAR', () => {
  it("writes the screen's columns and rows; a second reader (exceljs) reads them back", async () => {
    const filtros = { compania: ['telcel', 'movistar'] };
    const fechas = { fechaInicial: '2000/01/01' };
    const r = await excel(admin, { tipo: 'ADMINISTRAR', filtros, fechas });
    expect(r.statusCode).toBe(200);
    const { nombreArchivo, expira, filas: n } = r.json();
    expect(nombreArchivo).toMatch(/^administrar-\d{8}-\d{6}-[0-9a-f]{32}\.xlsx$/);
    expect(new Date(expira).getTime()).toBeGreaterThan(Date.now());
    const d = await descargar(nombreArchivo);
    expect(d.statusCode).toBe(200);
    expect(d.headers['content-type']).toContain('spreadsheetml');
    const [titulos, ...filas] = await leerXlsx(d.rawPayload);
    const vista = await pantalla(admin, { fechaInicial: '2000-01-01', filtros: JSON.stringify(filtros) });
    expect(titulos).toEqual(vista.titulos.map((t) => t.valor));
    expect(titulos).toContain(COLUMNAS_LINEA.plataforma);
    expect(filas).toHaveLength(vista.filas.length);
    expect(n).toBe(vista.filas.length);
    expect(n).toBeGreaterThan(50);
    const col = (t: string) => (titulos as string[]).indexOf(t);
    // Same rows in the same order: ICCs, names and carriers as the screen shows them.
    expect(filas.map((f) => f[col('Icc')])).toEqual(vista.filas.map((l) => l.icc));
    expect(filas.map((f) => f[col('Lider')])).toEqual(vista.filas.map((l) => l.liderNombre));
    expect(filas.map((f) => f[col('Compañia')])).toEqual(
      vista.filas.map((l) => etiquetaCarrier(String(l.compania))),
    );
    expect(new Set(filas.map((f) => f[col('Compañia')]))).toEqual(new Set(['Telcel', 'Movistar']));
    expect(filas.map((f) => f[col('Monto')] ?? null)).toEqual(vista.filas.map((l) => l.monto));
    const sinFecha = filas.filter((f) => f[col('Fecha de recarga')] === M.lineaSinFecha);
    expect(sinFecha.length).toBe(vista.filas.filter((l) => l.fechaRecarga === null).length);
  });

  it('several read batches (12,001 rows with tied times): every row once, in keyset order', async () => {
    const gm = (
      await e.db.selectFrom('empresas').select('id').where('codigo', '=', 'gmcel').executeTakeFirstOrThrow()
    ).id;
    await sql`insert into lineas (empresa_id, icc, dn, compania, fecha_subida)
      select ${gm}, '8952666' || lpad(g::text, 12, '0'), '', 'T', date_trunc('hour', now()) - ((g % 7) * interval '1 hour')
      from generate_series(1, 12001) g`.execute(e.db);
    const deGm = await entrar(e.app, 'admin', 'gmcel');
    const r = await excel(deGm, { tipo: 'ADMINISTRAR' });
    expect(r.json().filas).toBe(12001);
    const [titulos, ...filas] = await leerXlsx((await descargar(r.json().nombreArchivo)).rawPayload);
    const esperadas = await e.db
      .selectFrom('lineas')
      .select('icc')
      .where('empresa_id', '=', gm)
      .orderBy('fecha_subida', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(filas.map((f) => f[(titulos as string[]).indexOf('Icc')])).toEqual(esperadas.map((x) => x.icc));
  });

  it("a leader's export holds only their lines, without the platform column", async () => {
    const r = await excel(lider, { tipo: 'ADMINISTRAR', fechas: { fechaInicial: '2000/01/01' } });
    const [titulos, ...filas] = await leerXlsx((await descargar(r.json().nombreArchivo)).rawPayload);
    expect(titulos).not.toContain(COLUMNAS_LINEA.plataforma);
    const vista = await pantalla(lider, { fechaInicial: '2000-01-01' });
    expect(filas).toHaveLength(vista.filas.length);
    expect(new Set(filas.map((f) => f[(titulos as string[]).indexOf('Lider')]))).toEqual(
      new Set(['Lider Demo']),
    );
  });

  it('a client cannot export the inventory; an unknown kind is refused in Spanish', async () => {
    expect((await excel(cliente, { tipo: 'ADMINISTRAR' })).statusCode).toBe(403);
    const chipAjeno = await excel(admin, { tipo: 'ADMINISTRAR', filtros: { columnaQueNoExiste: ['x'] } });
    expect(chipAjeno.statusCode).toBe(400);
    expect(chipAjeno.json().mensaje).toBe(M.filtrosInvalidos);
    const mal = await excel(admin, { tipo: 'OTRA' });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().mensaje).toBe(M.excelNoDisponible);
    expect((await pedir(e.app, null, 'POST', '/excel', { tipo: 'ADMINISTRAR' })).statusCode).toBe(401);
  });

  it.skipIf(!['/usr/bin/soffice', '/usr/bin/libreoffice'].some(existsSync))(
    'LibreOffice headless converts the export to CSV with the same rows',
    async () => {
      const r = await excel(admin, { tipo: 'ADMINISTRAR', fechas: { fechaInicial: '2000/01/01' } });
      const dir = mkdtempSync(join(tmpdir(), 'lo-'));
      const archivo = join(dir, 'a.xlsx');
      writeFileSync(archivo, (await descargar(r.json().nombreArchivo)).rawPayload);
      execFileSync('soffice', ['--headless', '--convert-to', 'csv', '--outdir', dir, archivo], {
        timeout: 120_000,
      });
      const lineas = readFileSync(join(dir, 'a.csv'), 'utf8').trim().split('\n');
      expect(lineas).toHaveLength(r.json().filas + 1);
    },
  );
});

describe('POST /excel, the writer thread', () => {
  it('a failure while writing leaves no stored export and answers the generic Spanish error', async () => {
    // A rich-text value exceljs cannot render: the writer thread fails on the second batch.
    registrarExportador('PORTAS', async () => ({
      hoja: 'Prueba',
      titulos: ['A'],
      numericas: [],
      filas: async function* () {
        yield [['uno']];
        yield [[{ richText: 5 } as unknown as string]];
        yield [['tres']];
      },
    }));
    const antes = await guardados();
    const r = await excel(admin, { tipo: 'PORTAS', fechas: {} });
    expect(r.statusCode, r.body).toBe(500);
    expect(r.json().mensaje).toBe(M.errorInesperado);
    expect(await guardados()).toEqual(antes);
  });

  it('the API answers other requests while an export is being written', async () => {
    let soltar = () => {};
    const suelto = new Promise<void>((ok) => {
      soltar = ok;
    });
    registrarExportador('PORTAS', async () => ({
      hoja: 'Prueba',
      titulos: ['A'],
      numericas: [0],
      filas: async function* () {
        yield [['1']];
        await suelto;
        yield [['2']];
      },
    }));
    const exportacion = excel(admin, { tipo: 'PORTAS', fechas: {} });
    const otra = await pedir(e.app, admin, 'GET', '/iccs');
    expect(otra.statusCode).toBe(200);
    soltar();
    const r = await exportacion;
    expect(r.json().filas).toBe(2);
    const [titulos, ...filas] = await leerXlsx((await descargar(r.json().nombreArchivo)).rawPayload);
    expect(titulos).toEqual(['A']);
    expect(filas).toEqual([[1], [2]]);
  });
});

describe('GET /excel/descargar', () => {
  it.each([
    '../../etc/passwd',
    '..%2F..%2Fetc%2Fpasswd',
    '/etc/passwd',
    'a/../../b.xlsx',
    '.xlsx',
    'nombre.xlsx.parcial',
    'x'.repeat(150),
  ])('refuses the name %s (cannot leave the folder)', async (nombre) => {
    const r = await descargar(nombre);
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(M.excelExpirado);
  });

  it('an unknown name is 404; an expired export is refused, and the sweep deletes it with its chunks', async () => {
    expect(
      (await descargar('administrar-20260101-000000-00000000000000000000000000000000.xlsx')).statusCode,
    ).toBe(404);
    const r = await excel(admin, { tipo: 'ADMINISTRAR' });
    const nombre = r.json().nombreArchivo as string;
    expect(await guardados()).toContain(nombre);
    await sql`update excel_archivos set expira = now() - interval '1 second' where nombre = ${nombre}`.execute(
      e.db,
    );
    const d = await descargar(nombre);
    expect(d.statusCode).toBe(404);
    expect(d.json().mensaje).toBe(M.excelExpirado);
    expect(await barrer(e.app)).toBeGreaterThanOrEqual(1);
    expect(await guardados()).not.toContain(nombre);
    const trozos = await sql<{
      n: number;
    }>`select count(*)::int as n from excel_trozos where nombre = ${nombre}`.execute(e.db);
    expect(trozos.rows[0]?.n).toBe(0);
  });
});
