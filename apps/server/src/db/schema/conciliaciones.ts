import type { ColumnType, Generated } from 'kysely';
import type { Creado } from './tipos.ts';

/** One reconciled day of a company's provider (0028). */
export interface ConciliacionesTable {
  id: Generated<number>;
  empresa_id: number;
  proveedor_id: number;
  dia: ColumnType<string, string, string>;
  origen: 'proveedor' | 'archivo';
  nuestras: number;
  suyas: number;
  /** Pesos with two decimals (numeric since 0041): read as text, written as text. */
  total_nuestro: ColumnType<string, string, string>;
  total_suyo: ColumnType<string, string, string>;
  falta_nuestra: number;
  falta_suya: number;
  monto: number;
  estado: number;
  asentadas: number;
  creada: Creado;
}

/** One mismatch of a reconciled day (0028). */
export interface ConciliacionDiferenciasTable {
  id: Generated<number>;
  conciliacion_id: number;
  tipo: 'faltaNuestra' | 'faltaSuya' | 'monto' | 'estado';
  recarga_id: number | null;
  folio: string;
  dn: string;
  /** Pesos with two decimals (numeric since 0041). */
  monto_nuestro: ColumnType<string | null, string | null, string | null>;
  monto_suyo: ColumnType<string | null, string | null, string | null>;
  estado_nuestro: string | null;
  estado_suyo: string | null;
  hora: Date | null;
}
