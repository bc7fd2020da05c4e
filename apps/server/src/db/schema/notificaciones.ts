import type { Generated } from 'kysely';
import type { Creado } from './tipos.ts';

/** Notifications (0008): one push subscription per browser, the in-app list, deliveries per channel. */
export interface SuscripcionesPushTable {
  id: Generated<number>;
  empresa_id: number;
  usuario_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  creada: Creado;
}

export interface NotificacionesTable {
  id: Generated<number>;
  empresa_id: number;
  usuario_id: number;
  clave: string;
  titulo: string;
  cuerpo: string;
  creada: Creado;
  leida: Date | null;
}

export interface EntregasTable {
  id: Generated<number>;
  empresa_id: number;
  clave: string;
  canal: 'webpush' | 'correo';
  destino: string;
  titulo: string;
  cuerpo: string;
  estado: Generated<'pendiente' | 'enviando' | 'enviada' | 'fallida'>;
  intentos: Generated<number>;
  error: string | null;
  creada: Creado;
  terminada: Date | null;
}

export interface CorreosNotificacionTable {
  empresa_id: number;
  correo: string;
}

/** The installation's VAPID key pair (0036): one row, made by the first process that needs it. */
export interface ClavesVapidTable {
  id: Generated<boolean>;
  publica: string;
  privada: string;
  creada: Creado;
}
