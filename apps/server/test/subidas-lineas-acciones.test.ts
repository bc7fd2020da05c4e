import { MONTO_LINEA_MAX, peticionActualizarIcc } from '@recargas/contracts/lineas';
import { M, texto } from '@recargas/contracts/mensajes';
import { describe, expect, it } from 'vitest';
import { admin, clienteDemo, demo, lider, liderDemo } from './demo-entorno.ts';
import { ADMIN, liderNorte, prepararSubidas, VENDEDOR } from './subidas-entorno.ts';
import { cuantas, type Fila, icc, lineaDe, malas, subir, xlsx } from './subidas-prueba.ts';

/** Upload actions 1 (Registrar nuevos), 2 (Reemplazar) and 3 (Eliminar) of the lines file. */
prepararSubidas();

describe('POST /subirArchivo, action 1 Registrar nuevos', () => {
  it('a good file: every row written with vigencia, platform, leader and client; the counts and toast text', async () => {
    const a = icc();
    const b = icc();
    const c = icc();
    const r = await subir(
      admin,
      { accion: '1', vigencia: '2026/12/31', plataformaId: '2' },
      await xlsx([
        ADMIN,
        [a, '5512345678', 'T', 50, 'Lider Demo', 'Cliente Demo', ''],
        [b, '5512345679', 'movistar', '', 'lider demo', '', ''],
        [c, '1234567', 'AT&T', 100, '', '', '55'],
      ]),
    );
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ total: 3, correctos: 3, erroneos: 0, duplicados: 0, arregloCompleto: true });
    expect(body.mensaje).toBe(
      texto('subidaResultado', { total: 3, correctos: 3, erroneos: 0, duplicados: 0 }),
    );
    expect(body.titulos.map((t: { llave: string }) => t.llave)).toEqual(ADMIN);
    expect(body.arreglo).toHaveLength(3);
    expect(body.arreglo.every((f: Fila) => f.celdas.every((x) => x.isCorrecto))).toBe(true);
    expect(await lineaDe(a)).toMatchObject({
      empresa_id: demo,
      dn: '5512345678',
      compania: 'T',
      monto: 50,
      lider_id: liderDemo,
      cliente_id: clienteDemo,
      fecha_vigencia: '2026-12-31',
      plataforma: 2,
      is_recargado: false,
    });
    expect(await lineaDe(b)).toMatchObject({
      compania: 'M',
      monto: null,
      lider_id: liderDemo,
      cliente_id: null,
    });
    expect(await lineaDe(c)).toMatchObject({ compania: 'A', dn: '1234567', nir: '55', lider_id: null });
  });

  it('a mixed file: each bad cell marked with its reason, the good rows written', async () => {
    const bien = icc();
    const filas = [
      ADMIN,
      [bien, '5512345678', 'T', 30, '', '', ''],
      [icc().slice(1), '5512345678', 'T', 30, '', '', ''],
      [icc(), '551234567', 'T', 30, '', '', ''],
      [icc(), '5512345678', 'Z', 30, '', '', ''],
      [icc(), '5512345678', 'T', -5, '', '', ''],
      [icc(), '5512345678', 'T', 30, 'Lider Fantasma', '', ''],
      [icc(), '5512345678', 'T', 30, 'Lider Norte', 'Cliente Demo', ''],
      [icc(), '5512345678', 'T', 30, '', '', 'abc'],
    ];
    const antes = await cuantas();
    const r = await subir(admin, { accion: '1' }, await xlsx(filas));
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ total: 8, correctos: 1, erroneos: 7, duplicados: 0 });
    const porFila = new Map<number, Fila>(body.arreglo.map((f: Fila) => [f.fila, f]));
    expect(malas(porFila.get(2) as Fila)).toEqual([]);
    expect(malas(porFila.get(3) as Fila)).toEqual([['ICC', M.lineaIccInvalido]]);
    expect(malas(porFila.get(4) as Fila)).toEqual([['DN', M.lineaDnInvalido]]);
    expect(malas(porFila.get(5) as Fila)).toEqual([['COMPANIA', M.lineaCompaniaInvalida]]);
    expect(malas(porFila.get(6) as Fila)).toEqual([['MONTO', M.lineaMontoInvalido]]);
    expect(malas(porFila.get(7) as Fila)).toEqual([['LIDER', M.lineaLiderInvalido]]);
    expect(malas(porFila.get(8) as Fila)).toEqual([['CLIENTE', M.lineaClienteInvalido]]);
    expect(malas(porFila.get(9) as Fila)).toEqual([['NIR', M.lineaNirInvalido]]);
    expect(await cuantas()).toBe(antes + 1);
    expect(await lineaDe(bien)).toBeDefined();
  });

  it('MONTO follows the line edit rule (contracts montoLinea), then the company list', async () => {
    const tope = icc();
    const r = await subir(
      admin,
      { accion: '1' },
      await xlsx([
        ADMIN,
        [tope, '5512345678', 'T', MONTO_LINEA_MAX, '', '', ''],
        [icc(), '5512345678', 'T', MONTO_LINEA_MAX + 1, '', '', ''],
      ]),
    );
    const porFila = new Map<number, Fila>(r.json().arreglo.map((f: Fila) => [f.fila, f]));
    // A whole amount within the rule, yet not one the company sells (subidas-montos.test.ts).
    expect(malas(porFila.get(2) as Fila)).toEqual([['MONTO', M.montoNoPermitido]]);
    expect(malas(porFila.get(3) as Fila)).toEqual([['MONTO', M.lineaMontoInvalido]]);
    expect(
      peticionActualizarIcc.safeParse({
        id: 1,
        icc: tope,
        dn: '5512345678',
        compania: 'T',
        monto: MONTO_LINEA_MAX + 1,
      }).success,
    ).toBe(false);
    expect(await lineaDe(tope)).toBeUndefined();
  });

  it('an ICC typed as a number (digits lost) is a wrong cell', async () => {
    const r = await subir(
      admin,
      { accion: '1' },
      await xlsx([ADMIN, [Number('8952333000000000001'), '5512345678', 'T']]),
    );
    expect(r.statusCode).toBe(200);
    expect(malas(r.json().arreglo[0])).toEqual([['ICC', M.lineaIccInvalido]]);
  });

  it('duplicates: repeated in the file and already in the inventory, counted and not written again', async () => {
    const existente = icc();
    await subir(admin, { accion: '1' }, await xlsx([ADMIN, [existente, '5500000001', 'T']]));
    const nuevo = icc();
    const antes = await cuantas();
    const r = await subir(
      admin,
      { accion: '1' },
      await xlsx([
        ADMIN,
        [nuevo, '5500000002', 'T'],
        [nuevo, '5500000003', 'M'],
        [existente, '5500000004', 'U'],
      ]),
    );
    const body = r.json();
    expect(body).toMatchObject({ total: 3, correctos: 1, erroneos: 0, duplicados: 2 });
    expect(malas(body.arreglo[1])).toEqual([['ICC', M.lineaDuplicadaArchivo]]);
    expect(malas(body.arreglo[2])).toEqual([['ICC', M.lineaIccExistente]]);
    expect(await cuantas()).toBe(antes + 1);
    expect(await lineaDe(nuevo)).toMatchObject({ dn: '5500000002' });
    expect(await lineaDe(existente)).toMatchObject({ dn: '5500000001' });
  });

  it("a leader uploads with the seller's template: the lines are theirs, platform ignored", async () => {
    const a = icc();
    const r = await subir(
      lider,
      { accion: '1', plataformaId: '2' },
      await xlsx([VENDEDOR, [a, '5512340000', 'T', 30, 'Cliente Demo', '']]),
    );
    expect(r.statusCode).toBe(200);
    expect(r.json().correctos).toBe(1);
    expect(await lineaDe(a)).toMatchObject({
      lider_id: liderDemo,
      cliente_id: clienteDemo,
      plataforma: null,
    });
    // The administrator's template is not the seller's.
    const otra = await subir(lider, { accion: '1' }, await xlsx([ADMIN, [icc(), '5512340000', 'T']]));
    expect(otra.statusCode).toBe(400);
    expect(otra.json().mensaje).toBe(texto('archivoEncabezados', { esperados: VENDEDOR.join(', ') }));
  });
});

describe('action 2 Reemplazar and action 3 Eliminar', () => {
  it('replaces existing lines and adds new ones: the action 2 wording, one transaction', async () => {
    const viejo = icc();
    await subir(
      admin,
      { accion: '1', vigencia: '2026/06/30' },
      await xlsx([ADMIN, [viejo, '5500000010', 'T', 30]]),
    );
    const nuevo = icc();
    const r = await subir(
      admin,
      { accion: '2' },
      await xlsx([
        ADMIN,
        [viejo, '5500000011', 'M', 70, 'Lider Norte', '', ''],
        [nuevo, '5500000012', 'T', 30],
      ]),
    );
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ total: 2, correctos: 1, duplicados: 1, erroneos: 0 });
    expect(r.json().mensaje).toBe(
      texto('subidaResultadoReemplazo', { total: 2, correctos: 1, erroneos: 0, duplicados: 1 }),
    );
    expect(r.json().mensaje).toContain('1 nuevos');
    expect(r.json().mensaje).toContain('1 Actualizados');
    expect(await lineaDe(viejo)).toMatchObject({
      dn: '5500000011',
      compania: 'M',
      monto: 70,
      lider_id: liderNorte,
      fecha_vigencia: '2026-06-30',
    });
    expect(await lineaDe(nuevo)).toBeDefined();
  });

  it("a leader cannot replace another leader's line", async () => {
    const ajena = icc();
    await subir(admin, { accion: '1' }, await xlsx([ADMIN, [ajena, '5500000020', 'T', 30, 'Lider Norte']]));
    const r = await subir(lider, { accion: '2' }, await xlsx([VENDEDOR, [ajena, '5599999999', 'M']]));
    expect(r.json()).toMatchObject({ total: 1, correctos: 0, erroneos: 1 });
    expect(malas(r.json().arreglo[0])).toEqual([['ICC', M.lineaAjena]]);
    expect(await lineaDe(ajena)).toMatchObject({ dn: '5500000020', lider_id: liderNorte });
  });

  it('deletes by ICC (administrators only); an unknown ICC is a wrong row', async () => {
    const a = icc();
    await subir(admin, { accion: '1' }, await xlsx([ADMIN, [a, '5500000030', 'T']]));
    expect((await subir(lider, { accion: '3' }, await xlsx([['ICC'], [a]]))).statusCode).toBe(403);
    const r = await subir(admin, { accion: '3' }, await xlsx([['ICC'], [a], [a], [icc()]]));
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ total: 3, correctos: 1, duplicados: 1, erroneos: 1 });
    expect(await lineaDe(a)).toBeUndefined();
  });
});
