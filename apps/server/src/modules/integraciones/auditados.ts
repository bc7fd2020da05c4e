import type { Db } from '../../db/database.ts';
import * as auditoria from '../auditoria/service.ts';
import type * as usuarios from '../usuarios/service.ts';

/*
 * What the integraciones screen records on the audit trail (issue 44), in the transaction of
 * the change: an API key made (its name, user, ranges and visible prefix; never its secret) and
 * revoked, a webhook registered (its URL; never its signing secret) and deleted.
 */

const de = (q: usuarios.Quien, tipo: 'llaveApi' | 'webhook', tabla: string, fila: number) => ({
  empresaId: q.empresaId,
  tipo,
  tabla,
  fila,
});

/** A key made (antes null) or revoked (despues: revocada). */
export const auditarLlave = (tx: Db, q: usuarios.Quien, id: number, antes: unknown, despues: unknown) =>
  auditoria.registrar(tx, auditoria.actorDe(q), [{ ...de(q, 'llaveApi', 'llaves_api', id), antes, despues }]);

/** A webhook registered (antes null) or deleted (despues null). */
export const auditarWebhook = (tx: Db, q: usuarios.Quien, id: number, antes: unknown, despues: unknown) =>
  auditoria.registrar(tx, auditoria.actorDe(q), [{ ...de(q, 'webhook', 'webhooks', id), antes, despues }]);
