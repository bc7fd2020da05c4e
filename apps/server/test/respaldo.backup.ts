import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirDb, type Db } from '../src/db/database.ts';
import { COLAS, iniciarColas } from '../src/jobs/colas.ts';
import { crearBitacora } from '../src/lib/bitacora.ts';
import { baseDeDatosNueva, baseParaCarga } from './entorno.ts';

/**
 * npm run test:backup — the backup of compose.yaml's `respaldo` service, restored. A fresh
 * database gets the migrations, the demo data, pg-boss's schema and jobs, RESPALDO_RECARGAS
 * top-ups (default 5,000) with their lines and an export's bytes; deploy/respaldo.sh dumps it
 * (pg_dump -Fc, as the service does), pg_restore loads the dump into a new empty database, and
 * every table of public and pgboss must hold the same rows in both, the money the same sums.
 */
const RECARGAS = Number(process.env.RESPALDO_RECARGAS ?? 5000);
const RESPALDO_SH = resolve(import.meta.dirname, '../../../deploy/respaldo.sh');

let origen: Awaited<ReturnType<typeof baseDeDatosNueva>>;
let destino: Awaited<ReturnType<typeof baseDeDatosNueva>>;
let dbOrigen: Db;
let dbDestino: Db;
let carpeta: string;

/** libpq's variables for the database at `url`: what the compose service is given. */
function entornoPg(url: string) {
  const u = new URL(url);
  return {
    ...process.env,
    PGHOST: u.hostname,
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username),
    PGPASSWORD: decodeURIComponent(u.password),
    PGDATABASE: u.pathname.slice(1),
  };
}

/** The client tools of the server's own major version (pg_restore refuses a newer pg_dump's archive). */
async function herramientas(db: Db) {
  const { rows } = await sql<{ v: string }>`show server_version_num`.execute(db);
  const dir = `/usr/lib/postgresql/${Math.floor(Number(rows[0]?.v) / 10000)}/bin`;
  return existsSync(dir) ? `${dir}:${process.env.PATH}` : (process.env.PATH ?? '');
}

const medir = <T>(hacer: () => T): [T, number] => {
  const inicio = performance.now();
  const r = hacer();
  return [r, (performance.now() - inicio) / 1000];
};

/** Lines, top-ups and an export's bytes. */
async function cargar(tx: Db) {
  await sql`insert into lineas (empresa_id, icc, dn, monto, compania, plataforma, fecha_vigencia)
    select e.id, '8952' || lpad(g::text, 15, '0'), '55' || lpad(((g * 7919) % 100000000)::text, 8, '0'),
      (array[30, 50, 100])[1 + g % 3], (array['T','M','U','A','V','B'])[1 + g % 6], 1 + g % 2, current_date + g % 90
    from generate_series(1, ${Math.ceil(RECARGAS / 5)}) g join empresas e on e.codigo = 'demo'`.execute(tx);
  // Every status, amount, carrier and seller; half on a line; over the last 60 days.
  await sql`insert into recargas (empresa_id, usuario_id, idempotencia, proveedor_id, icc, dn, compania, monto,
      tipo, tipo_recarga, estado, mensaje, folio, lider_id, cliente_id, dia, creada, linea_id)
    select e.id, u.id, 'respaldo-' || g, p.id, coalesce(l.icc, ''), coalesce(l.dn, '5500000000'),
      (array['T','M','U','A','V','B'])[1 + g % 6], (array[20, 30, 50, 100, 150, 200, 500])[1 + g % 7], 'todito',
      1 + g % 2, (array['exitosa','exitosa','exitosa','fallida','pendiente'])[1 + g % 5], 'Recarga ' || g,
      'F' || g, u.lider_id, u.cliente_id, (t at time zone 'America/Mexico_City')::date, t, l.id
    from generate_series(1, ${RECARGAS}) g
    cross join lateral (select now() - (g % 60) * interval '1 day' - (g % 23) * interval '1 hour' as t) x
    join empresas e on e.codigo = 'demo'
    join usuarios u on u.empresa_id = e.id and u.username = (array['admin', 'lider', 'cliente'])[1 + g % 3]
    join proveedores p on p.empresa_id = e.id and p.numero = 1 + g % 2
    left join lineas l on l.empresa_id = e.id and g % 2 = 0 and l.icc = '8952' || lpad((g / 10 + 1)::text, 15, '0')`.execute(
    tx,
  );
  // Binary data: an Excel export's chunk of every byte value.
  await sql`insert into excel_archivos (nombre, empresa_id, tamano, trozos, completo, expira)
    select 'respaldo.xlsx', id, 65536, 1, true, now() + interval '1 hour' from empresas where codigo = 'demo'`.execute(
    tx,
  );
  await sql`insert into excel_trozos (nombre, n, datos)
    select 'respaldo.xlsx', 0, string_agg(set_byte('\\x00'::bytea, 0, g % 256), '' order by g)
    from generate_series(0, 65535) g`.execute(tx);
}

beforeAll(async () => {
  origen = await baseDeDatosNueva();
  destino = await baseDeDatosNueva();
  const urlOrigen = origen.url;
  const urlDestino = destino.url;
  if (!urlOrigen || !urlDestino) throw new Error('test:backup necesita DATABASE_URL (PostgreSQL)');
  dbOrigen = await baseParaCarga(urlOrigen);
  // pg-boss's schema, its queues and a few waiting jobs.
  const boss = await iniciarColas(dbOrigen, {
    trabajador: false,
    log: crearBitacora({ logLevel: 'silent' }),
  });
  for (let i = 0; i < 20; i++) await boss.send(COLAS.notificar, { prueba: i }, { startAfter: 3600 });
  await boss.stop({ graceful: false, wait: true });
  // One transaction without the request path's 10 s statement limit.
  await dbOrigen.transaction().execute(async (tx) => {
    await sql`set local statement_timeout = 0`.execute(tx);
    await cargar(tx);
  });
  const PATH = await herramientas(dbOrigen);

  carpeta = mkdtempSync(join(tmpdir(), 'respaldos-'));
  const [salida, tDump] = medir(() =>
    execFileSync('sh', [RESPALDO_SH, 'una'], {
      env: { ...entornoPg(urlOrigen), PATH, RESPALDO_DIR: carpeta },
      encoding: 'utf8',
    }),
  );
  const archivo = salida.trim();
  const pgDestino = entornoPg(urlDestino);
  const [, tRestaurar] = medir(() =>
    execFileSync('pg_restore', ['--no-owner', '--exit-on-error', '-d', pgDestino.PGDATABASE, archivo], {
      env: { ...pgDestino, PATH },
      stdio: 'inherit',
    }),
  );
  const mib = (statSync(archivo).size / 1024 / 1024).toFixed(1);
  console.log(
    `${RECARGAS} recargas: pg_dump -Fc ${tDump.toFixed(1)} s, ${mib} MiB; pg_restore ${tRestaurar.toFixed(1)} s`,
  );
  dbDestino = await abrirDb({ databaseUrl: urlDestino, dataDir: 'memory://' });
}, 600_000);

afterAll(async () => {
  await dbOrigen?.destroy();
  await dbDestino?.destroy();
  await origen?.borrar();
  await destino?.borrar();
  if (carpeta) rmSync(carpeta, { recursive: true, force: true });
});

/** Every table of ours (partitioned parents and their partitions) by name. */
const tablas = async (db: Db) =>
  (
    await sql<{ nombre: string }>`select format('%I.%I', n.nspname, c.relname) as nombre
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'pgboss') and c.relkind in ('r', 'p') order by 1`.execute(db)
  ).rows.map((r) => r.nombre);

/** Row count and an md5 of all rows of each table, in a fixed order. */
async function huellas(db: Db, nombres: string[]) {
  const r: Record<string, string> = {};
  for (const t of nombres) {
    const { rows } = await sql<{ filas: number; md5: string | null }>`select count(*)::int as filas,
      md5(string_agg(t::text, ',' order by t::text)) as md5 from ${sql.raw(t)} t`.execute(db);
    r[t] = `${rows[0]?.filas} ${rows[0]?.md5}`;
  }
  return r;
}

describe('a dump of deploy/respaldo.sh, restored into an empty database', () => {
  it('has the same tables, each with the same rows', async () => {
    const nombres = await tablas(dbOrigen);
    expect(nombres).toContain('public.recargas');
    expect(nombres.some((t) => t.startsWith('pgboss.'))).toBe(true);
    expect(await tablas(dbDestino)).toEqual(nombres);
    const antes = await huellas(dbOrigen, nombres);
    expect(Number(antes['public.recargas']?.split(' ')[0])).toBeGreaterThanOrEqual(RECARGAS);
    expect(await huellas(dbDestino, nombres)).toEqual(antes);
  });

  it('holds the same money: the top-ups summed by status', async () => {
    const sumas = (db: Db) =>
      sql<{ estado: string; recargas: number; monto: string }>`select estado, count(*)::int as recargas,
        sum(monto)::text as monto from recargas group by estado order by estado`.execute(db);
    const antes = (await sumas(dbOrigen)).rows;
    expect(antes.map((s) => s.estado)).toEqual(['exitosa', 'fallida', 'pendiente']);
    expect((await sumas(dbDestino)).rows).toEqual(antes);
  });

  it('goes on numbering where the original was', async () => {
    const secuencias = (db: Db) =>
      sql`select schemaname, sequencename, last_value from pg_sequences
        where schemaname in ('public', 'pgboss') order by 1, 2`.execute(db);
    const antes = (await secuencias(dbOrigen)).rows;
    expect(antes.length).toBeGreaterThan(0);
    expect((await secuencias(dbDestino)).rows).toEqual(antes);
  });
});
