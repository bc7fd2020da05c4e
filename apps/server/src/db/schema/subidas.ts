import type { ColumnType, Generated } from 'kysely';
import type { Creado } from './tipos.ts';

/** An upload being written chunk by chunk on the embedded database (0017, subidas/tramos.ts). */
export interface SubidasEnCursoTable {
  id: Generated<number>;
  empresa_id: number;
  accion: number;
  creada: Creado;
}

/** How to undo one chunk of an upload in progress (0017): jsonb arrays of whole rows. */
export interface SubidasDeshacerTable {
  id: Generated<number>;
  subida_id: number;
  tabla: 'lineas' | 'portabilidades';
  /** Ids of the rows the chunk inserted (deleted on undo). */
  insertadas: ColumnType<number[], string | undefined, never>;
  /** The rows it changed, as they were (their changed columns are restored on undo). */
  cambiadas: ColumnType<unknown[] | null, string | null | undefined, never>;
  /** The rows it deleted (inserted again on undo). */
  borradas: ColumnType<unknown[] | null, string | null | undefined, never>;
}
