import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { admin, e, lider } from './demo-entorno.ts';
import { entrar } from './entorno.ts';
import { pedir } from './peticion.ts';
import { ADMIN, prepararSubidas, VENDEDOR } from './subidas-entorno.ts';
import { icc, lineaDe, subir, xlsx } from './subidas-prueba.ts';

/** The templates of the lines upload, read back and uploaded again. */
prepararSubidas();

describe('templates', () => {
  const leer = async (datos: Buffer) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(datos as unknown as ArrayBuffer);
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    return (ws.getRow(1).values as unknown[]).slice(1);
  };

  it('GET /get/plantilla (administrators) and /get/plantilla/vendedor, read back, and accepted as uploads', async () => {
    const r = await pedir(e.app, admin, 'GET', '/get/plantilla');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    expect(await leer(r.rawPayload)).toEqual(ADMIN);
    const v = await pedir(e.app, lider, 'GET', '/get/plantilla/vendedor');
    expect(await leer(v.rawPayload)).toEqual(VENDEDOR);
    expect((await pedir(e.app, lider, 'GET', '/get/plantilla')).statusCode).toBe(403);
    // The template filled in, its example row replaced, is a valid upload.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const a = icc();
    (wb.worksheets[0] as ExcelJS.Worksheet).getRow(2).values = [
      a,
      '5512345678',
      'Telcel',
      30,
      'Lider Demo',
      '',
      '',
    ];
    const lleno = Buffer.from(await wb.xlsx.writeBuffer());
    const s = await subir(admin, { accion: '1' }, { nombre: 'plantilla.xlsx', datos: lleno });
    expect(s.json()).toMatchObject({ correctos: 1 });
  });

  it('a company with extra columns gets them in its template and may upload them', async () => {
    const bisvi = await entrar(e.app, 'admin', 'bisvi');
    const r = await pedir(e.app, bisvi, 'GET', '/get/plantilla');
    const titulos = await leer(r.rawPayload);
    expect(titulos).toEqual([...ADMIN, 'FECHA_ENTREGA', 'PRODUCTO', 'FECHA_PORTADA']);
    const a = icc();
    const s = await subir(
      bisvi,
      { accion: '1' },
      await xlsx([titulos, [a, '5512345678', 'T', 30, '', '', '', '2026/01/15', 'Chip 5G', '']]),
    );
    expect(s.json()).toMatchObject({ correctos: 1 });
    expect(await lineaDe(a)).toMatchObject({
      fecha_entrega: '2026-01-15',
      producto: 'Chip 5G',
      fecha_portada: null,
    });
  });
});
