import type { ColumnType, Generated } from 'kysely';
import type { Creado } from './tipos.ts';

export interface AlertasSaldoTable {
  id: Generated<number>;
  empresa_id: number;
  proveedor_id: number;
  bolsa: string;
  saldo: number;
  minimo: number;
  creada: Creado;
  cerrada: Date | null;
}

/** A provider account's circuit breaker as last changed (0027). */
export interface EstadosProveedorTable {
  proveedor_id: number;
  empresa_id: number;
  estado: 'disponible' | 'con-fallas' | 'abierto';
  cambiado: ColumnType<Date, Date | string | undefined, Date | string>;
}
