import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import { type ClavesVapid, MEMORIA } from '../../config.ts';
import type { Ctx } from '../../contexto.ts';
import * as repo from './repo.ts';

const porBase = new WeakMap<object, Promise<ClavesVapid>>();

/**
 * The VAPID pair every process signs with and the browser subscribes to: VAPID_* when set, else
 * the database's one, made by the first process that asks (issue 39). A DATA_DIR/vapid.json of an
 * older embedded install is adopted, so the browsers subscribed with it keep receiving.
 */
export function clavesVapid(ctx: Pick<Ctx, 'db' | 'config'>): Promise<ClavesVapid> {
  const propias = ctx.config.notificaciones.vapid;
  if (propias) return Promise.resolve(propias);
  let claves = porBase.get(ctx.db);
  if (!claves) {
    claves = leerOCrear(ctx);
    // A database that did not answer is asked again next time.
    claves.catch(() => porBase.delete(ctx.db));
    porBase.set(ctx.db, claves);
  }
  return claves;
}

async function leerOCrear({ db, config }: Pick<Ctx, 'db' | 'config'>): Promise<ClavesVapid> {
  let fila = await repo.clavesVapid(db);
  if (!fila) {
    const par = anteriores(config.dataDir) ?? webpush.generateVAPIDKeys();
    await repo.proponerClavesVapid(db, par.publicKey, par.privateKey);
    fila = await repo.clavesVapid(db);
  }
  if (!fila) throw new Error('claves_vapid sin fila tras crearla');
  return { publicKey: fila.publica, privateKey: fila.privada };
}

function anteriores(dataDir: string): ClavesVapid | undefined {
  if (dataDir === MEMORIA) return undefined;
  try {
    return JSON.parse(readFileSync(join(dataDir, 'vapid.json'), 'utf8')) as ClavesVapid;
  } catch {
    return undefined;
  }
}
