import { M, texto } from '@recargas/contracts/mensajes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIN_FALLAS } from '../src/providers/simulador.ts';
import { crearEntorno, type Entorno, entrar, simuladorDe } from './entorno.ts';
import { pedir, recargar } from './peticion.ts';

let e: Entorno;
type Sesion = Awaited<ReturnType<typeof entrar>>;
let admin: Sesion;
let cliente: Sesion;
beforeAll(async () => {
  e = await crearEntorno();
  admin = await entrar(e.app, 'admin');
  cliente = await entrar(e.app, 'cliente');
});
afterAll(() => e.cerrar());

describe('platform users (POST/GET /plataformasEmpresa, GET /empresas)', () => {
  it('lists the seeded platform users and the two platforms', async () => {
    const r = await pedir(e.app, admin, 'GET', '/plataformasEmpresa');
    expect(r.statusCode).toBe(200);
    expect(r.json().plataformas).toEqual([
      expect.objectContaining({ usuario: 'telcel_norte', plataforma: 'Recargatodo', noPlataforma: 1 }),
      expect.objectContaining({ usuario: 'pagaqui_centro', plataforma: 'Pagaqui', noPlataforma: 2 }),
    ]);
    expect((await pedir(e.app, admin, 'GET', '/empresas')).json()).toEqual({
      empresas: [
        { id: 1, nombre: 'Recargatodo' },
        { id: 2, nombre: 'Pagaqui' },
      ],
    });
  });

  it.each([
    [{ plataforma: 1 }, M.debesUsername],
    [{ username: '   ', plataforma: 1 }, M.debesUsername],
    [{ username: 7, plataforma: 1 }, M.debesUsername],
    [{ username: 'nuevo' }, M.debesPlataforma],
    [{ username: 'nuevo', plataforma: '' }, M.debesPlataforma],
    [{ username: 'nuevo', plataforma: 3 }, M.debesPlataforma],
    [{ username: 'nuevo', plataforma: 'x' }, M.debesPlataforma],
    [{ username: 'u'.repeat(51), plataforma: 1 }, M.usernamePlataformaLargo],
    [{ username: 'nuevo', plataforma: 1, canal: 'c'.repeat(51) }, M.canalLargo],
    [{ username: 'nu\u0000evo', plataforma: 1 }, M.debesUsername],
  ])('refuses %j with its message', async (cuerpo, mensaje) => {
    const r = await pedir(e.app, admin, 'POST', '/plataformasEmpresa', cuerpo);
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(mensaje);
  });

  it('registers with canal optional (50 characters allowed) and refuses a repeated username on that platform', async () => {
    const ok = await pedir(e.app, admin, 'POST', '/plataformasEmpresa', {
      username: 'u'.repeat(50),
      plataforma: 2,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ mensaje: M.registradoCorrectamente, id: expect.any(Number) });
    const conCanal = await pedir(e.app, admin, 'POST', '/plataformasEmpresa', {
      username: 'sur',
      plataforma: '1',
      canal: 'c'.repeat(50),
    });
    expect(conCanal.statusCode).toBe(200);
    const otra = await pedir(e.app, admin, 'POST', '/plataformasEmpresa', { username: 'SUR', plataforma: 1 });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().mensaje).toBe(texto('usuarioPlataformaExiste', { username: 'SUR' }));
    // The same name on the other platform is another account.
    expect(
      (await pedir(e.app, admin, 'POST', '/plataformasEmpresa', { username: 'sur', plataforma: 2 }))
        .statusCode,
    ).toBe(200);
  });

  it('levels 2 and 3, and an admin without RECARGAS_CARRIER, are refused', async () => {
    // Demo's admin, copied without its permissions (same company and password).
    const { empresa_id, password_hash } = await e.db
      .selectFrom('usuarios')
      .innerJoin('empresas', 'empresas.id', 'usuarios.empresa_id')
      .select(['usuarios.empresa_id', 'usuarios.password_hash'])
      .where('usuarios.username', '=', 'admin')
      .where('empresas.codigo', '=', 'demo')
      .executeTakeFirstOrThrow();
    await e.db
      .insertInto('usuarios')
      .values({ empresa_id, username: 'adminsin', nombre: 'Admin sin permiso', password_hash, nivel: 1 })
      .execute();
    const sinPermiso = await entrar(e.app, 'adminsin');
    for (const s of [await entrar(e.app, 'lider'), cliente, sinPermiso]) {
      for (const [m, url] of [
        ['GET', '/plataformasEmpresa'],
        ['POST', '/plataformasEmpresa'],
        ['GET', '/plataformaCarrier'],
        ['POST', '/cambiarPlataformasEmpresa'],
        ['GET', '/empresas'],
        ['POST', '/api/comments/'],
      ] as const) {
        const r = await pedir(e.app, s, m, url, m === 'POST' ? {} : undefined);
        expect(r.statusCode, `${m} ${url}`).toBe(403);
      }
    }
  });
});

describe('platform per carrier (GET /plataformaCarrier, POST /cambiarPlataformasEmpresa)', () => {
  it('every carrier starts on the default account of platform 1', async () => {
    const r = await pedir(e.app, admin, 'GET', '/plataformaCarrier');
    expect(r.statusCode).toBe(200);
    const carriers = r.json().carriers;
    expect(carriers.map((c: { carrier: string }) => c.carrier)).toEqual(['T', 'M', 'U', 'A', 'V', 'B']);
    for (const c of carriers) {
      expect(c).toEqual({
        carrier: c.carrier,
        empresaPlataformaId: null,
        noPlataforma: 1,
        usuario: 'demo',
        plataforma: 'Recargatodo',
        usuario2: null,
        plataforma2: null,
        respaldoId: null,
        respaldoUsuario: null,
        respaldoPlataforma: null,
      });
    }
  });

  it('a carrier switched to a Pagaqui user sends its top-ups there, with that user; back to the default with null', async () => {
    const { plataformas } = (await pedir(e.app, admin, 'GET', '/plataformasEmpresa')).json();
    const pagaqui = plataformas.find((p: { usuario: string }) => p.usuario === 'pagaqui_centro');
    const r = await pedir(e.app, admin, 'POST', '/cambiarPlataformasEmpresa', {
      carrier: 'U',
      empresaPlataformaId: pagaqui.id,
    });
    expect(r.json()).toEqual({ mensaje: M.actualizadoCorrectamente });
    const u = (await pedir(e.app, admin, 'GET', '/plataformaCarrier'))
      .json()
      .carriers.find((c: { carrier: string }) => c.carrier === 'U');
    expect(u).toMatchObject({
      empresaPlataformaId: pagaqui.id,
      noPlataforma: 2,
      usuario2: 'pagaqui_centro',
      plataforma2: 'Pagaqui',
    });

    const p1 = await simuladorDe(e, 'demo', 1);
    const p2 = await simuladorDe(e, 'demo', 2);
    p1.configurar(SIN_FALLAS);
    p2.configurar(SIN_FALLAS);
    // A client's Unefon top-up goes to Pagaqui with the chosen user; Telcel stays on platform 1.
    const unefon = await recargar(e.app, cliente, { dn: '5530000001', compania: 'U' }, 'c-u');
    expect(unefon.statusCode).toBe(200);
    expect(p2.envio(String(unefon.json().id))?.usuario).toBe('pagaqui_centro');
    expect(p1.envio(String(unefon.json().id))).toBeUndefined();
    const fila = await e.db
      .selectFrom('recargas')
      .select('plataforma_usuario_id')
      .where('id', '=', unefon.json().id)
      .executeTakeFirstOrThrow();
    expect(fila.plataforma_usuario_id).toBe(pagaqui.id);
    const telcel = await recargar(e.app, cliente, { dn: '5530000002', compania: 'T' }, 'c-t');
    expect(p1.envio(String(telcel.json().id))?.usuario).toBeUndefined();
    expect(p1.envio(String(telcel.json().id))).toBeDefined();
    // An administrator's explicit platform switch wins over the carrier's setting.
    const explicita = await recargar(
      e.app,
      admin,
      { dn: '5530000003', compania: 'U', monto: 30, plataforma: 1 },
      'c-u-1',
    );
    expect(p1.envio(String(explicita.json().id))).toBeDefined();

    const vuelta = await pedir(e.app, admin, 'POST', '/cambiarPlataformasEmpresa', {
      carrier: 'U',
      empresaPlataformaId: null,
    });
    expect(vuelta.statusCode).toBe(200);
    const otra = await recargar(e.app, cliente, { dn: '5530000004', compania: 'U' }, 'c-u-2');
    expect(p1.envio(String(otra.json().id))).toBeDefined();
  });

  it('refuses an unknown carrier, an unknown id and another company’s platform user', async () => {
    const malo = await pedir(e.app, admin, 'POST', '/cambiarPlataformasEmpresa', {
      carrier: 'X',
      empresaPlataformaId: 1,
    });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().mensaje).toBe(M.lineaCompaniaInvalida);
    const nada = await pedir(e.app, admin, 'POST', '/cambiarPlataformasEmpresa', {
      carrier: 'T',
      empresaPlataformaId: 999999,
    });
    expect(nada.statusCode).toBe(404);
    const otro = await entrar(e.app, 'admin', 'gmcel');
    const deGmcel = await pedir(e.app, otro, 'POST', '/plataformasEmpresa', {
      username: 'gm1',
      plataforma: 1,
    });
    const ajeno = await pedir(e.app, admin, 'POST', '/cambiarPlataformasEmpresa', {
      carrier: 'T',
      empresaPlataformaId: deGmcel.json().id,
    });
    expect(ajeno.statusCode).toBe(404);
    // gmcel sees only its own users.
    expect(
      (await pedir(e.app, otro, 'GET', '/plataformasEmpresa'))
        .json()
        .plataformas.map((p: { usuario: string }) => p.usuario),
    ).toEqual(['gm1']);
    expect(
      (
        await pedir(e.app, admin, 'POST', '/cambiarPlataformasEmpresa', {
          carrier: 'T',
          empresaPlataformaId: 'x',
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('comments per carrier (GET/POST /api/comments/)', () => {
  it('every user reads them; an admin saves them with Comentarios guardados', async () => {
    const antes = (await pedir(e.app, cliente, 'GET', '/api/comments/')).json();
    expect(antes).toHaveLength(6);
    expect(antes.find((c: { carrier: string }) => c.carrier === 'B').comment).toMatch(/Bait/);
    const r = await pedir(e.app, admin, 'POST', '/api/comments/', [
      { carrier: 'T', comment: '  Telcel sin demoras  ' },
      { carrier: 'B', comment: '' },
    ]);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ mensaje: M.comentariosGuardados });
    const despues = (await pedir(e.app, cliente, 'GET', '/api/comments/')).json();
    expect(despues).toContainEqual({ carrier: 'T', comment: 'Telcel sin demoras' });
    expect(despues).toContainEqual({ carrier: 'B', comment: '' });
    // Another company does not see them.
    const otro = await entrar(e.app, 'admin', 'gmcel');
    expect((await pedir(e.app, otro, 'GET', '/api/comments/')).json()).toContainEqual({
      carrier: 'T',
      comment: '',
    });
  });

  it.each([
    [{ carrier: 'T', comment: 'x' }],
    [[{ carrier: 'Z', comment: 'x' }]],
    [[{ carrier: 'T', comment: 'x'.repeat(501) }]],
    [[{ carrier: 'T', comment: 'a\u0000b' }]],
    [[{ carrier: 'T' }]],
  ])('refuses %j with a 400 in Spanish', async (cuerpo) => {
    const r = await pedir(e.app, admin, 'POST', '/api/comments/', cuerpo);
    expect(r.statusCode).toBe(400);
    expect(typeof r.json().mensaje).toBe('string');
  });
});
