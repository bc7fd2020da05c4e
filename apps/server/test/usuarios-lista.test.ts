import { M } from '@recargas/contracts/mensajes';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import * as usuarios from '../src/modules/usuarios/service.ts';
import { leerXlsx } from './entorno.ts';
import { pedir } from './peticion.ts';
import * as U from './usuarios-entorno.ts';

// The list, its export, the pickers, the amount permission and generated bad input.
U.prepararUsuarios();

describe('GET /api/usuarios: keyset pages and chip filters', () => {
  beforeAll(async () => {
    const hash = 'x';
    // This block's own leader with one user, whatever the other blocks created before it.
    const poniente = await U.e.db
      .insertInto('lideres')
      .values({ empresa_id: U.demo, nombre: 'Zona Poniente' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await U.e.db
      .insertInto('usuarios')
      .values({
        empresa_id: U.demo,
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
      await U.e.db
        .insertInto('usuarios')
        .values({
          empresa_id: U.demo,
          username,
          nombre,
          password_hash: hash,
          nivel: 3,
          lider_id: U.liderDemo,
          cliente_id: U.clienteDemo,
          telefono,
        })
        .execute();
    }
  });
  const lista = async (s: U.Sesion, qs: string) => {
    const r = await pedir(U.e.app, s, 'GET', `/api/usuarios?${qs}`);
    expect(r.statusCode).toBe(200);
    return r.json() as {
      usuarios: { username: string; phoneNumber: string; nivel: number }[];
      total: number | null;
      siguiente: string | null;
    };
  };
  const nombres = async (qs: string, s = U.admin) =>
    (await lista(s, qs)).usuarios.map((u) => u.username).sort();

  it('case-insensitive substring; OR within a column; AND across columns', async () => {
    expect(await nombres(U.filtros({ username: ['ana'] }))).toEqual(['ANAbel', 'ana.lopez']);
    expect(await nombres(U.filtros({ username: ['ANA', 'luis'] }))).toEqual(['ANAbel', 'ana.lopez', 'luis']);
    expect(await nombres(U.filtros({ nombre: ['ana'], phoneNumber: ['55'] }))).toEqual(['ana.lopez', 'luis']);
    expect(
      await nombres(U.filtros({ nombre: ['ana'], username: ['luis'], phoneNumber: ['sin tel'] })),
    ).toEqual([]);
    expect(await nombres(U.filtros({ username: ['ana'], phoneNumber: ['sin telefono'] }))).toEqual([
      'ANAbel',
    ]);
    const poniente = (await lista(U.admin, U.filtros({ lider: ['ZONA poniente'] }))).usuarios as {
      username: string;
      lider?: string;
    }[];
    expect(poniente.map((u) => u.username)).toEqual(['poniente']);
    for (const u of poniente) expect(u.lider).toBe('Zona Poniente');
  });

  it('% and _ in a chip match themselves', async () => {
    expect(await nombres(U.filtros({ nombre: ['%'] }))).toEqual(['pct']);
    expect(await nombres(U.filtros({ nombre: ['_'] }))).toEqual(['guion_bajo']);
    expect((await lista(U.admin, U.filtros({ username: ['ANAbel'] }))).usuarios[0]?.phoneNumber).toBe('null');
  });

  it('pages of 2 walk every row once, total on the first page only', async () => {
    const primera = await lista(U.admin, 'limit=2');
    expect(primera.total).toBeGreaterThan(5);
    const vistos: string[] = primera.usuarios.map((u) => u.username);
    let siguiente = primera.siguiente;
    while (siguiente) {
      const p = await lista(U.admin, `limit=2&after=${siguiente}`);
      expect(p.total).toBeNull();
      vistos.push(...p.usuarios.map((u) => u.username));
      siguiente = p.siguiente;
    }
    expect(vistos).toHaveLength(primera.total as number);
    expect(new Set(vistos).size).toBe(vistos.length);
  });

  it('level 2 sees only its leader and its clients', async () => {
    const todos = await nombres('limit=100', U.lider);
    expect(todos).toContain('cliente');
    expect(todos).toContain('lider');
    expect(todos).not.toContain('admin');
    expect(todos).not.toContain('root');
    const deZona = (await lista(U.admin, U.filtros({ lider: ['zona poniente'] }))).usuarios.map(
      (u) => u.username,
    );
    expect(deZona).toEqual(['poniente']);
    for (const u of deZona) expect(todos).not.toContain(u);
  });

  it('the Nivel chip matches the name the list shows, or the number', async () => {
    const porNombre = await lista(U.admin, U.filtros({ nivel: [M.tipoCliente.toLowerCase()] }));
    const porNumero = await lista(U.admin, U.filtros({ nivel: ['3'] }));
    expect(porNombre.usuarios.length).toBeGreaterThan(0);
    expect(porNombre.usuarios.every((u) => u.nivel === 3)).toBe(true);
    expect(porNombre.total).toBe(porNumero.total);
  });

  it('bad paging input is a 400 with a Spanish mensaje', async () => {
    for (const qs of ['after=abc', 'limit=0', 'limit=1000']) {
      const r = await pedir(U.e.app, U.admin, 'GET', `/api/usuarios?${qs}`);
      expect(r.statusCode, qs).toBe(400);
      expect(r.json().mensaje).toMatch(
        /^(Falta un dato|Los datos enviados no son válidos|Un valor está fuera)/,
      );
    }
  });

  it('bad chip filters are a 400 with the filters mensaje', async () => {
    for (const qs of [
      'filtros=%7Bno-json',
      U.filtros({ username: ['x'.repeat(51)] }),
      U.filtros({ password_hash: ['a'] }),
      U.filtros({ username: 'ana' }),
      U.filtros({ nombre: ['a\u0000b'] }),
      U.filtros({ nombre: Array.from({ length: 21 }, (_, i) => `c${i}`) }),
    ]) {
      const r = await pedir(U.e.app, U.admin, 'GET', `/api/usuarios?${qs}`);
      expect(r.statusCode, qs).toBe(400);
      expect(r.json().mensaje, qs).toContain(M.filtrosInvalidos);
    }
  });

  it('the old repeated query keys are no filter: the whole list comes back', async () => {
    const todos = (await lista(U.admin, '')).total;
    expect((await lista(U.admin, 'username=ana')).total).toBe(todos);
  });
});

describe('Excel USUARIOS', () => {
  it('exports the rows of the list (scope and chips) to a file a second reader opens', async () => {
    const porNivel = { nivel: ['3'] };
    const lista = await pedir(
      U.e.app,
      U.lider,
      'GET',
      `/api/usuarios?limit=100&filtros=${encodeURIComponent(JSON.stringify(porNivel))}`,
    );
    const r = await pedir(U.e.app, U.lider, 'POST', '/excel', { tipo: 'USUARIOS', filtros: porNivel });
    expect(r.statusCode, r.body).toBe(200);
    const archivo = await pedir(U.e.app, null, 'GET', `/excel/descargar?nombre=${r.json().nombreArchivo}`);
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
    expect(filas.every((f) => f[3] === M.tipoCliente)).toBe(true);
  });

  it('refuses chips of columns the list does not have', async () => {
    const r = await pedir(U.e.app, U.admin, 'POST', '/excel', { tipo: 'USUARIOS', filtros: { icc: ['1'] } });
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(M.filtrosInvalidos);
  });
});

describe('leader and client pickers', () => {
  beforeAll(async () => {
    await U.e.db
      .insertInto('lideres')
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          empresa_id: U.demo,
          nombre: `Picker ${String(i).padStart(2, '0')}`,
        })),
      )
      .execute();
  });

  it('GET /api/lideres: 10 per page by name, searchable, every leader once', async () => {
    const vistos: string[] = [];
    let after = '';
    for (;;) {
      const r = (
        await pedir(U.e.app, U.admin, 'GET', `/api/lideres?q=picker${after ? `&after=${after}` : ''}`)
      ).json();
      expect(r.lideres.length).toBeLessThanOrEqual(10);
      vistos.push(...r.lideres.map((l: { lider: string }) => l.lider));
      if (!r.siguiente) break;
      after = r.siguiente;
    }
    expect(vistos).toEqual(Array.from({ length: 25 }, (_, i) => `Picker ${String(i).padStart(2, '0')}`));
    expect((await pedir(U.e.app, U.admin, 'GET', '/api/lideres')).json().lideres).toHaveLength(10);
  });

  it('level 2 gets only its own leader and its clients', async () => {
    const l = (await pedir(U.e.app, U.lider, 'GET', '/api/lideres')).json();
    expect(l).toEqual({ lideres: [{ id: U.liderDemo, lider: 'Lider Demo' }], siguiente: null });
    const c = (await pedir(U.e.app, U.lider, 'GET', '/api/clientes')).json();
    expect(c.clientes.length).toBeGreaterThan(0);
    for (const x of c.clientes) expect(x.liderId).toBe(U.liderDemo);
    // Another leader of the company, with a client: none of it reaches level 2.
    const otro = (
      await U.e.db
        .insertInto('lideres')
        .values({ empresa_id: U.demo, nombre: 'Zona Norte' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await U.e.db
      .insertInto('clientes')
      .values({ empresa_id: U.demo, lider_id: otro, nombre: 'Cliente Norte' })
      .execute();
    expect((await pedir(U.e.app, U.lider, 'GET', `/api/clientes?lider=${otro}`)).json().clientes).toEqual([]);
  });

  it('GET /api/clientes?lider= gives pairs {lider, cliente} of that leader', async () => {
    const r = (await pedir(U.e.app, U.admin, 'GET', `/api/clientes?lider=${U.liderDemo}&q=cliente`)).json();
    expect(r.clientes).toContainEqual({
      id: U.clienteDemo,
      cliente: 'Cliente Demo',
      liderId: U.liderDemo,
      lider: 'Lider Demo',
    });
  });
});

describe('amount permission', () => {
  it('setUsuariosMonto turns isMonto on and off; usuariosMonto lists leaders and clients only', async () => {
    const on = await pedir(U.e.app, U.admin, 'POST', '/api/setUsuariosMonto', {
      username: 'cliente',
      isMonto: 1,
    });
    expect(on.statusCode).toBe(200);
    expect((await U.fila('cliente')).is_monto).toBe(true);
    expect(
      (
        await pedir(U.e.app, U.admin, 'POST', '/api/setUsuariosMonto', {
          username: 'cliente',
          isMonto: false,
        })
      ).statusCode,
    ).toBe(200);
    expect((await U.fila('cliente')).is_monto).toBe(false);
    const admins = await pedir(U.e.app, U.admin, 'POST', '/api/setUsuariosMonto', {
      username: 'root',
      isMonto: 1,
    });
    expect(admins.statusCode).toBe(403);
    const todos: { nivel: number }[] = [];
    let after = '';
    for (;;) {
      const r = (
        await pedir(U.e.app, U.admin, 'GET', `/api/usuariosMonto?limit=50${after ? `&after=${after}` : ''}`)
      ).json();
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
      { db: U.e.db },
      { usuarioId: 1, empresaId: U.demo, nivel: 2, liderId: null, permisos: [] },
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
          const r = await pedir(U.e.app, U.admin, 'POST', url, body);
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
          const r = await pedir(U.e.app, U.admin, 'GET', `${ruta}?${new URLSearchParams(q)}`);
          expect(r.statusCode, `${ruta} ${JSON.stringify(q)} ${r.body}`).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});
