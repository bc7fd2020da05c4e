/**
 * bench:bulk (issue 5): a 10,000-line block recharged through 2 workers (two pg-boss instances
 * over one database, each sending MASIVAS_CONCURRENCIA lines at once) against the in-process
 * simulator. Reports lines per second and the double sends found in the simulator's ledger
 * (must be 0). Embedded PGlite unless DATABASE_URL names a PostgreSQL server (a fresh database
 * is made there and dropped).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { construirApp } from '../apps/server/src/app.ts';
import { leerConfig } from '../apps/server/src/config.ts';
import type { Ctx } from '../apps/server/src/contexto.ts';
import { abrirDb } from '../apps/server/src/db/database.ts';
import { migrar } from '../apps/server/src/db/migrate.ts';
import { sembrar } from '../apps/server/src/db/seed/index.ts';
import { iniciarColas } from '../apps/server/src/jobs/colas.ts';
import * as masivas from '../apps/server/src/modules/masivas/service.ts';
import { registrarTrabajadorMasivas } from '../apps/server/src/modules/masivas/trabajos.ts';
import { baseDeDatosNueva } from '../apps/server/test/entorno.ts';
import { guardarResultados, tamano, textoDeCifra } from './comun.ts';

const LINEAS = tamano('LINEAS', 10_000, 200);
const CONCURRENCIA = Number(process.env.MASIVAS_CONCURRENCIA ?? 25);

const { url, borrar } = await baseDeDatosNueva();
const config = {
  ...leerConfig({
    ...process.env,
    DATA_DIR: 'memory://',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DOS_PASOS_CLAVES: `bench:${randomBytes(32).toString('hex')}`,
  }),
  databaseUrl: url,
  logLevel: 'silent',
  trabajadores: false,
};
const db = await abrirDb(config);
await migrar(db);
await sembrar(db);
const app = await construirApp(config, db);
await app.ready();
const ctx = app as unknown as Ctx;
// Two workers: two pg-boss instances fetching from the same queue.
const bosses = [
  await iniciarColas(db, { trabajador: true, log: app.log }),
  await iniciarColas(db, { trabajador: true, log: app.log }),
];
for (const boss of bosses)
  await registrarTrabajadorMasivas(
    { db, config, proveedores: app.proveedores, boss, log: app.log },
    CONCURRENCIA,
  );

const empresa = await db
  .selectFrom('empresas')
  .select('id')
  .where('codigo', '=', 'demo')
  .executeTakeFirstOrThrow();
const admin = await db
  .selectFrom('usuarios')
  .select(['id', 'nivel'])
  .where('empresa_id', '=', empresa.id)
  .where('username', '=', 'admin')
  .executeTakeFirstOrThrow();
const t0 = Date.now();
const bloque = await masivas.crearBloque(
  ctx,
  empresa.id,
  admin.id,
  Array.from({ length: LINEAS }, (_, i) => ({
    icc: `8952166${String(i).padStart(12, '0')}`,
    dn: `59${String(i).padStart(8, '0')}`,
    monto: 30,
    compania: 'T' as const,
    nombre: '',
  })),
);
const creacion = Date.now() - t0;
const quien = {
  empresaId: empresa.id,
  usuarioId: admin.id,
  nivel: admin.nivel,
  permisos: ['RECARGAS_MASIVAS'],
};
const t1 = Date.now();
// A double press: the second must queue nothing.
const [a, b] = await Promise.all([
  masivas.recargarBloque(ctx, quien, bloque.fechaNumerica),
  masivas.recargarBloque(ctx, quien, bloque.fechaNumerica),
]);
const encolado = Date.now() - t1;
let estado = (await masivas.lineasDeBloque(ctx, empresa.id, bloque.fechaNumerica)).bloque;
while (estado.recargadas < estado.lineas && Date.now() - t1 < 1_800_000) {
  await new Promise((ok) => setTimeout(ok, 1000));
  estado = (await masivas.lineasDeBloque(ctx, empresa.id, bloque.fechaNumerica)).bloque;
  if (estado.enCurso === 0 && estado.recargadas < estado.lineas) break;
}
const total = Date.now() - t1;
const sim = ctx.proveedores.simuladores.values().next().value;
const libro = sim?.registro();
const dobles = libro ? Object.values(libro.recibidos).filter((v) => v > 1).length : -1;
const { rows } = await sql<{ server_version: string }>`show server_version`.execute(db);
const version = rows[0]?.server_version;
const caso = `a ${LINEAS.toLocaleString('en')}-line block`;
const cifras = [
  { caso, medida: 'block written', valor: creacion, unidad: 'ms' },
  { caso, medida: 'queued (two presses at once)', valor: a.encoladas + b.encoladas, unidad: 'lines' },
  { caso, medida: 'queued in', valor: encolado, unidad: 'ms' },
  { caso, medida: 'recharged', valor: estado.recargadas, unidad: 'lines' },
  { caso, medida: 'all recharged in', valor: total / 1000, unidad: 's' },
  { caso, medida: 'throughput', valor: (estado.recargadas / total) * 1000, unidad: 'lines/s' },
  {
    caso,
    medida: 'sends received by the provider',
    valor: libro ? Object.keys(libro.recibidos).length : 0,
    unidad: '',
  },
  { caso, medida: 'double sends', valor: dobles, unidad: '' },
];
guardarResultados('masivas', {
  bench: 'bench:bulk',
  base: url ? `PostgreSQL ${version}` : `PGlite (PostgreSQL ${version})`,
  condiciones: `2 workers (pg-boss instances on one database), ${CONCURRENCIA} lines at once each; in-process provider simulator.`,
  tablas: [
    '| figure | value |',
    '| --- | --- |',
    ...cifras.map((c) => `| ${c.medida} | ${textoDeCifra(c)} |`),
  ],
  cifras,
});
for (const boss of bosses) await boss.stop({ graceful: false, wait: true });
await app.close();
await db.destroy();
await borrar();
