import { type Kysely, sql } from 'kysely';

/**
 * The reseller API (issue 23). A key is named by a visible prefix and checked against the
 * SHA-256 of its 32-byte random secret (never stored). A top-up made through the API is linked
 * to its key and reference; its one terminal event gets one delivery per webhook, and every
 * attempt of a delivery is recorded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table llaves_api (
    id serial primary key,
    empresa_id integer not null references empresas(id),
    usuario_id integer not null references usuarios(id),
    nombre text not null,
    prefijo text not null unique,
    secreto_hash text not null,
    ips text[] not null default '{}',
    creada timestamptz not null default now(),
    ultimo_uso timestamptz,
    revocada timestamptz
  )`.execute(db);
  await sql`create index llaves_api_empresa on llaves_api (empresa_id, id)`.execute(db);
  await sql`create table webhooks (
    id serial primary key,
    empresa_id integer not null references empresas(id),
    url text not null,
    secreto text not null,
    creado timestamptz not null default now(),
    eliminado timestamptz
  )`.execute(db);
  await sql`create index webhooks_empresa on webhooks (empresa_id) where eliminado is null`.execute(db);
  await sql`create table recargas_api (
    recarga_id bigint primary key,
    empresa_id integer not null references empresas(id),
    llave_id integer not null references llaves_api(id),
    usuario_id integer not null,
    referencia text,
    evento_id uuid
  )`.execute(db);
  await sql`create index recargas_api_referencia on recargas_api (empresa_id, usuario_id, referencia)
    where referencia is not null`.execute(db);
  await sql`create index recargas_api_sin_evento on recargas_api (recarga_id) where evento_id is null`.execute(
    db,
  );
  await sql`create table eventos_webhook (
    id uuid primary key,
    empresa_id integer not null references empresas(id),
    recarga_id bigint not null unique,
    tipo text not null,
    creado timestamptz not null default now(),
    datos jsonb not null
  )`.execute(db);
  await sql`create table entregas_webhook (
    id bigserial primary key,
    empresa_id integer not null references empresas(id),
    evento_id uuid not null references eventos_webhook(id),
    webhook_id integer not null references webhooks(id),
    estado text not null default 'pendiente',
    intentos integer not null default 0,
    ultimo_status integer,
    ultimo_error text,
    creada timestamptz not null default now(),
    unique (evento_id, webhook_id)
  )`.execute(db);
  await sql`create index entregas_webhook_empresa on entregas_webhook (empresa_id, id desc)`.execute(db);
  await sql`create table intentos_webhook (
    id bigserial primary key,
    entrega_id bigint not null references entregas_webhook(id),
    numero integer not null,
    creado timestamptz not null default now(),
    status integer,
    error text,
    ms integer not null
  )`.execute(db);
  await sql`create index intentos_webhook_entrega on intentos_webhook (entrega_id)`.execute(db);
}
