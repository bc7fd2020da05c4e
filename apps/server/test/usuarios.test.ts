import { M, texto } from '@recargas/contracts/mensajes';
import { PASSWORD_SIN_CAMBIO } from '@recargas/contracts/usuarios';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as usuarios from '../src/modules/usuarios/service.ts';
import { conToken, crearEntorno, type Entorno, entrar, leerXlsx } from './entorno.ts';

let e: Entorno;
type Sesion = Awaited<ReturnType<typeof entrar>>;
let admin: Sesion;
let lider: Sesion;
let demo: number;
let liderDemo: number;
let clienteDemo: number;

beforeAll(async () => {
  e = await crearEntorno();
  admin = await entrar(e.app, 'admin');
  lider = await entrar(e.app, 'lider');
  demo = (
    await e.db.selectFrom('empresas').select('id').where('codigo', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
  liderDemo = (
    await e.db.selectFrom('lideres').select('id').where('nombre', '=', 'Lider Demo').executeTakeFirstOrThrow()
  ).id;
  clienteDemo = (
    await e.db
      .selectFrom('clientes')
      .select('id')
      .where('nombre', '=', 'Cliente Demo')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => e.cerrar());

const post = (s: Sesion, url: string, payload: Record<string, unknown>) =>
  e.app.inject({ method: 'POST', url, payload, headers: conToken(s.token, s.xsrf) });
const get = (s: Sesion, url: string) => e.app.inject({ url, headers: conToken(s.token) });
/** Chip filters as the screens send them: one `filtros` query parameter holding JSON text. */
const filtros = (f: Record<string, unknown>) => `filtros=${encodeURIComponent(JSON.stringify(f))}`;

let n = 0;
const nuevo = (extra: Record<string, unknown> = {}) => ({
  username: `u${++n}`,
  nombre: `Usuario ${n}`,
  password: 'Clave.123',
  confirmacion: 'Clave.123',
  nivel: 3,
  lider: String(liderDemo),
  cliente: String(clienteDemo),
  maxRecargas: 5,
  phoneNumber: '',
  ...extra,
});
const cuentaUsuarios = async () =>
  Number(
    (
      await e.db
        .selectFrom('usuarios')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const fila = (username: string, empresaId = demo) =>
  e.db
    .selectFrom('usuarios')
    .selectAll()
    .where('username', '=', username)
    .where('empresa_id', '=', empresaId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

describe('POST /registrarUsuario', () => {
  it('a client of a leader: Registrado correctamente, argon2id hash, can log in, phone none', async () => {
    const body = nuevo({ phoneNumber: 'null' });
    const r = await post(admin, '/registrarUsuario', body);
    expect(r.statusCode).toBe(200);
    expect(r.json().mensaje).toBe(M.registradoCorrectamente);
    const u = await fila(body.username);
    expect(u).toMatchObject({
      nivel: 3,
      lider_id: liderDemo,
      cliente_id: clienteDemo,
      telefono: null,
      max_recargas: 5,
    });
    expect(u.password_hash).toMatch(/^\$argon2id\$/);
    expect(u.password_hash).not.toContain('Clave.123');
    const s = await entrar(e.app, body.username, 'demo', 'Clave.123');
    expect(s.nivel).toBe(3);
    const visto = (await get(admin, `/api/usuarios/${u.id}`)).json();
    expect(visto).toMatchObject({ phoneNumber: 'null', lider: 'Lider Demo', cliente: 'Cliente Demo' });
    expect(visto).not.toHaveProperty('password');
    expect(visto).not.toHaveProperty('password_hash');
  });

  it("a leader with 'Sin lider' sent as '0' founds a new leader named after the user", async () => {
    const body = nuevo({ nivel: 2, lider: '0', cliente: '0', nombre: 'Zona Norte', maxRecargas: 1000 });
    const r = await post(admin, '/registrarUsuario', body);
    expect(r.statusCode).toBe(200);
    const u = await fila(body.username);
    const l = await e.db
      .selectFrom('lideres')
      .selectAll()
      .where('id', '=', u.lider_id)
      .executeTakeFirstOrThrow();
    expect(l).toMatchObject({ nombre: 'Zona Norte', empresa_id: demo });
    expect(u.cliente_id).toBeNull();
    // The same name again is a taken leader name, not a 500.
    const otra = await post(admin, '/registrarUsuario', nuevo({ nivel: 2, lider: 0, nombre: 'Zona Norte' }));
    expect(otra.statusCode).toBe(409);
    expect(otra.json().mensaje).toBe(M.liderYaExiste);
  });

  it('a client with a new client name (clienteNuevo) under the chosen leader', async () => {
    const body = nuevo({ cliente: '0', clienteNuevo: 'Papelería Sol' });
    expect((await post(lider, '/registrarUsuario', body)).statusCode).toBe(200);
    const u = await fila(body.username);
    const c = await e.db
      .selectFrom('clientes')
      .selectAll()
      .where('id', '=', u.cliente_id)
      .executeTakeFirstOrThrow();
    expect(c).toMatchObject({ nombre: 'Papelería Sol', lider_id: liderDemo });
  });

  it('a taken username, whatever its case, is a 409 with the name', async () => {
    const r = await post(admin, '/registrarUsuario', nuevo({ username: 'CLIENTE' }));
    expect(r.statusCode).toBe(409);
    expect(r.json().mensaje).toBe(texto('usuarioYaExiste', { username: 'CLIENTE' }));
  });

  it('level 2: Sin lider means its own leader; another leader or level 2 is refused', async () => {
    const propio = nuevo({ lider: '0' });
    expect((await post(lider, '/registrarUsuario', propio)).statusCode).toBe(200);
    expect((await fila(propio.username)).lider_id).toBe(liderDemo);
    const otroLider = (
      await post(admin, '/registrarUsuario', nuevo({ nivel: 2, lider: 0, nombre: 'Zona Sur' }))
    ).json();
    expect(otroLider.mensaje).toBe(M.registradoCorrectamente);
    const sur = (
      await e.db.selectFrom('lideres').select('id').where('nombre', '=', 'Zona Sur').executeTakeFirstOrThrow()
    ).id;
    const antes = await cuentaUsuarios();
    expect((await post(lider, '/registrarUsuario', nuevo({ lider: sur }))).statusCode).toBe(403);
    expect((await post(lider, '/registrarUsuario', nuevo({ nivel: 2, lider: liderDemo }))).statusCode).toBe(
      403,
    );
    expect(await cuentaUsuarios()).toBe(antes);
  });

  it('administrators cannot be created (levels 0 and 1), by anyone', async () => {
    for (const nivel of [0, 1]) {
      const r = await post(admin, '/registrarUsuario', nuevo({ nivel, lider: 0, cliente: 0 }));
      expect(r.statusCode).toBe(403);
      expect(r.json().mensaje).toBe(M.administradoresDeshabilitado);
    }
  });
});

describe('section 5 validation messages, from the API, nothing written', () => {
  const registro: [string, Record<string, unknown>, string][] = [
    ['blank username', { username: '  ' }, M.introduceTodosLosCampos],
    ['missing username', { username: undefined }, M.introduceTodosLosCampos],
    ['blank nombre', { nombre: '' }, M.introduceTodosLosCampos],
    ['blank password', { password: '   ', confirmacion: '   ' }, M.introduceTodosLosCampos],
    ['missing password', { password: undefined, confirmacion: undefined }, M.introduceTodosLosCampos],
    ['passwords differ', { confirmacion: 'Otra.123' }, M.contrasenasNoCoinciden],
    ['phone not a number', { phoneNumber: '55-12a' }, M.telefonoUsuarioInvalido],
    ['phone over 13', { phoneNumber: '12345678901234' }, M.telefonoUsuarioInvalido],
    ['level 3 without client', { cliente: '0' }, M.seleccionaCliente],
    ["level 3 with 'Sin lider'", { lider: '0', cliente: '0' }, M.seleccionaCliente],
    ['maxRecargas 0', { maxRecargas: 0 }, M.rangoMaxRecargas],
    ['maxRecargas over 1,000,000', { maxRecargas: 1_000_001 }, M.rangoMaxRecargas],
    ['maxRecargas not a number', { maxRecargas: 'diez' }, M.rangoMaxRecargas],
    ['username over 50', { username: 'x'.repeat(51) }, M.usernameLargo],
    ['nombre over 100', { nombre: 'x'.repeat(101) }, M.nombreLargo],
  ];
  it.each(registro)('register: %s', async (_caso, cambios, mensaje) => {
    const antes = await cuentaUsuarios();
    const r = await post(admin, '/registrarUsuario', nuevo(cambios));
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(mensaje);
    expect(await cuentaUsuarios()).toBe(antes);
  });

  it('register: a client of another leader is not that leader’s client', async () => {
    const c = await e.db
      .insertInto('clientes')
      .values({
        empresa_id: demo,
        lider_id: (
          await e.db
            .insertInto('lideres')
            .values({ empresa_id: demo, nombre: 'Zona Este' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
        nombre: 'Ajeno',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const r = await post(admin, '/registrarUsuario', nuevo({ cliente: c.id }));
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(M.seleccionaCliente);
  });

  it("level 2 creator: 'El numero de recargas maximo es {MRD}' over its own MRD (500)", async () => {
    const r = await post(lider, '/registrarUsuario', nuevo({ maxRecargas: 501 }));
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe('El numero de recargas maximo es 500');
    expect((await post(lider, '/registrarUsuario', nuevo({ maxRecargas: 500 }))).statusCode).toBe(200);
  });

  it("gsmoviles: 'el Numero de recargas maximas son 5' for a client made by a leader; admins exempt", async () => {
    const gsm = (
      await e.db
        .selectFrom('empresas')
        .select('id')
        .where('codigo', '=', 'gsmoviles')
        .executeTakeFirstOrThrow()
    ).id;
    const adminGsm = await entrar(e.app, 'admin', 'gsmoviles');
    const alta = await post(adminGsm, '/registrarUsuario', {
      ...nuevo({ nivel: 2, lider: 0, cliente: 0, nombre: 'Lider GS', maxRecargas: 1000 }),
      username: 'lidergs',
    });
    expect(alta.statusCode).toBe(200);
    const lgs = await fila('lidergs', gsm);
    await e.db
      .insertInto('usuario_permisos')
      .values({ usuario_id: lgs.id, clave: 'USUARIO_CLIENTE' })
      .execute();
    const liderGs = await entrar(e.app, 'lidergs', 'gsmoviles', 'Clave.123');
    const base = { lider: lgs.lider_id, cliente: 0, clienteNuevo: 'Tienda GS' };
    const r = await post(liderGs, '/registrarUsuario', nuevo({ ...base, maxRecargas: 6 }));
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe('el Numero de recargas maximas son 5');
    expect((await post(liderGs, '/registrarUsuario', nuevo({ ...base, maxRecargas: 5 }))).statusCode).toBe(
      200,
    );
    const porAdmin = await post(
      adminGsm,
      '/registrarUsuario',
      nuevo({ ...base, clienteNuevo: 'Tienda GS 2', maxRecargas: 900 }),
    );
    expect(porAdmin.statusCode).toBe(200);
    // demo has no cap: the same leader rule there only limits to the leader's MRD.
    expect((await post(lider, '/registrarUsuario', nuevo({ maxRecargas: 6 }))).statusCode).toBe(200);
  });

  const edicion: [string, Record<string, unknown>, string][] = [
    ['no user chosen', { id: undefined }, M.seleccionaUsuario],
    ['user 0', { id: '0' }, M.seleccionaUsuario],
    ['blank nombre', { nombre: ' ' }, M.introduceTodosLosCampos],
    ['passwords differ', { password: 'Nueva.1', confirmacion: 'Nueva.2' }, M.contrasenasNoCoinciden],
    ['phone not a number', { phoneNumber: 'abc' }, M.telefonoUsuarioInvalido],
    ['level 3 without client', { cliente: 0 }, M.seleccionaCliente],
    ['maxRecargas over 1,000,000', { maxRecargas: 2_000_000 }, M.rangoMaxRecargas],
  ];
  it.each(edicion)('edit: %s', async (_caso, cambios, mensaje) => {
    const u = await fila('cliente');
    const r = await post(admin, '/editarUsuario', {
      id: u.id,
      nombre: 'Cambiado',
      nivel: 3,
      lider: liderDemo,
      cliente: clienteDemo,
      ...cambios,
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(mensaje);
    expect((await fila('cliente')).nombre).toBe(u.nombre);
  });
});

describe('POST /editarUsuario', () => {
  it('the six dots (or nothing) keep the password; a new one replaces it', async () => {
    const body = nuevo({ phoneNumber: '5512345678' });
    await post(admin, '/registrarUsuario', body);
    const u = await fila(body.username);
    const editar = (extra: Record<string, unknown>) =>
      post(admin, '/editarUsuario', {
        id: u.id,
        nombre: 'Nombre nuevo',
        nivel: 3,
        lider: liderDemo,
        cliente: clienteDemo,
        ...extra,
      });
    for (const password of [PASSWORD_SIN_CAMBIO, '......', '', undefined]) {
      const r = await editar({ password, confirmacion: password });
      expect(r.statusCode).toBe(200);
      expect(r.json().mensaje).toBe(M.editadoCorrectamente);
    }
    const tras = await fila(body.username);
    expect(tras.password_hash).toBe(u.password_hash);
    expect(tras).toMatchObject({ nombre: 'Nombre nuevo', telefono: '5512345678', max_recargas: 5 });
    await entrar(e.app, body.username, 'demo', 'Clave.123');

    expect(
      (await editar({ password: 'Otra.456', confirmacion: 'Otra.456', phoneNumber: 'null', maxRecargas: 7 }))
        .statusCode,
    ).toBe(200);
    const final = await fila(body.username);
    expect(final).toMatchObject({ telefono: null, max_recargas: 7 });
    await entrar(e.app, body.username, 'demo', 'Otra.456');
    await expect(entrar(e.app, body.username, 'demo', 'Clave.123')).rejects.toThrow(/401/);
  });

  it('administrators cannot be edited, nor a user made one', async () => {
    const root = await entrar(e.app, 'root');
    const a = await fila('admin');
    const r = await post(root, '/editarUsuario', { id: a.id, nombre: 'X', nivel: 2, lider: liderDemo });
    expect(r.statusCode).toBe(403);
    expect(r.json().mensaje).toBe(M.administradoresDeshabilitado);
    const c = await fila('cliente');
    const r2 = await post(admin, '/editarUsuario', { id: c.id, nombre: 'X', nivel: 1, lider: 0 });
    expect(r2.statusCode).toBe(403);
    expect((await fila('cliente')).nivel).toBe(3);
  });

  it('level 2 edits only clients of its own leader', async () => {
    const yo = await fila('lider');
    expect(
      (
        await post(lider, '/editarUsuario', {
          id: yo.id,
          nombre: 'Yo',
          nivel: 3,
          lider: liderDemo,
          cliente: clienteDemo,
        })
      ).statusCode,
    ).toBe(403);
    const c = await fila('cliente');
    const ok = await post(lider, '/editarUsuario', {
      id: c.id,
      nombre: 'Cliente Demo',
      nivel: 3,
      lider: liderDemo,
      cliente: clienteDemo,
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('soft delete', () => {
  it('keeps the top-ups, refuses the login and the open session, frees the username', async () => {
    const body = nuevo();
    await post(admin, '/registrarUsuario', body);
    const u = await fila(body.username);
    const s = await entrar(e.app, body.username, 'demo', 'Clave.123');
    const recarga = await e.app.inject({
      method: 'POST',
      url: '/checkOut',
      payload: { dn: '5598765432', compania: 'T' },
      headers: { ...conToken(s.token, s.xsrf), 'idempotency-key': 'borrado-1' },
    });
    expect(recarga.statusCode).toBeLessThan(300);

    const r = await post(admin, '/eliminarUsuario', { id: u.id });
    expect(r.statusCode).toBe(200);
    expect(r.json().mensaje).toBe(M.eliminadoCorrectamente);

    const filas = await e.db.selectFrom('recargas').selectAll().where('usuario_id', '=', u.id).execute();
    expect(filas).toHaveLength(1);
    const sigue = await e.db
      .selectFrom('usuarios')
      .selectAll()
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(sigue.username).toBe(body.username);
    expect(sigue.eliminado).not.toBeNull();

    const login = await e.app.inject({
      method: 'POST',
      url: '/iniciarSesion',
      payload: { username: body.username, password: 'Clave.123', empresa: 'demo' },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().mensaje).toBe(M.credencialesInvalidas);
    const conSesion = await get(s, '/movimientos');
    expect(conSesion.statusCode).toBe(401);

    expect((await get(admin, `/api/usuarios?${filtros({ username: [body.username] })}`)).json().total).toBe(
      0,
    );
    expect((await post(admin, '/eliminarUsuario', { id: u.id })).statusCode).toBe(404);
    expect((await post(admin, '/registrarUsuario', { ...body })).statusCode).toBe(200);
  });

  it('nobody deletes themselves or an administrator', async () => {
    const yo = await fila('admin');
    const r = await post(admin, '/eliminarUsuario', { id: yo.id });
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(M.noEliminarPropio);
    const root = await fila('root');
    const r2 = await post(admin, '/eliminarUsuario', { id: root.id });
    expect(r2.statusCode).toBe(403);
    expect(r2.json().mensaje).toBe(M.administradoresDeshabilitado);
    expect((await post(admin, '/eliminarUsuario', {})).json().mensaje).toBe(M.seleccionaUsuario);
  });
});

describe('GET /api/usuarios: keyset pages and chip filters', () => {
  beforeAll(async () => {
    const hash = 'x';
    // This block's own leader with one user, whatever the other blocks created before it.
    const poniente = await e.db
      .insertInto('lideres')
      .values({ empresa_id: demo, nombre: 'Zona Poniente' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await e.db
      .insertInto('usuarios')
      .values({
        empresa_id: demo,
        username: 'poniente',
        nombre: 'Lider Poniente',
        password_hash: hash,
        nivel: 2,
        lider_id: poniente.id,
      })
      .execute();
    const filas = [
      ['ana.lopez', 'Ana López', '5511111111'],
      ['ANAbel', 'Anabel Ruiz', null],
      ['luis', 'Luis Ana', '5522222222'],
      ['pct', 'Cien % seguro', null],
      ['guion_bajo', 'Con _ bajo', null],
    ] as const;
    for (const [username, nombre, telefono] of filas) {
      await e.db
        .insertInto('usuarios')
        .values({
          empresa_id: demo,
          username,
          nombre,
          password_hash: hash,
          nivel: 3,
          lider_id: liderDemo,
          cliente_id: clienteDemo,
          telefono,
        })
        .execute();
    }
  });
  const lista = async (s: Sesion, qs: string) => {
    const r = await get(s, `/api/usuarios?${qs}`);
    expect(r.statusCode).toBe(200);
    return r.json() as {
      usuarios: { username: string; phoneNumber: string }[];
      total: number | null;
      siguiente: string | null;
    };
  };
  const nombres = async (qs: string, s = admin) =>
    (await lista(s, qs)).usuarios.map((u) => u.username).sort();

  it('case-insensitive substring; OR within a column; AND across columns', async () => {
    expect(await nombres(filtros({ username: ['ana'] }))).toEqual(['ANAbel', 'ana.lopez']);
    expect(await nombres(filtros({ username: ['ANA', 'luis'] }))).toEqual(['ANAbel', 'ana.lopez', 'luis']);
    expect(await nombres(filtros({ nombre: ['ana'], phoneNumber: ['55'] }))).toEqual(['ana.lopez', 'luis']);
    expect(await nombres(filtros({ nombre: ['ana'], username: ['luis'], phoneNumber: ['sin tel'] }))).toEqual(
      [],
    );
    expect(await nombres(filtros({ username: ['ana'], phoneNumber: ['sin telefono'] }))).toEqual(['ANAbel']);
    const poniente = (await lista(admin, filtros({ lider: ['ZONA poniente'] }))).usuarios as {
      username: string;
      lider?: string;
    }[];
    expect(poniente.map((u) => u.username)).toEqual(['poniente']);
    for (const u of poniente) expect(u.lider).toBe('Zona Poniente');
  });

  it('% and _ in a chip match themselves', async () => {
    expect(await nombres(filtros({ nombre: ['%'] }))).toEqual(['pct']);
    expect(await nombres(filtros({ nombre: ['_'] }))).toEqual(['guion_bajo']);
    expect((await lista(admin, filtros({ username: ['ANAbel'] }))).usuarios[0]?.phoneNumber).toBe('null');
  });

  it('pages of 2 walk every row once, total on the first page only', async () => {
    const primera = await lista(admin, 'limit=2');
    expect(primera.total).toBeGreaterThan(5);
    const vistos: string[] = primera.usuarios.map((u) => u.username);
    let siguiente = primera.siguiente;
    while (siguiente) {
      const p = await lista(admin, `limit=2&after=${siguiente}`);
      expect(p.total).toBeNull();
      vistos.push(...p.usuarios.map((u) => u.username));
      siguiente = p.siguiente;
    }
    expect(vistos).toHaveLength(primera.total as number);
    expect(new Set(vistos).size).toBe(vistos.length);
  });

  it('level 2 sees only its leader and its clients', async () => {
    const todos = await nombres('limit=100', lider);
    expect(todos).toContain('cliente');
    expect(todos).toContain('lider');
    expect(todos).not.toContain('admin');
    expect(todos).not.toContain('root');
    const deZona = (await lista(admin, filtros({ lider: ['zona poniente'] }))).usuarios.map(
      (u) => u.username,
    );
    expect(deZona).toEqual(['poniente']);
    for (const u of deZona) expect(todos).not.toContain(u);
  });

  it('bad paging input is a 400 with a Spanish mensaje', async () => {
    for (const qs of ['after=abc', 'limit=0', 'limit=1000']) {
      const r = await get(admin, `/api/usuarios?${qs}`);
      expect(r.statusCode, qs).toBe(400);
      expect(r.json().mensaje).toMatch(/^Datos inválidos/);
    }
  });

  it('bad chip filters are a 400 with the filters mensaje', async () => {
    for (const qs of [
      'filtros=%7Bno-json',
      filtros({ username: ['x'.repeat(51)] }),
      filtros({ password_hash: ['a'] }),
      filtros({ username: 'ana' }),
      filtros({ nombre: ['a\u0000b'] }),
      filtros({ nombre: Array.from({ length: 21 }, (_, i) => `c${i}`) }),
    ]) {
      const r = await get(admin, `/api/usuarios?${qs}`);
      expect(r.statusCode, qs).toBe(400);
      expect(r.json().mensaje, qs).toContain(M.filtrosInvalidos);
    }
  });

  it('the old repeated query keys are no filter: the whole list comes back', async () => {
    const todos = (await lista(admin, '')).total;
    expect((await lista(admin, 'username=ana')).total).toBe(todos);
  });
});

describe('Excel USUARIOS', () => {
  it('exports the rows of the list (scope and chips) to a file a second reader opens', async () => {
    const filtros = { nivel: ['3'] };
    const lista = await get(
      lider,
      `/api/usuarios?limit=100&filtros=${encodeURIComponent(JSON.stringify(filtros))}`,
    );
    const r = await post(lider, '/excel', { tipo: 'USUARIOS', filtros });
    expect(r.statusCode, r.body).toBe(200);
    const archivo = await e.app.inject({ url: `/excel/descargar?nombre=${r.json().nombreArchivo}` });
    const [titulos, ...filas] = await leerXlsx(archivo.rawPayload);
    expect(titulos).toEqual([
      '#',
      'Username',
      'Nombre',
      'Nivel',
      'Lider',
      'Cliente',
      'Telefono',
      'Max Recargas',
    ]);
    const esperados = (lista.json() as { usuarios: { username: string }[] }).usuarios.map((u) => u.username);
    expect(esperados.length).toBeGreaterThan(0);
    expect(filas.map((f) => f[1])).toEqual(esperados);
    expect(filas.every((f) => f[3] === 3)).toBe(true);
  });

  it('refuses chips of columns the list does not have', async () => {
    const r = await post(admin, '/excel', { tipo: 'USUARIOS', filtros: { icc: ['1'] } });
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(M.filtrosInvalidos);
  });
});

describe('leader and client pickers', () => {
  beforeAll(async () => {
    await e.db
      .insertInto('lideres')
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          empresa_id: demo,
          nombre: `Picker ${String(i).padStart(2, '0')}`,
        })),
      )
      .execute();
  });

  it('GET /api/lideres: 10 per page by name, searchable, every leader once', async () => {
    const vistos: string[] = [];
    let after = '';
    for (;;) {
      const r = (await get(admin, `/api/lideres?q=picker${after ? `&after=${after}` : ''}`)).json();
      expect(r.lideres.length).toBeLessThanOrEqual(10);
      vistos.push(...r.lideres.map((l: { lider: string }) => l.lider));
      if (!r.siguiente) break;
      after = r.siguiente;
    }
    expect(vistos).toEqual(Array.from({ length: 25 }, (_, i) => `Picker ${String(i).padStart(2, '0')}`));
    expect((await get(admin, '/api/lideres')).json().lideres).toHaveLength(10);
  });

  it('level 2 gets only its own leader and its clients', async () => {
    const l = (await get(lider, '/api/lideres')).json();
    expect(l).toEqual({ lideres: [{ id: liderDemo, lider: 'Lider Demo' }], siguiente: null });
    const c = (await get(lider, '/api/clientes')).json();
    expect(c.clientes.length).toBeGreaterThan(0);
    for (const x of c.clientes) expect(x.liderId).toBe(liderDemo);
    const sur = (
      await e.db.selectFrom('lideres').select('id').where('nombre', '=', 'Zona Sur').executeTakeFirstOrThrow()
    ).id;
    expect((await get(lider, `/api/clientes?lider=${sur}`)).json().clientes).toEqual([]);
  });

  it('GET /api/clientes?lider= gives pairs {lider, cliente} of that leader', async () => {
    const r = (await get(admin, `/api/clientes?lider=${liderDemo}&q=cliente`)).json();
    expect(r.clientes).toContainEqual({
      id: clienteDemo,
      cliente: 'Cliente Demo',
      liderId: liderDemo,
      lider: 'Lider Demo',
    });
  });
});

describe('amount permission', () => {
  it('setUsuariosMonto turns isMonto on and off; usuariosMonto lists leaders and clients only', async () => {
    const on = await post(admin, '/api/setUsuariosMonto', { username: 'cliente', isMonto: 1 });
    expect(on.statusCode).toBe(200);
    expect((await fila('cliente')).is_monto).toBe(true);
    expect(
      (await post(admin, '/api/setUsuariosMonto', { username: 'cliente', isMonto: false })).statusCode,
    ).toBe(200);
    expect((await fila('cliente')).is_monto).toBe(false);
    const admins = await post(admin, '/api/setUsuariosMonto', { username: 'root', isMonto: 1 });
    expect(admins.statusCode).toBe(403);
    const todos: { nivel: number }[] = [];
    let after = '';
    for (;;) {
      const r = (await get(admin, `/api/usuariosMonto?limit=50${after ? `&after=${after}` : ''}`)).json();
      todos.push(...r.usuarios);
      if (!r.siguiente) break;
      after = r.siguiente;
    }
    expect(todos.length).toBeGreaterThan(3);
    for (const u of todos) expect(u.nivel).toBeGreaterThanOrEqual(2);
  });
});

describe('the service without HTTP', () => {
  it('listar for a leader user without a leader row sees nobody', async () => {
    const r = await usuarios.listar(
      { db: e.db },
      { usuarioId: 1, empresaId: demo, nivel: 2, liderId: null, permisos: [] },
      { limit: 20 },
    );
    expect(r).toEqual({ usuarios: [], total: 0, siguiente: null });
  });
});

describe('generated bad input', () => {
  it('any JSON body or query on the users routes is answered below 500 with a Spanish mensaje', async () => {
    const valor = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.constantFrom('a\u0000b', '\u0000', "' or 1=1 --"),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 2 }),
    );
    const campos = [
      'id',
      'username',
      'nombre',
      'password',
      'confirmacion',
      'nivel',
      'lider',
      'cliente',
    ] as const;
    const cuerpo = fc.record(
      Object.fromEntries(
        [...campos, 'clienteNuevo', 'liderNuevo', 'maxRecargas', 'phoneNumber', 'isMonto'].map((c) => [
          c,
          valor,
        ]),
      ),
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/registrarUsuario', '/editarUsuario', '/eliminarUsuario', '/api/setUsuariosMonto'),
        cuerpo,
        async (url, body) => {
          const r = await post(admin, url, body);
          expect(r.statusCode, `${url} ${JSON.stringify(body)} ${r.body}`).toBeLessThan(500);
          if (r.statusCode >= 400) expect(typeof r.json().mensaje).toBe('string');
        },
      ),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/usuarios', '/api/lideres', '/api/clientes', '/api/usuariosMonto'),
        fc.dictionary(
          fc.constantFrom('after', 'limit', 'q', 'lider', 'filtros'),
          fc.oneof(
            fc.string(),
            fc.constant('x\u0000'),
            fc.constant('{"nombre":["x\u0000"]}'),
            fc
              .dictionary(fc.constantFrom('nombre', 'username', 'lider', 'otro'), fc.array(fc.string()), {
                maxKeys: 2,
              })
              .map((f) => JSON.stringify(f)),
          ),
          {
            maxKeys: 3,
          },
        ),
        async (ruta, q) => {
          const r = await get(admin, `${ruta}?${new URLSearchParams(q)}`);
          expect(r.statusCode, `${ruta} ${JSON.stringify(q)} ${r.body}`).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});
