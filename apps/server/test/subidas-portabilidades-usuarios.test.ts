import { M, texto } from '@recargas/contracts/mensajes';
import { MAX_RECARGAS_POR_DEFECTO } from '@recargas/contracts/usuarios';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PLANTILLAS } from '../src/modules/subidas/service.ts';
import { admin, demo, e, lider } from './demo-entorno.ts';
import { entrar, leerXlsx } from './entorno.ts';
import { pedir } from './peticion.ts';
import { prepararSubidas } from './subidas-entorno.ts';
import { type Fila, icc, subir, xlsx } from './subidas-prueba.ts';

/** Upload actions 6 (Nuevas Portabilidades) and 7 (Registrar Usuarios), and their templates. */
prepararSubidas();

describe('action 6, Nuevas Portabilidades', () => {
  const PORTAS = [...PLANTILLAS.portabilidadesAdmin];
  const portas = async () =>
    Number(
      (
        await e.db
          .selectFrom('portabilidades')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('empresa_id', '=', demo)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('writes one port-out row per valid row; bad cells, repeats and known ICCs are marked', async () => {
    const existente = await e.db
      .selectFrom('portabilidades')
      .select('icc')
      .where('empresa_id', '=', demo)
      .executeTakeFirstOrThrow();
    const [a, b, c] = [icc(), icc(), icc()];
    const antes = await portas();
    const r = await subir(
      admin,
      { accion: '6' },
      await xlsx([
        PORTAS,
        [a, 'Lider Demo', 'Cliente Uno', 'INT-1', '5511223344', 'Movistar', '1234', 100],
        [b, '', '', '', '', '', '', ''],
        [c, 'Lider Demo', '', '', '55112233', 'Nokia', '12a4', -5],
        [a, 'Lider Demo', '', '', '', '', '', ''],
        [existente.icc, '', '', '', '', '', '', ''],
      ]),
    );
    expect(r.statusCode).toBe(200);
    const cuerpo = r.json();
    expect(cuerpo).toMatchObject({ total: 5, correctos: 2, erroneos: 1, duplicados: 2 });
    expect(cuerpo.mensaje).toBe(
      texto('subidaResultado', { total: 5, correctos: 2, erroneos: 1, duplicados: 2 }),
    );
    const mala = cuerpo.arreglo.find((f: Fila) => f.fila === 4);
    const erroneas = mala.celdas.filter((c: { isCorrecto: boolean }) => !c.isCorrecto);
    expect(erroneas.map((c: { llave: string; mensaje: string }) => [c.llave, c.mensaje])).toEqual([
      ['DN_ORIGEN', M.portaDnInvalido],
      ['COMPANIA_ORIGEN', M.lineaCompaniaInvalida],
      ['NIP', M.portaNipInvalido],
      ['MONTO_RECARGA', M.lineaMontoInvalido],
    ]);
    expect(cuerpo.arreglo.find((f: Fila) => f.fila === 6).celdas[0]).toMatchObject({
      isCorrecto: false,
      mensaje: M.portaIccExistente,
    });
    expect(await portas()).toBe(antes + 2);
    const fila = await e.db
      .selectFrom('portabilidades')
      .selectAll()
      .where('icc', '=', a)
      .executeTakeFirstOrThrow();
    expect(fila).toMatchObject({
      empresa_id: demo,
      lider_nombre: 'Lider Demo',
      cliente_nombre: 'Cliente Uno',
      inter: 'INT-1',
      dn_origen: '5511223344',
      carrier_origen: 'M',
      nip: '1234',
      monto_recarga: 100,
      dn_destino: null,
    });
    // The same file again: every valid row is now a known ICC, nothing is written twice.
    const otra = await subir(admin, { accion: '6' }, await xlsx([PORTAS, [a], [b]]));
    expect(otra.json()).toMatchObject({ correctos: 0, duplicados: 2 });
    expect(await portas()).toBe(antes + 2);
  });

  it('the template has the columns the upload expects', async () => {
    const r = await pedir(e.app, admin, 'GET', '/get/plantilla/portabilidadesAdmin');
    expect(r.statusCode).toBe(200);
    expect((await leerXlsx(r.rawPayload))[0]).toEqual(PORTAS);
    const sinPermiso = await pedir(e.app, lider, 'GET', '/get/plantilla/portabilidadesAdmin');
    expect(sinPermiso.statusCode).toBe(403);
  });
});

describe('action 7, Registrar Usuarios', () => {
  const USUARIOS = [...PLANTILLAS.registroUsuarios];
  const usuario = (username: string) =>
    e.db
      .selectFrom('usuarios as u')
      .leftJoin('lideres as l', 'l.id', 'u.lider_id')
      .leftJoin('clientes as c', 'c.id', 'u.cliente_id')
      .select(['u.nivel', 'u.max_recargas', 'u.telefono', 'l.nombre as lider', 'c.nombre as cliente'])
      .where('u.empresa_id', '=', demo)
      .where('u.username', '=', username)
      .executeTakeFirst();

  it('registers each valid row as the new-user form would, and marks the rest', async () => {
    const r = await subir(
      admin,
      { accion: '7' },
      await xlsx([
        USUARIOS,
        ['vend1', 'Vendedor Uno', 'Clave.123', 2, '', '', '5512345678', 10],
        ['cli1', 'Cliente Uno', 'Clave.123', 3, 'Lider Demo', 'Cliente Demo', '', ''],
        ['cli2', 'Cliente Dos', 'Clave.123', 3, 'Lider Demo', 'Cliente Nuevo X', '', 5],
        ['cli3', 'Cliente Tres', 'Clave.123', 3, 'Lider Demo', 'cliente nuevo x', '', ''],
        ['adm', 'Otro Admin', 'Clave.123', 1, '', '', '', ''],
        ['VEND1', 'Vendedor Repetido', 'Clave.123', 2, '', '', '', ''],
        ['admin', 'Ya existe', 'Clave.123', 2, '', '', '', ''],
        ['malo', '', 'Clave.123', 3, 'Nadie', 'Alguien', 'abc', 0],
      ]),
    );
    expect(r.statusCode).toBe(200);
    const cuerpo = r.json();
    expect(cuerpo).toMatchObject({ total: 8, correctos: 4, erroneos: 2, duplicados: 2 });
    const celdas = (fila: number) =>
      cuerpo.arreglo
        .find((f: Fila) => f.fila === fila)
        .celdas.filter((c: { isCorrecto: boolean }) => !c.isCorrecto)
        .map((c: { llave: string; mensaje: string }) => [c.llave, c.mensaje]);
    expect(celdas(6)).toEqual([['NIVEL', M.administradoresDeshabilitado]]);
    expect(celdas(7)).toEqual([['USERNAME', M.usuarioRepetidoArchivo]]);
    expect(celdas(8)).toEqual([['USERNAME', texto('usuarioYaExiste', { username: 'admin' })]]);
    expect(
      celdas(9)
        .map(([llave]: [string]) => llave)
        .sort(),
    ).toEqual(['LIDER', 'MAX_RECARGAS', 'NOMBRE', 'TELEFONO'].sort());

    expect(await usuario('vend1')).toMatchObject({
      nivel: 2,
      lider: 'Vendedor Uno',
      max_recargas: 10,
      telefono: '5512345678',
    });
    expect(await usuario('cli1')).toMatchObject({ nivel: 3, lider: 'Lider Demo', cliente: 'Cliente Demo' });
    expect(await usuario('cli2')).toMatchObject({ nivel: 3, cliente: 'Cliente Nuevo X', max_recargas: 5 });
    expect(await usuario('cli3')).toMatchObject({ cliente: 'Cliente Nuevo X' });
    for (const nadie of ['adm', 'malo']) expect(await usuario(nadie)).toBeUndefined();
    const nuevos = await e.db
      .selectFrom('clientes')
      .select('id')
      .where('empresa_id', '=', demo)
      .where('nombre', '=', 'Cliente Nuevo X')
      .execute();
    expect(nuevos).toHaveLength(1);
    // Each new user on the audit trail, with its level and limit as created.
    const altas = await e.db
      .selectFrom('auditoria as a')
      .innerJoin('usuarios as u', (j) => j.on(sql`u.id::text`, '=', sql.ref('a.fila')))
      .select(['u.username', 'a.despues', 'a.usuario'])
      .where('a.empresa_id', '=', demo)
      .where('a.tipo', '=', 'alta')
      .where('u.username', 'in', ['vend1', 'cli1', 'cli2', 'cli3'])
      .orderBy('u.username')
      .execute();
    expect(altas.map((a) => [a.username, a.despues, a.usuario])).toEqual([
      ['cli1', { nivel: 3, maxRecargas: MAX_RECARGAS_POR_DEFECTO }, 'admin'],
      ['cli2', { nivel: 3, maxRecargas: 5 }, 'admin'],
      ['cli3', { nivel: 3, maxRecargas: MAX_RECARGAS_POR_DEFECTO }, 'admin'],
      ['vend1', { nivel: 2, maxRecargas: 10 }, 'admin'],
    ]);
    // The password of the file is the user's.
    await expect(entrar(e.app, 'vend1', 'demo', 'Clave.123')).resolves.toMatchObject({ nivel: 2 });
  });

  it('the template has the columns the upload expects; leaders cannot download it', async () => {
    const r = await pedir(e.app, admin, 'GET', '/get/plantilla/registroUsuarios');
    expect(r.statusCode).toBe(200);
    expect((await leerXlsx(r.rawPayload))[0]).toEqual(USUARIOS);
    const otro = await pedir(e.app, lider, 'GET', '/get/plantilla/registroUsuarios');
    expect(otro.statusCode).toBe(403);
  });
});
