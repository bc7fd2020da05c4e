import type { Generated } from 'kysely';
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
