import type { ColumnType, Generated } from 'kysely';
import type { Creado } from './tipos.ts';

/** Port-outs (0009). */
export interface PortabilidadesTable {
  id: Generated<number>;
  empresa_id: number;
  icc: string;
  lider_nombre: string | null;
  cliente_nombre: string | null;
  inter: string | null;
  insertada: Creado;
  usuario_id: number | null;
  monto_recarga: number | null;
  nip: string | null;
  carrier_origen: string | null;
  carrier_destino: string | null;
  dn_origen: string | null;
  dn_destino: string | null;
  fecha_porta: Date | null;
  is_port: Generated<boolean>;
  mensaje_porta: string | null;
  fecha_recarga: Date | null;
  recarga_id: number | null;
  intentos_recarga: Generated<number>;
  actualizada: ColumnType<Date, Date | string | undefined, Date | string>;
}
