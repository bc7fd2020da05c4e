import type { ColumnType } from 'kysely';

/** A creation timestamp: the database fills it, nobody updates it. */
export type Creado = ColumnType<Date, Date | string | undefined, never>;
/** A json column: written as its JSON text. */
export type Json<T> = ColumnType<T, string, string>;
