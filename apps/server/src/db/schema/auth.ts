import type { Creado } from './tipos.ts';

export interface SesionesTable {
  id: string;
  usuario_id: number;
  empresa_id: number;
  /** The company a root user switched to (POST /cambiarEmpresa); null: the user's own. */
  empresa_trabajo_id: number | null;
  secreto_hash: string;
  expira: Date;
  revocada: Date | null;
  ip: string | null;
  creada: Creado;
}

export interface IntentosLoginTable {
  clave: string;
  fallos: number;
  desde: Date;
  bloqueado_hasta: Date | null;
}
