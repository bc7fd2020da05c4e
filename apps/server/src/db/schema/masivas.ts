import type { ColumnType, Generated } from 'kysely';
import type { Creado } from './tipos.ts';

/** Bulk top-ups (0010): a block of lines uploaded by action 4. */
export interface BloquesTable {
  id: Generated<number>;
  empresa_id: number;
  subido_por: number | null;
  creado: Creado;
  /** Upload time in ms, the block's name (bigint read as a number, see database.ts). */
  fecha_numerica: ColumnType<number, number, never>;
}

export interface BloqueLineasTable {
  id: Generated<number>;
  empresa_id: number;
  bloque_id: number;
  icc: string;
  dn: Generated<string>;
  monto: number | null;
  compania: string;
  nombre: Generated<string>;
  intento: Generated<number>;
  mensaje: string | null;
  en_cola_hasta: Date | null;
  programacion_id: number | null;
  programada_para: Date | null;
  trabajo_id: string | null;
}

export interface ProgramacionesTable {
  id: Generated<number>;
  empresa_id: number;
  bloque_id: number;
  usuario_id: number | null;
  inicio: Date;
  fin: Date;
  lineas: number;
  creada: Creado;
  cancelada: Date | null;
}
