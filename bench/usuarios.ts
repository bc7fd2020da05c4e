import { performance } from 'node:perf_hooks';
import { PASSWORD_DEMO } from '../apps/server/src/db/seed/index.ts';
import { hashPassword } from '../apps/server/src/lib/claves.ts';
import * as bench from './comun.ts';

/**
 * npm run bench:users — a leader with 10,000 clients (each a client row and a level-3 user) and
 * 2,000 other leaders in company demo, on real PostgreSQL. Median (and p95) time of sequential
 * requests over HTTP: the first page and a filtered page of GET /api/usuarios (as the
 * administrator and as the leader), a deep keyset page, and the first and a searched page of
 * GET /api/lideres (the picker).
 */
const CLIENTES = bench.tamano('BENCH_CLIENTES', 10_000, 500);
const LIDERES = bench.tamano('BENCH_LIDERES', 2_000, 100);
const VECES = bench.tamano('BENCH_VECES', 50, 5);
const LOTE = 1_000;

const NOMBRES = ['María', 'José', 'Juan', 'Guadalupe', 'Luis', 'Ana', 'Carlos', 'Rosa', 'Jorge', 'Elena'];
const APELLIDOS = ['Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez'];
const ZONAS = ['Norte', 'Sur', 'Centro', 'Oriente', 'Poniente'];

const base = await bench.baseNueva('usuarios');
const { db, empresa } = await bench.baseSembrada(base.url);
const hash = await hashPassword(PASSWORD_DEMO);

for (let i = 0; i < LIDERES; i += LOTE) {
  await db
    .insertInto('lideres')
    .values(
      Array.from({ length: Math.min(LOTE, LIDERES - i) }, (_, j) => ({
        empresa_id: empresa,
        nombre: `Lider ${ZONAS[(i + j) % ZONAS.length]} ${String(i + j).padStart(5, '0')}`,
      })),
    )
    .execute();
}
const lider = (
  await db
    .insertInto('lideres')
    .values({ empresa_id: empresa, nombre: 'Lider Bench' })
    .returning('id')
    .executeTakeFirstOrThrow()
).id;
const { id: liderUsuario } = await db
  .insertInto('usuarios')
  .values({
    empresa_id: empresa,
    username: 'liderbench',
    nombre: 'Lider Bench',
    password_hash: hash,
    nivel: 2,
    lider_id: lider,
    max_recargas: 1_000,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
await db
  .insertInto('usuario_permisos')
  .values({ usuario_id: liderUsuario, clave: 'USUARIO_CLIENTE' })
  .execute();

for (let i = 0; i < CLIENTES; i += LOTE) {
  const n = Math.min(LOTE, CLIENTES - i);
  const clientes = await db
    .insertInto('clientes')
    .values(
      Array.from({ length: n }, (_, j) => ({
        empresa_id: empresa,
        lider_id: lider,
        nombre: `Tienda ${String(i + j).padStart(5, '0')}`,
      })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('usuarios')
    .values(
      clientes.map((c, j) => {
        const k = i + j;
        return {
          empresa_id: empresa,
          username: `cli${String(k).padStart(5, '0')}`,
          nombre: `${NOMBRES[k % NOMBRES.length]} ${APELLIDOS[Math.floor(k / NOMBRES.length) % APELLIDOS.length]}`,
          password_hash: hash,
          nivel: 3,
          lider_id: lider,
          cliente_id: c.id,
          telefono: k % 3 === 0 ? null : `55${String(k).padStart(8, '0')}`,
          max_recargas: 5,
        };
      }),
    )
    .execute();
}
await db.destroy();

const { api, hijo } = await bench.servidorApi(base.url);

const entrar = (username: string) => bench.iniciarSesion(api, username, PASSWORD_DEMO);
const tokens = { admin: await entrar('admin'), lider: await entrar('liderbench') };

interface Medida {
  caso: string;
  filas: number;
  total: number | null;
  p50: number;
  p95: number;
}

async function medir(caso: string, quien: keyof typeof tokens, ruta: string): Promise<Medida> {
  const pedir = async () => {
    const r = await fetch(`${api}${ruta}`, { headers: { authorization: `Bearer ${tokens[quien]}` } });
    if (!r.ok) throw new Error(`${ruta}: ${r.status} ${await r.text()}`);
    return (await r.json()) as { usuarios?: unknown[]; lideres?: unknown[]; total?: number | null };
  };
  for (let i = 0; i < 5; i++) await pedir();
  const tiempos: number[] = [];
  let ultimo: Awaited<ReturnType<typeof pedir>> = {};
  for (let i = 0; i < VECES; i++) {
    const t = performance.now();
    ultimo = await pedir();
    tiempos.push(performance.now() - t);
  }
  tiempos.sort((a, b) => a - b);
  const q = (p: number) => tiempos[Math.min(tiempos.length - 1, Math.floor(p * tiempos.length))] ?? 0;
  return {
    caso,
    filas: (ultimo.usuarios ?? ultimo.lideres ?? []).length,
    total: ultimo.total ?? null,
    p50: q(0.5),
    p95: q(0.95),
  };
}

/** Chip filters as the screens send them: one `filtros` parameter with JSON text. */
const filtros = (f: Record<string, string[]>) => encodeURIComponent(JSON.stringify(f));

// A cursor near the end of the leader's clients: the deep page costs what the first one does.
const profundo = await fetch(
  `${api}/api/usuarios?limit=1&filtros=${filtros({ username: [`cli0${String(CLIENTES - 30).padStart(4, '0')}`] })}`,
  {
    headers: { authorization: `Bearer ${tokens.admin}` },
  },
).then(async (r) => ((await r.json()) as { usuarios: { id: number }[] }).usuarios[0]?.id ?? 0);

const medidas = [
  await medir('usuarios, first page (admin, whole company)', 'admin', '/api/usuarios'),
  await medir(
    'usuarios, filtered: nombre=maría OR rosa, AND phoneNumber=sin telefono (admin)',
    'admin',
    `/api/usuarios?filtros=${filtros({ nombre: ['maría', 'rosa'], phoneNumber: ['sin telefono'] })}`,
  ),
  await medir(
    'usuarios, filtered: lider=bench AND username=cli09 (admin)',
    'admin',
    `/api/usuarios?filtros=${filtros({ lider: ['bench'], username: ['cli09'] })}`,
  ),
  await medir(
    `usuarios, first page (the leader: its ${CLIENTES.toLocaleString('en')} clients)`,
    'lider',
    '/api/usuarios',
  ),
  await medir(
    'usuarios, filtered: nombre=guadalupe hern (the leader)',
    'lider',
    `/api/usuarios?filtros=${filtros({ nombre: ['guadalupe hern'] })}`,
  ),
  await medir(
    'usuarios, deep keyset page (after = near the end, admin)',
    'admin',
    `/api/usuarios?after=${profundo}`,
  ),
  await medir('lideres, first page (picker, 10)', 'admin', '/api/lideres'),
  await medir('lideres, searched q=norte 0012', 'admin', '/api/lideres?q=norte%200012'),
  await medir('lideres, searched q=oriente, after a cursor', 'admin', '/api/lideres?q=oriente&after=1'),
];
hijo.kill('SIGTERM');
await new Promise((r) => setTimeout(r, 500));
await base.borrar();

bench.guardarResultados('usuarios', {
  bench: 'bench:users',
  base: `PostgreSQL ${base.version}`,
  condiciones:
    `company demo with ${LIDERES + 1} leaders, one of them with ${CLIENTES.toLocaleString('en')} clients ` +
    `(client rows and level-3 users); ${VECES} sequential requests per case over HTTP after 5 warm-up ones; times in ms.`,
  tablas: [
    '| case | rows | total | median ms | p95 ms |',
    '| --- | --- | --- | --- | --- |',
    ...medidas.map(
      (m) => `| ${m.caso} | ${m.filas} | ${m.total ?? '–'} | ${m.p50.toFixed(2)} | ${m.p95.toFixed(2)} |`,
    ),
  ],
  cifras: medidas.flatMap((m) => bench.cifrasDeTiempo(m.caso, m)),
});
process.exit(0);
