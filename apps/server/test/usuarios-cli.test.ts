import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verificarPassword } from '../src/lib/claves.ts';
import { admin, baseParaCli } from './admin-cli.ts';

/**
 * The admin CLI (issue 20), spawned as an operator runs it, passwords piped on stdin: on a
 * folder of the embedded database, or on a fresh PostgreSQL database when DATABASE_URL is set.
 */
const base = baseParaCli('cli');

const usuario = (username: string) =>
  base.enBase((db) =>
    db
      .selectFrom('usuarios as u')
      .innerJoin('empresas as e', 'e.id', 'u.empresa_id')
      .select(['u.id', 'u.empresa_id', 'u.nivel', 'u.password_hash', 'u.eliminado'])
      .where('e.codigo', '=', 'acme')
      .where('u.username', '=', username)
      .executeTakeFirstOrThrow(),
  );

/** An open session of the user, as a login leaves it; its id. */
async function sesionAbierta(u: { id: number; empresa_id: number }) {
  const id = randomUUID();
  await base.enBase((db) =>
    db
      .insertInto('sesiones')
      .values({
        id,
        usuario_id: u.id,
        empresa_id: u.empresa_id,
        secreto_hash: 'x',
        expira: new Date(Date.now() + 3600_000),
      })
      .execute(),
  );
  return id;
}
const revocada = (id: string) =>
  base.enBase(
    async (db) =>
      (await db.selectFrom('sesiones').select('revocada').where('id', '=', id).executeTakeFirstOrThrow())
        .revocada,
  );

// Each run starts a process that opens the database: seconds each on a busy machine.
describe('npm run admin', { timeout: 180_000 }, () => {
  it('create-company with --admin: the company, its platforms and a level-1 admin whose password came on stdin', async () => {
    const r = await admin(
      ['create-company', 'acme', 'Acme SA', '--admin', 'jefe'],
      base.env,
      'Primera.2026\n',
    );
    expect(r.stderr).not.toMatch(/Error|at /);
    expect(r.codigo).toBe(0);
    expect(r.stdout).toMatch(/^Empresa acme creada \(id \d+\), administrador jefe\n$/);
    const jefe = await usuario('jefe');
    expect(jefe.nivel).toBe(1);
    expect(await verificarPassword(jefe.password_hash, 'Primera.2026')).toBe(true);
    const plataformas = await base.enBase((db) =>
      db.selectFrom('proveedores').select('numero').where('empresa_id', '=', jefe.empresa_id).execute(),
    );
    expect(plataformas.map((p) => p.numero).sort()).toEqual([1, 2]);
  });

  it('create-user reads the password from stdin; a short one is refused and nothing is written', async () => {
    const corta = await admin(['create-user', 'acme', 'op', '--nivel', '3'], base.env, 'corta\n');
    expect(corta.codigo).toBe(1);
    expect(corta.stderr.trim()).toBe('La contraseña debe tener al menos 8 caracteres');
    const r = await admin(
      ['create-user', 'acme', 'op', '--nivel', '2', '--nombre', 'Operador'],
      base.env,
      'Operador.1\n',
    );
    expect(r.codigo).toBe(0);
    expect(r.stdout).toMatch(/^Usuario op creado \(id \d+\)\n$/);
    const op = await usuario('op');
    expect(op.nivel).toBe(2);
    expect(await verificarPassword(op.password_hash, 'Operador.1')).toBe(true);
  });

  it('a password on the command line is refused: it would stay in the shell history', async () => {
    const r = await admin(
      ['create-user', 'acme', 'x', '--nivel', '3', '--password', 'Visible.123'],
      base.env,
    );
    expect(r.codigo).toBe(2);
    expect(r.stderr).toContain("Unknown option '--password'");
    expect(r.stderr).toContain('Uso:');
  });

  it('reset-password: the new password works, the old one not, and open sessions end', async () => {
    const sesion = await sesionAbierta(await usuario('jefe'));
    const r = await admin(['reset-password', 'acme', 'jefe'], base.env, 'Segunda.2026\n');
    expect(r.codigo).toBe(0);
    expect(r.stdout).toBe('Usuario jefe de acme: con contraseña nueva; sus sesiones se cerraron\n');
    const jefe = await usuario('jefe');
    expect(await verificarPassword(jefe.password_hash, 'Segunda.2026')).toBe(true);
    expect(await verificarPassword(jefe.password_hash, 'Primera.2026')).toBe(false);
    expect(await revocada(sesion)).not.toBeNull();
  });

  it('set-permissions and set-routes replace the lists, each one row of the audit trail', async () => {
    const op = await usuario('op');
    const listas = () =>
      base.enBase(async (db) => ({
        permisos: (
          await db.selectFrom('usuario_permisos').select('clave').where('usuario_id', '=', op.id).execute()
        ).map((f) => f.clave),
        rutas: (
          await db
            .selectFrom('usuario_rutas')
            .select('ruta')
            .where('usuario_id', '=', op.id)
            .orderBy('orden')
            .execute()
        ).map((f) => f.ruta),
      }));
    const p = await admin(
      ['set-permissions', 'acme', 'op', '--permiso', 'INVENTARIO', '--permiso', 'GRAFICAS'],
      base.env,
    );
    expect([p.codigo, p.stdout]).toEqual([
      0,
      'Usuario op de acme: con permisos nuevos; sus sesiones se cerraron\n',
    ]);
    const r = await admin(['set-routes', 'acme', 'op', '--ruta', 'recargas'], base.env);
    expect(r.codigo).toBe(0);
    expect(await listas()).toEqual({ permisos: ['GRAFICAS', 'INVENTARIO'], rutas: ['recargas'] });
    const malo = await admin(['set-permissions', 'acme', 'op', '--permiso', 'NADA'], base.env);
    expect([malo.codigo, malo.stderr.split('\n')[0]]).toEqual([2, 'Permiso desconocido: NADA']);
    const rastro = await base.enBase((db) =>
      db
        .selectFrom('auditoria')
        .select(['tipo', 'usuario', 'despues'])
        .where('fila', '=', String(op.id))
        .orderBy('id')
        .execute(),
    );
    expect(rastro).toEqual([
      { tipo: 'permisos', usuario: 'operador (CLI)', despues: { permisos: ['GRAFICAS', 'INVENTARIO'] } },
      { tipo: 'rutas', usuario: 'operador (CLI)', despues: { rutas: ['recargas'] } },
    ]);
  });

  it("unlock clears the account's waits and every client's wait on it, not a client's own", async () => {
    const jefe = await usuario('jefe');
    const cuenta = `u:${jefe.empresa_id}:jefe`;
    const claves = [cuenta, `${cuenta}@10.0.0.9`, 'ip:10.0.0.9', `u:${jefe.empresa_id}:jefes@10.0.0.9`];
    await base.enBase((db) =>
      db
        .insertInto('intentos_login')
        .values(
          claves.map((clave) => ({
            clave,
            fallos: 9,
            desde: new Date(),
            bloqueado_hasta: new Date(Date.now() + 60_000),
          })),
        )
        .execute(),
    );
    const r = await admin(['unlock', 'acme', 'jefe'], base.env);
    expect(r.codigo).toBe(0);
    expect(r.stdout).toBe('Usuario jefe de acme: desbloqueado\n');
    const quedan = await base.enBase((db) =>
      db.selectFrom('intentos_login').select('clave').where('clave', 'in', claves).orderBy('clave').execute(),
    );
    expect(quedan.map((q) => q.clave)).toEqual(['ip:10.0.0.9', `u:${jefe.empresa_id}:jefes@10.0.0.9`]);
  });

  it('disable: the user can no longer log in and its sessions end', async () => {
    const op = await usuario('op');
    const sesion = await sesionAbierta(op);
    const r = await admin(['disable', 'acme', 'op'], base.env);
    expect(r.codigo).toBe(0);
    expect(r.stdout).toBe('Usuario op de acme: deshabilitado; sus sesiones se cerraron\n');
    expect((await usuario('op')).eliminado).not.toBeNull();
    expect(await revocada(sesion)).not.toBeNull();
    const login = await base.enBase((db) =>
      db
        .selectFrom('usuarios')
        .select('id')
        .where('username', '=', 'op')
        .where('eliminado', 'is', null)
        .execute(),
    );
    expect(login).toEqual([]);
  });

  it('an unknown company or user is one line and exit code 1', async () => {
    const sinEmpresa = await admin(['unlock', 'nada', 'jefe'], base.env);
    expect([sinEmpresa.codigo, sinEmpresa.stderr]).toEqual([1, 'No existe la empresa nada\n']);
    for (const orden of ['unlock', 'disable', 'reset-password']) {
      const r = await admin([orden, 'acme', 'nadie'], base.env, 'Tercera.2026\n');
      expect([r.codigo, r.stderr]).toEqual([1, 'No existe el usuario nadie en acme\n']);
    }
  });
});
