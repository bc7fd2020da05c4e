import { type Kysely, sql } from 'kysely';

/**
 * A company's `version` changes with everything a top-up reads of it: its own row (settings,
 * the cap without a user), its providers, its platform users and its carriers' platform choice.
 * The top-up engine keeps that in memory and learns whether its copy is current from the
 * session it reads anyway (one round trip fewer per top-up). Triggers keep the number, so no
 * write path, and no hand edit, can forget to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table empresas add column version bigint not null default 0`.execute(db);
  await sql`create function empresas_nueva_version() returns trigger language plpgsql as $$
    begin
      new.version := old.version + 1;
      return new;
    end $$`.execute(db);
  await sql`create trigger empresas_version before update on empresas
    for each row when (old.* is distinct from new.*) execute function empresas_nueva_version()`.execute(db);

  // A row of a company's own tables moved: its company (both, if it changed company) is new.
  await sql`create function empresas_version_de_fila() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then update empresas set version = version + 1 where id = old.empresa_id; end if;
      if tg_op <> 'DELETE' then update empresas set version = version + 1 where id = new.empresa_id; end if;
      return null;
    end $$`.execute(db);
  for (const tabla of ['proveedores', 'plataformas_empresa', 'plataformas_carrier']) {
    await sql`create trigger ${sql.raw(`${tabla}_version_empresa`)} after insert or update or delete
      on ${sql.table(tabla)} for each row execute function empresas_version_de_fila()`.execute(db);
  }
}
