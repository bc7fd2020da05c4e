import { M } from '@recargas/contracts/mensajes';
import { describe, expect, it } from 'vitest';
import { admin, e, lider } from './demo-entorno.ts';
import { entrar, type Sesion } from './entorno.ts';
import { iccs, ids, insertarLinea, prepararLineas } from './lineas-entorno.ts';
import { pedir } from './peticion.ts';

/** POST /actualizarIcc and POST /desbloquearIcc: the edits of one line and who may make them. */
prepararLineas();

describe('POST /actualizarIcc', () => {
  const actualizar = (s: Sesion, c: object) => pedir(e.app, s, 'POST', '/actualizarIcc', c);
  const cuerpo = (id: number, cambios: object = {}) => ({
    id,
    icc: '8952140000000000077',
    dn: '5512345678',
    compania: 'M',
    lider: 0,
    cliente: 0,
    monto: 100,
    nir: '',
    ...cambios,
  });

  it.each([
    [{ icc: '' }, M.lineaCamposVacios],
    [{ dn: '' }, M.lineaCamposVacios],
    [{ icc: '895214000000000007' }, M.lineaIccInvalido],
    [{ icc: '89521400000000000777' }, M.lineaIccInvalido],
    [{ icc: '89521400000000000a7' }, M.lineaIccInvalido],
    [{ dn: '551234567' }, M.lineaDnInvalido],
    [{ dn: '55123456a8' }, M.lineaDnInvalido],
    [{ compania: 'X' }, M.lineaCompaniaInvalida],
    [{ lider: 99_999_999_999 }, M.lineaLiderInvalido],
    [{ cliente: 99_999_999_999 }, M.lineaClienteInvalido],
    [{ monto: 10_000_000_000 }, M.lineaMontoInvalido],
    [{ monto: 0 }, M.lineaMontoInvalido],
  ])('refuses %j with the spec message and changes nothing', async (cambios, mensaje) => {
    const id = await insertarLinea(ids.demo as number);
    const antes = await e.db.selectFrom('lineas').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const r = await actualizar(admin, cuerpo(id, cambios));
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(mensaje);
    expect(
      await e.db.selectFrom('lineas').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    ).toEqual(antes);
  });

  it('saves a valid edit: Actualizado correctamente, fields and update date changed', async () => {
    const id = await insertarLinea(ids.demo as number);
    const antes = await e.db.selectFrom('lineas').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const r = await actualizar(admin, cuerpo(id, { icc: '8952140000000000101', lider: ids.liderNorte }));
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      mensaje: M.actualizadoCorrectamente,
      linea: { icc: '8952140000000000101', compania: 'M', monto: 100, liderNombre: 'Lider Norte' },
    });
    const despues = await e.db
      .selectFrom('lineas')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(despues).toMatchObject({ icc: '8952140000000000101', dn: '5512345678', lider_id: ids.liderNorte });
    expect(despues.fecha_actualizacion.getTime()).toBeGreaterThanOrEqual(antes.fecha_actualizacion.getTime());
  });

  it('a DN shorter than 10 digits is valid with a nir', async () => {
    const id = await insertarLinea(ids.demo as number);
    const r = await actualizar(admin, cuerpo(id, { icc: '8952140000000000102', dn: '1234567', nir: '55' }));
    expect(r.statusCode).toBe(200);
    expect(r.json().linea).toMatchObject({ dn: '1234567', nir: '55' });
  });

  it('an ICC another line holds is refused (409)', async () => {
    const id = await insertarLinea(ids.demo as number);
    const otra = await insertarLinea(ids.demo as number);
    const iccOtra = (
      await e.db.selectFrom('lineas').select('icc').where('id', '=', otra).executeTakeFirstOrThrow()
    ).icc;
    const r = await actualizar(admin, cuerpo(id, { icc: iccOtra }));
    expect(r.statusCode).toBe(409);
    expect(r.json().mensaje).toBe(M.lineaIccExistente);
  });

  it('a client of another leader, or an unknown leader, is refused', async () => {
    const id = await insertarLinea(ids.demo as number);
    const clienteDemo = await e.db.selectFrom('clientes').select('id').executeTakeFirstOrThrow();
    const r = await actualizar(
      admin,
      cuerpo(id, { icc: '8952140000000000103', lider: ids.liderNorte, cliente: clienteDemo.id }),
    );
    expect(r.json().mensaje).toBe(M.lineaClienteInvalido);
    const r2 = await actualizar(admin, cuerpo(id, { icc: '8952140000000000103', lider: 999999 }));
    expect(r2.json().mensaje).toBe(M.lineaLiderInvalido);
  });

  it('needs ADMINISTRAR_BASE; a leader edits only their own lines and cannot give them away', async () => {
    const deDemo = await insertarLinea(ids.demo as number, { lider_id: null });
    const sinPermiso = await actualizar(lider, cuerpo(deDemo));
    expect(sinPermiso.statusCode).toBe(403);
    const norte = await entrar(e.app, 'norte');
    expect((await actualizar(norte, cuerpo(deDemo, { icc: '8952140000000000104' }))).statusCode).toBe(404);
    const suya = await insertarLinea(ids.demo as number, { lider_id: ids.liderNorte });
    const r = await actualizar(norte, cuerpo(suya, { icc: '8952140000000000105', lider: 0 }));
    expect(r.statusCode).toBe(200);
    expect(r.json().linea.lider).toBe(ids.liderNorte);
  });
});

describe('POST /desbloquearIcc', () => {
  const iccDe = async (id: number) =>
    (await e.db.selectFrom('lineas').select('icc').where('id', '=', id).executeTakeFirstOrThrow()).icc;

  it('unlocks a recharged line without a recharge date: Línea desbloqueada, isRecargado false', async () => {
    const id = await insertarLinea(ids.demo as number, { is_recargado: true });
    const r = await pedir(e.app, admin, 'POST', '/desbloquearIcc', { icc: await iccDe(id) });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ mensaje: M.lineaDesbloqueada, linea: { isRecargado: false } });
    expect(
      (await e.db.selectFrom('lineas').select('is_recargado').where('id', '=', id).executeTakeFirstOrThrow())
        .is_recargado,
    ).toBe(false);
  });

  it('refuses a line with a recharge date, or not recharged (409)', async () => {
    const conFecha = await insertarLinea(ids.demo as number, {
      is_recargado: true,
      fecha_recarga: new Date(),
    });
    const libre = await insertarLinea(ids.demo as number);
    for (const id of [conFecha, libre]) {
      const r = await pedir(e.app, admin, 'POST', '/desbloquearIcc', { icc: await iccDe(id) });
      expect(r.statusCode).toBe(409);
      expect(r.json().mensaje).toBe(M.lineaNoDesbloqueable);
    }
    expect(
      (
        await e.db
          .selectFrom('lineas')
          .select('is_recargado')
          .where('id', '=', conFecha)
          .executeTakeFirstOrThrow()
      ).is_recargado,
    ).toBe(true);
  });

  it('needs DESBLOQUEAR_LINEAS and, where the company lists usernames, one of them', async () => {
    const id = await insertarLinea(ids.demo as number, { is_recargado: true });
    expect((await pedir(e.app, lider, 'POST', '/desbloquearIcc', { icc: await iccDe(id) })).statusCode).toBe(
      403,
    );
    await e.db
      .updateTable('empresas')
      .set({ ajustes: JSON.stringify({ usuariosDesbloqueo: ['soporte'] }) })
      .where('id', '=', ids.demo as number)
      .execute();
    try {
      const r = await pedir(e.app, admin, 'POST', '/desbloquearIcc', { icc: await iccDe(id) });
      expect(r.statusCode).toBe(403);
      expect((await iccs(admin)).json().puedeDesbloquear).toBe(false);
      await e.db
        .updateTable('empresas')
        .set({ ajustes: JSON.stringify({ usuariosDesbloqueo: ['ADMIN'] }) })
        .where('id', '=', ids.demo as number)
        .execute();
      expect(
        (await pedir(e.app, admin, 'POST', '/desbloquearIcc', { icc: await iccDe(id) })).statusCode,
      ).toBe(200);
    } finally {
      await e.db
        .updateTable('empresas')
        .set({ ajustes: JSON.stringify({ reciclaje: true, activaciones: true }) })
        .where('id', '=', ids.demo as number)
        .execute();
    }
  });

  it("cannot unlock another company's line", async () => {
    const id = await insertarLinea(ids.gmcel as number, { is_recargado: true });
    const r = await pedir(e.app, admin, 'POST', '/desbloquearIcc', { icc: await iccDe(id) });
    expect(r.statusCode).toBe(404);
  });
});
