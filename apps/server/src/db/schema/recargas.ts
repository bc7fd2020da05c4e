import type { ColumnType, Generated } from 'kysely';
import type { Creado } from './tipos.ts';

export interface RecargasTable {
  id: Generated<number>;
  empresa_id: number;
  usuario_id: number | null;
  idempotencia: string;
  proveedor_id: number;
  icc: string;
  dn: string;
  compania: string;
  monto: number;
  tipo: string;
  tipo_recarga: number;
  folio_externo: string | null;
  estado: Generated<'pendiente' | 'enviada' | 'exitosa' | 'fallida'>;
  mensaje: string | null;
  folio: string | null;
  lider_id: number | null;
  cliente_id: number | null;
  dia: ColumnType<string, string, string>;
  creada: Creado;
  enviada: Date | null;
  terminada: Date | null;
  consultas: Generated<number>;
  /** The inventory line a top-up by ICC locked (0004). */
  linea_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The platform user of the carrier the top-up was sent with (0007). */
  plataforma_usuario_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Fingerprint of the request that first used the key (0016); null: a resource's key, or older. */
  huella: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why it failed, as a code of contracts recargas/fallas.ts (0039); null: not failed, or older. */
  falla: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The open top-ups (pendiente or enviada), kept by triggers on recargas (0043). */
export interface RecargasEnCursoTable {
  empresa_id: number;
  creada: Date;
  id: number;
}

export interface ConteoRecargasTable {
  empresa_id: number;
  usuario_id: number;
  dia: ColumnType<string, string, string>;
  n: number;
  limite: Generated<number>;
}
