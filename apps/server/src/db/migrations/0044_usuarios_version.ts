import { type Kysely, sql } from 'kysely';

/**
 * A user's `version` changes with everything a session holds of the user: the row (level,
 * leader, client, limit, Monto, deletion) and its permissions and route whitelist, as a company's
 * does (0014). A top-up may then take its session from memory (auth/service.ts `leidas`): its
 * write checks, in the same statement, that the session is live and that the user's and the
 * company's versions are the ones its rules were applied with (issue 42). Triggers keep the
 * number, so no write path can forget to. Each statement may run again
 * (migraciones-en-linea.test.ts applies 0040 and after twice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A new column with a constant default changes only the catalogue: no rewrite, a brief lock.
  await sql`alter table usuarios add column if not exists version bigint not null default 0`.execute(db);
  await sql`create or replace function usuarios_nueva_version() returns trigger language plpgsql as $$
    begin
      new.version := old.version + 1;
      return new;
    end $$`.execute(db);
  await sql`create or replace trigger usuarios_version before update on usuarios
    for each row when (old.* is distinct from new.*) execute function usuarios_nueva_version()`.execute(db);
  await sql`create or replace function usuarios_version_de_fila() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then update usuarios set version = version + 1 where id = old.usuario_id; end if;
      if tg_op <> 'DELETE' then update usuarios set version = version + 1 where id = new.usuario_id; end if;
      return null;
    end $$`.execute(db);
  for (const tabla of ['usuario_permisos', 'usuario_rutas']) {
    await sql`create or replace trigger ${sql.raw(`${tabla}_version_usuario`)} after insert or update or delete
      on ${sql.table(tabla)} for each row execute function usuarios_version_de_fila()`.execute(db);
  }
}
