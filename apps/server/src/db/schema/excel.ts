import type { ColumnType } from 'kysely';
import type { Creado } from './tipos.ts';

/** A finished (or being stored) Excel export (0021): its name is the download's only key. */
export interface ExcelArchivosTable {
  nombre: string;
  empresa_id: number;
  tamano: ColumnType<number, number | undefined, number>;
  trozos: ColumnType<number, number | undefined, number>;
  /** False while its chunks are being stored: not downloadable yet. */
  completo: ColumnType<boolean, boolean | undefined, boolean>;
  creado: Creado;
  expira: ColumnType<Date, Date | string, never>;
}

/** One chunk (up to 1 MiB) of an export's bytes, in order by n from 0. */
export interface ExcelTrozosTable {
  nombre: string;
  n: number;
  datos: ColumnType<Uint8Array, Uint8Array, never>;
}
