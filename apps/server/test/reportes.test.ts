import { M, texto } from '@recargas/contracts/mensajes';
import { CLAVES_VENTAS, OMITIDAS_REDUCIDO } from '@recargas/contracts/reportes';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { sumarDias } from '../src/lib/fechas.ts';
import { pedir } from './peticion.ts';
import * as U from './reportes-entorno.ts';

// The sales report: ranges, scopes, chips, numbering and paging.
U.prepararReportes();

describe('sales report', () => {
  it('defaults to about 10 days back through today', async () => {
    await U.recarga('demo', 3, { dn: '5511000003' });
    await U.recarga('demo', 15, { dn: '5511000015' });
    const r = await U.reporte('admin');
    expect(r.status).toBe(200);
    expect(r.cuerpo.fechaInicial).toBe(sumarDias(U.hoy(), -10).replaceAll('-', '/'));
    expect(r.cuerpo.fechaFinal).toBe(U.hoy().replaceAll('-', '/'));
    expect(r.cuerpo.reportes.map((f) => f.dn)).toEqual(['5511000003']);
  });

  it('gives the 16 columns with their titles, and every value of a row', async () => {
    const r = await U.reporte(
      'admin',
      `${U.partes(sumarDias(U.hoy(), -3), 'Ini')}&${U.partes(sumarDias(U.hoy(), -3), 'Fin')}`,
    );
    expect(r.cuerpo.titulos.map((t) => t.llave)).toEqual(CLAVES_VENTAS);
    expect(r.cuerpo.titulos.map((t) => t.valor)).toEqual([
      'Folio',
      'Estatus',
      'Mensaje',
      'Fecha',
      'Compañia',
      'Icc',
      'DN/ICC',
      'Monto',
      'Usuario Recargador',
      'Nombre Recargador',
      'Lider Recargador',
      'Cliente Recargador',
      'Lider Origen',
      'Cliente Origen',
      'Nombre Origen',
      'Tipo Recarga',
    ]);
    const [fila] = r.cuerpo.reportes;
    expect(fila).toMatchObject({
      numero: 1,
      estatus: 'Exitosa',
      mensaje: 'Recarga exitosa',
      compania: 'Telcel',
      dn: '5511000003',
      monto: 50,
      usuario: 'admin',
      tipoRecarga: 'Web',
      fecha: `${sumarDias(U.hoy(), -3).replaceAll('-', '/')} 12:00:00`,
      fechaExcel: sumarDias(U.hoy(), -3),
    });
  });

  it('shows the origin of the line (its leader, client and uploader) beside the recharger', async () => {
    const linea = await U.e.db
      .selectFrom('lineas as l')
      .innerJoin('empresas as em', 'em.id', 'l.empresa_id')
      .innerJoin('lideres as ld', 'ld.id', 'l.lider_id')
      .innerJoin('clientes as c', 'c.id', 'l.cliente_id')
      .innerJoin('usuarios as u', 'u.id', 'l.subido_por')
      .select(['l.id', 'ld.nombre as lider', 'c.nombre as cliente', 'u.nombre as subio'])
      .where('em.codigo', '=', 'demo')
      .executeTakeFirstOrThrow();
    await U.recarga('demo', 2, {
      usuario: 'cliente',
      dn: '5511000002',
      folio: '777',
      linea: Number(linea.id),
    });
    const r = await U.reporte(
      'admin',
      `filtros=${encodeURIComponent(JSON.stringify({ dn: ['5511000002'] }))}`,
    );
    expect(r.cuerpo.reportes).toHaveLength(1);
    expect(r.cuerpo.reportes[0]).toMatchObject({
      folioConfirmacion: '777',
      usuario: 'cliente',
      nombre: 'Cliente Demo',
      lider: 'Lider Demo',
      cliente: 'Cliente Demo',
      liderOrigen: linea.lider,
      clienteOrigen: linea.cliente,
      nombreOrigen: linea.subio,
    });
  });

  it('numbers rows in descending order across keyset pages, without gaps or repeats', async () => {
    for (let i = 0; i < 42; i++)
      await U.recarga('demo', 1 + (i % 5), { dn: `55220000${String(i).padStart(2, '0')}` });
    const primera = await U.reporte('admin', 'limit=20');
    const total = primera.cuerpo.total as number;
    expect(total).toBeGreaterThanOrEqual(42);
    const vistos: (number | null)[] = [];
    const claves = new Set<string>();
    let after: string | null = '';
    while (after !== null) {
      const r = await U.reporte('admin', `limit=20${after ? `&after=${after}` : ''}`);
      expect(r.cuerpo.total).toBe(total);
      for (const f of r.cuerpo.reportes) {
        vistos.push(f.numero);
        claves.add(`${f.dn} ${f.fecha} ${f.folioConfirmacion}`);
      }
      after = r.cuerpo.siguiente;
    }
    expect(vistos).toEqual(Array.from({ length: total }, (_, i) => total - i));
    expect(claves.size).toBe(total);
  });

  it('with chips the pages come unnumbered and GET /reportes/total gives their count', async () => {
    const q = `${U.chips({ dn: ['552200'] })}&limit=20`;
    const dns = new Set<string>();
    let after: string | null = '';
    while (after !== null) {
      const r = await U.reporte('admin', `${q}${after ? `&after=${after}` : ''}`);
      expect(r.cuerpo.total).toBeNull();
      for (const f of r.cuerpo.reportes) {
        expect(f.numero).toBeNull();
        dns.add(f.dn);
      }
      after = r.cuerpo.siguiente;
    }
    expect(dns.size).toBe(42);
    expect(await U.totalDe('admin', q.replace('&limit=20', ''))).toBe(42);
    // The total route keeps the page's rules: the range policy, and bad chips refused.
    const largo = `${U.partes(sumarDias(U.hoy(), -94), 'Ini')}&${U.partes(U.hoy(), 'Fin')}`;
    const r = await pedir(U.e.app, { token: U.tokens.admin as string }, 'GET', `/reportes/total?${largo}`);
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(texto('rangoVentas', { dias: 93 }));
    const malo = await pedir(
      U.e.app,
      { token: U.tokens.admin as string },
      'GET',
      '/reportesNew/total?filtros=%7Bno-json',
    );
    expect(malo.statusCode).toBe(400);
    expect(malo.json().mensaje).toBe(M.filtrosInvalidos);
  });

  it('chips: OR inside a column, AND across columns, wildcards taken literally', async () => {
    const con = (f: object) =>
      U.reporte('admin', `filtros=${encodeURIComponent(JSON.stringify(f))}&limit=100`);
    const or = await con({ dn: ['5511000003', '5511000002'] });
    expect(or.cuerpo.reportes.map((f) => f.dn).sort()).toEqual(['5511000002', '5511000003']);
    const and = await con({ dn: ['5511000003', '5511000002'], usuario: ['CLIEN'] });
    expect(and.cuerpo.reportes.map((f) => f.dn)).toEqual(['5511000002']);
    expect((await con({ dn: ['%'] })).cuerpo.reportes).toHaveLength(0);
    expect(await U.totalDe('admin', U.chips({ dn: ['%'] }))).toBe(0);
    const malo = await U.reporte('admin', 'filtros=%7Bno-json');
    expect(malo.status).toBe(400);
    expect(malo.cuerpo.mensaje).toBe(M.filtrosInvalidos);
  });

  it('a chip on any column matches what that column shows, in any case', async () => {
    const desde = `${U.partes(sumarDias(U.hoy(), -10), 'Ini')}&${U.partes(U.hoy(), 'Fin')}`;
    const con = (f: object) =>
      U.reporte('admin', `${desde}&filtros=${encodeURIComponent(JSON.stringify(f))}&limit=100`);
    const origen = (await con({ dn: ['5511000002'] })).cuerpo.reportes[0] as unknown as Record<
      string,
      unknown
    >;
    for (const col of CLAVES_VENTAS) {
      const shown = String(origen[col]);
      if (shown === '') continue;
      // A piece from the middle, case flipped: the name columns are matched through their tables.
      const trozo = shown.slice(1, Math.max(2, shown.length - 1));
      const chip = trozo === trozo.toLowerCase() ? trozo.toUpperCase() : trozo.toLowerCase();
      const r = await con({ [col]: [chip] });
      expect(r.status, col).toBe(200);
      const valores = r.cuerpo.reportes.map((f) => String((f as unknown as Record<string, unknown>)[col]));
      expect(valores.length, col).toBeGreaterThan(0);
      expect(await U.totalDe('admin', `${desde}&${U.chips({ [col]: [chip] })}`), col).toBe(valores.length);
      for (const v of valores) expect(v.toLowerCase(), col).toContain(trozo.toLowerCase());
      expect(
        r.cuerpo.reportes.map((f) => f.dn),
        col,
      ).toContain('5511000002');
    }
    // Another company's names match none of this company's rows.
    const ajeno = await sql<{ nombre: string }>`insert into lideres (empresa_id, nombre)
      select id, 'Nombre Ajeno Unico' from empresas where codigo = 'gmcel' returning nombre`.execute(U.e.db);
    const nombreAjeno = { lider: [ajeno.rows[0]?.nombre as string] };
    expect((await con(nombreAjeno)).cuerpo.reportes).toHaveLength(0);
    expect(await U.totalDe('admin', `${desde}&${U.chips(nombreAjeno)}`)).toBe(0);
  });

  it('level 2 sees its leader’s rows, level 3 its own, and no company sees another’s', async () => {
    await U.recarga('gmcel', 1, { dn: '5599999999' });
    const lider = await U.reporte('lider', 'limit=100');
    const cliente = await U.reporte('cliente', 'limit=100');
    const admin = await U.reporte('admin', 'limit=100');
    expect(cliente.cuerpo.reportes.map((f) => f.usuario)).toEqual(['cliente']);
    expect(lider.cuerpo.reportes.every((f) => f.lider === 'Lider Demo')).toBe(true);
    expect(lider.cuerpo.total).toBeLessThan(admin.cuerpo.total as number);
    expect(admin.cuerpo.reportes.map((f) => f.dn)).not.toContain('5599999999');
    const gm = await U.reporte('gmcel', 'limit=100');
    expect(gm.cuerpo.reportes.map((f) => f.dn)).toEqual(['5599999999']);
    // The total apart keeps the same scope.
    const ajeno = U.chips({ dn: ['5599999999'] });
    expect(await U.totalDe('gmcel', ajeno)).toBe(1);
    expect(await U.totalDe('admin', ajeno)).toBe(0);
    const todos = U.chips({ dn: ['55'] });
    const delCliente = await U.reporte('cliente', `${todos}&limit=100`);
    expect(delCliente.cuerpo.reportes.length).toBeGreaterThan(0);
    expect(await U.totalDe('cliente', todos)).toBe(delCliente.cuerpo.reportes.length);
    expect(await U.totalDe('lider', todos)).toBe(lider.cuerpo.total);
  });

  it('the range policy answers with the exact messages, unless the company is exempt', async () => {
    const largo = await U.reporte(
      'admin',
      `${U.partes(sumarDias(U.hoy(), -94), 'Ini')}&${U.partes(U.hoy(), 'Fin')}`,
    );
    expect(largo.status).toBe(400);
    expect(largo.cuerpo.mensaje).toBe(
      '* El rango entre la fecha inicial y la fecha final supera los 93 días.',
    );
    const viejo = await U.reporte(
      'admin',
      `${U.partes(sumarDias(U.hoy(), -401), 'Ini')}&${U.partes(sumarDias(U.hoy(), -380), 'Fin')}`,
    );
    expect(viejo.cuerpo.mensaje).toBe('* La fecha inicial supera los 400 días de antiguedad.');
    expect(texto('antiguedadVentas', { dias: 400 })).toBe(viejo.cuerpo.mensaje);
    const alReves = await U.reporte(
      'admin',
      `${U.partes(U.hoy(), 'Ini')}&${U.partes(sumarDias(U.hoy(), -1), 'Fin')}`,
    );
    expect(alReves.cuerpo.mensaje).toBe(M.fechaFinalMenor);
    const inexistente = await U.reporte('admin', 'diaIni=31&mesIni=2&anioIni=2026');
    expect(inexistente.status).toBe(400);

    await sql`update empresas set ajustes = ajustes || '{"rangoVentasExento": true}' where codigo = 'demo'`.execute(
      U.e.db,
    );
    const exento = await U.reporte(
      'admin',
      `${U.partes(sumarDias(U.hoy(), -500), 'Ini')}&${U.partes(U.hoy(), 'Fin')}`,
    );
    expect(exento.status).toBe(200);
    await sql`update empresas set ajustes = ajustes || '{"rangoVentasExento": false, "politicaVentas": {"rangoMaxDias": 800, "antiguedadMaxDias": 800}}' where codigo = 'demo'`.execute(
      U.e.db,
    );
    expect(
      (await U.reporte('admin', `${U.partes(sumarDias(U.hoy(), -500), 'Ini')}&${U.partes(U.hoy(), 'Fin')}`))
        .status,
    ).toBe(200);
    await sql`update empresas set ajustes = ajustes - 'politicaVentas' where codigo = 'demo'`.execute(U.e.db);
  });

  it('the reduced variant drops nombre, cliente, liderOrigen, clienteOrigen and nombreOrigen', async () => {
    await sql`update empresas set ajustes = ajustes || '{"reporteReducido": true}' where codigo = 'demo'`.execute(
      U.e.db,
    );
    const r = await U.reporte('admin');
    expect(r.cuerpo.titulos.map((t) => t.llave)).toEqual(
      CLAVES_VENTAS.filter((c) => !OMITIDAS_REDUCIDO.includes(c)),
    );
    await sql`update empresas set ajustes = ajustes || '{"reporteReducido": false}' where codigo = 'demo'`.execute(
      U.e.db,
    );
  });
});
