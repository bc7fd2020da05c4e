import { spawnSync } from 'node:child_process';
import { M } from '@recargas/contracts/mensajes';
import { describe, expect, it } from 'vitest';
import { leerElegidos, leerPlataforma } from '../src/cli/proveedor.ts';
import { admin, adminCompilado, baseParaCli } from './admin-cli.ts';

/**
 * Issue 39 from the operator's side: a new company's platforms have no provider, and
 * `set-provider` names one (on the audit trail), through `npm run admin` (tsx) and through the
 * image's compiled CLI (plain node). On a folder of the embedded database, or a fresh
 * PostgreSQL database when DATABASE_URL is set.
 */
const base = baseParaCli('proveedores');

const plataformas = () =>
  base.enBase((db) =>
    db
      .selectFrom('proveedores as p')
      .innerJoin('empresas as e', 'e.id', 'p.empresa_id')
      .select(['p.numero', 'p.adaptador', 'p.cuenta'])
      .where('e.codigo', '=', 'acme')
      .orderBy('p.numero')
      .execute(),
  );

/** `npm run build -w apps/server` when the compiled server is missing or older than its sources. */
function construirSiHaceFalta() {
  const script = new URL('../../../scripts/construir.mjs', import.meta.url).pathname;
  const pendiente = `import(${JSON.stringify(script)}).then((m) => process.exit(m.pendiente('contracts') || m.pendiente('server') ? 1 : 0))`;
  if (spawnSync(process.execPath, ['-e', pendiente]).status === 0) return;
  const r = spawnSync(process.execPath, [script, 'contracts', 'server'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build: ${r.stdout}${r.stderr}`);
}

describe('set-provider arguments', () => {
  it('a platform 1 or 2, a known adapter, an account only for reloadly and taecel (in capitals)', () => {
    expect(leerPlataforma(['1', 'reloadly', 'mi_cuenta'])).toEqual({
      numero: 1,
      nuevo: { adaptador: 'reloadly', cuenta: 'MI_CUENTA' },
    });
    expect(leerPlataforma(['2', 'ninguno'])).toEqual({
      numero: 2,
      nuevo: { adaptador: 'ninguno', cuenta: null },
    });
    expect(leerPlataforma(['3', 'simulador'])).toBe('La plataforma debe ser 1 o 2');
    expect(leerPlataforma(['1', 'taecel', 'uno'])).toEqual({
      numero: 1,
      nuevo: { adaptador: 'taecel', cuenta: 'UNO' },
    });
    expect(leerPlataforma(['1', 'taecel'])).toBe(
      'El adaptador taecel necesita la cuenta: la de TAECEL_<CUENTA>_KEY',
    );
    expect(leerPlataforma(['1', 'pagaqui'])).toBe(
      'Adaptador desconocido: pagaqui (simulador, reloadly, taecel, ninguno)',
    );
    expect(leerPlataforma(['1', 'reloadly'])).toMatch(/^El adaptador reloadly necesita la cuenta/);
    expect(leerPlataforma(['1', 'reloadly', 'con-guion'])).toMatch(/^La cuenta admite letras/);
    expect(leerPlataforma(['1', 'simulador', 'X'])).toBe(
      'Solo los adaptadores reloadly y taecel llevan cuenta',
    );
    expect(leerPlataforma(['1', 'ninguno', '', 'de', 'mas'])).toBe('Sobran argumentos: de mas');
    expect(leerPlataforma(['1'])).toMatch(/^Faltan/);
  });
});

describe('set-operators pairs', () => {
  it("Reloadly's operator per carrier, TAECEL's product per carrier or carrier and amount", () => {
    expect(leerElegidos('reloadly', ['T=1234', 'm=99'])).toEqual({ T: 1234, M: 99 });
    expect(leerElegidos('taecel', ['T=TELABIERTO', 't:100=TELPAQ100'])).toEqual({
      T: 'TELABIERTO',
      'T:100': 'TELPAQ100',
    });
    expect(leerElegidos('taecel', [])).toEqual({});
    expect(leerElegidos('reloadly', ['T:100=12'])).toBe(
      'Reloadly elige el operador de la compañía, no por monto',
    );
    expect(leerElegidos('reloadly', ['T=TEL050'])).toBe('El operador de Reloadly es su número: T=TEL050');
    expect(leerElegidos('taecel', ['X=TEL050'])).toMatch(/^Compañía desconocida: X \(T, /);
    expect(leerElegidos('taecel', ['T:0=TEL050'])).toBe('Cada elección va como COMPAÑÍA=valor: T:0=TEL050');
    expect(leerElegidos('taecel', ['T=TEL 050'])).toBe(
      'El producto de TAECEL es su código (TEL050): T=TEL 050',
    );
    expect(leerElegidos('simulador', ['T=1'])).toMatch(
      /^La plataforma usa simulador: solo reloadly y taecel/,
    );
  });
});

// Each run starts a process that opens the database: seconds each on a busy machine.
describe('npm run admin -- set-provider', { timeout: 180_000 }, () => {
  it('help lists it', async () => {
    const r = await admin(['help'], base.env);
    expect(r.codigo).toBe(0);
    expect(r.stdout).toContain(
      'npm run admin -- set-provider <empresa> <1|2> <simulador|reloadly|taecel|ninguno> [CUENTA]',
    );
  });

  it('create-company: both platforms without a provider', async () => {
    const r = await admin(['create-company', 'acme', 'Acme SA'], base.env);
    expect([r.codigo, r.stderr]).toEqual([0, '']);
    expect(await plataformas()).toEqual([
      { numero: 1, adaptador: 'ninguno', cuenta: null },
      { numero: 2, adaptador: 'ninguno', cuenta: null },
    ]);
  });

  it('names a Reloadly account, on the audit trail; warns when this shell lacks its credentials', async () => {
    const r = await admin(['set-provider', 'acme', '1', 'reloadly', 'miempresa'], base.env);
    expect(r.codigo).toBe(0);
    expect(r.stdout).toBe(
      'Plataforma 1 de acme: ninguno -> reloadly (cuenta MIEMPRESA); los procesos en marcha lo usan desde su siguiente recarga\n',
    );
    expect(r.stderr).toContain(
      'Aviso: RELOADLY_MIEMPRESA_CLIENT_ID y _CLIENT_SECRET no están en este entorno',
    );
    expect((await plataformas())[0]).toEqual({ numero: 1, adaptador: 'reloadly', cuenta: 'MIEMPRESA' });
    const rastro = await base.enBase((db) =>
      db.selectFrom('auditoria').select(['usuario', 'tipo', 'tabla', 'antes', 'despues']).execute(),
    );
    expect(rastro).toEqual([
      {
        usuario: M.actorOperador,
        tipo: 'configuracion',
        tabla: 'proveedores',
        antes: { adaptador: 'ninguno', cuenta: null },
        despues: { adaptador: 'reloadly', cuenta: 'MIEMPRESA' },
      },
    ]);
    const igual = await admin(['set-provider', 'acme', '1', 'reloadly', 'MIEMPRESA'], base.env);
    expect(igual.stdout).toBe('Plataforma 1 de acme: ya usa reloadly (cuenta MIEMPRESA); sin cambios\n');
  });

  it("set-operators: the company's operators, on the audit trail; another adapter drops them", async () => {
    const r = await admin(['set-operators', 'acme', '1', 'T=1234'], base.env);
    expect([r.codigo, r.stdout]).toEqual([
      0,
      'Plataforma 1 de acme (reloadly): T=1234; los procesos en marcha lo usan desde su siguiente recarga\n',
    ]);
    const elegidos = () =>
      base.enBase((db) =>
        db
          .selectFrom('proveedores as p')
          .innerJoin('empresas as e', 'e.id', 'p.empresa_id')
          .select('p.operadores')
          .where('e.codigo', '=', 'acme')
          .where('p.numero', '=', 1)
          .executeTakeFirst(),
      );
    expect(await elegidos()).toEqual({ operadores: { T: 1234 } });
    await admin(['set-provider', 'acme', '1', 'taecel', 'uno'], base.env);
    expect(await elegidos()).toEqual({ operadores: {} });
    const rastro = await base.enBase((db) =>
      db.selectFrom('auditoria').select(['antes', 'despues']).orderBy('id', 'desc').limit(2).execute(),
    );
    expect(rastro).toEqual([
      {
        antes: { adaptador: 'reloadly', cuenta: 'MIEMPRESA', operadores: { T: 1234 } },
        despues: { adaptador: 'taecel', cuenta: 'UNO', operadores: {} },
      },
      { antes: { operadores: {} }, despues: { operadores: { T: 1234 } } },
    ]);
    const sinAdaptador = await admin(['set-operators', 'acme', '2', 'T=TEL050'], base.env);
    expect(sinAdaptador.codigo).toBe(2);
    expect(sinAdaptador.stderr).toMatch(/^La plataforma usa ninguno: solo reloadly y taecel/);
  });

  it('refuses the simulator where it is refused (PROVEEDOR_SIMULADO=0), and a bad platform with the usage', async () => {
    const r = await admin(['set-provider', 'acme', '2', 'simulador'], {
      ...base.env,
      PROVEEDOR_SIMULADO: '0',
    });
    expect(r.codigo).toBe(1);
    expect(r.stderr).toMatch(/^El simulador no está permitido aquí/);
    const mala = await admin(['set-provider', 'acme', '3', 'ninguno'], base.env);
    expect(mala.codigo).toBe(2);
    expect(mala.stderr).toMatch(/^La plataforma debe ser 1 o 2\n\nUso:/);
    expect((await plataformas())[1]).toEqual({ numero: 2, adaptador: 'ninguno', cuenta: null });
  });

  it('works from the image: node dist/cli/admin.js, no TypeScript loader', async () => {
    construirSiHaceFalta();
    const ayuda = await adminCompilado(['help'], base.env);
    expect(ayuda.stdout).toContain('set-provider <empresa> <1|2>');
    const r = await adminCompilado(['set-provider', 'acme', '2', 'simulador'], base.env);
    expect(r).toMatchObject({ codigo: 0, stderr: '' });
    expect(r.stdout).toMatch(/^Plataforma 2 de acme: ninguno -> simulador;/);
    expect((await plataformas())[1]).toEqual({ numero: 2, adaptador: 'simulador', cuenta: null });
  });
});
