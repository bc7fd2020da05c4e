import type { ColumnType, Generated } from 'kysely';
import type { Creado } from './tipos.ts';

/** A value before or after a change, as JSON; written as its JSON text, never updated. */
type Valor = ColumnType<unknown, string | null, never>;
type Fijo<T> = ColumnType<T, T, never>;

/** The audit trail (migration 0029): rows are only added; the database refuses the rest. */
export interface AuditoriaTable {
  id: Generated<number>;
  empresa_id: Fijo<number>;
  fecha: Creado;
  usuario_id: Fijo<number | null>;
  usuario: Fijo<string>;
  ip: Fijo<string | null>;
  tipo: Fijo<string>;
  tabla: Fijo<string>;
  fila: Fijo<string>;
  antes: Valor;
  despues: Valor;
}
