import Fastify from 'fastify';
import pg from 'pg';

/** The yardstick: a bare Fastify endpoint doing one INSERT on the same database. */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
await pool.query(
  'create table if not exists bench_insert (id bigserial primary key, datos jsonb not null, creada timestamptz not null default now())',
);
const app = Fastify();
app.get('/health', async () => ({ estado: 'ok' }));
app.post('/insert', async (req) => {
  const r = await pool.query('insert into bench_insert (datos) values ($1) returning id', [
    JSON.stringify(req.body),
  ]);
  return { id: r.rows[0].id };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
