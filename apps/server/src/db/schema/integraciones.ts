import type { Generated } from 'kysely';
import type { Json } from './tipos.ts';

/** API keys (0023): the secret's SHA-256 only; `prefijo` names the key in `rk_<prefijo>_<secreto>`. */
export interface LlavesApiTable {
  id: Generated<number>;
  empresa_id: number;
  usuario_id: number;
  nombre: string;
  prefijo: string;
  secreto_hash: string;
  ips: Generated<string[]>;
  creada: Generated<Date>;
  ultimo_uso: Date | null;
  revocada: Date | null;
  /** A sandbox key (0039): its top-ups go to the in-process simulator only. */
  prueba: Generated<boolean>;
}

export interface WebhooksTable {
  id: Generated<number>;
  empresa_id: number;
  url: string;
  secreto: string;
  creado: Generated<Date>;
  eliminado: Date | null;
}

/** A top-up made through the API: its key, reference and (once decided) its event. */
export interface RecargasApiTable {
  recarga_id: number;
  empresa_id: number;
  llave_id: number;
  usuario_id: number;
  referencia: string | null;
  evento_id: string | null;
  /** A reference repeated before it was unique per company (0038): left out of its index. */
  repetida: Generated<boolean>;
}

export interface EventosWebhookTable {
  id: string;
  empresa_id: number;
  recarga_id: number;
  tipo: string;
  creado: Generated<Date>;
  datos: Json<Record<string, unknown>>;
}

export interface EntregasWebhookTable {
  id: Generated<number>;
  empresa_id: number;
  evento_id: string;
  webhook_id: number;
  estado: Generated<'pendiente' | 'entregada' | 'fallida'>;
  intentos: Generated<number>;
  ultimo_status: number | null;
  ultimo_error: string | null;
  creada: Generated<Date>;
}

export interface IntentosWebhookTable {
  id: Generated<number>;
  entrega_id: number;
  numero: number;
  creado: Generated<Date>;
  status: number | null;
  error: string | null;
  ms: number;
}
