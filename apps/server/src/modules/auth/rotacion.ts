import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import * as usuarios from '../usuarios/service.ts';
import { cifrarDosPasos, claveDe, descifrarDosPasos, SecretoIlegible } from './llaves.ts';

/** What a rotation did: secrets now under the current key, and those no key read, by the id of the key they need. */
export interface Rotacion {
  actual: string;
  recifrados: number;
  ilegibles: Map<string, number>;
}

/**
 * `npm run admin -- rotate-two-step-keys`: every two-step secret under an older key of
 * DOS_PASOS_CLAVES, or stored before it under the JWT secret, re-encrypted with the current key.
 * Run after a new key is put first and before an old one is removed; a second run changes
 * nothing. A secret no key reads stays as it is and is counted under the id of its key.
 */
export async function rotarClavesDosPasos(
  db: Db,
  config: Pick<Config, 'jwtSecret' | 'jwtSecretAnterior' | 'dosPasos'>,
): Promise<Rotacion> {
  const { actual } = config.dosPasos;
  const ilegibles = new Map<string, number>();
  const recifrados = await usuarios.recifrarTotp(db, `${actual}:`, (guardado) => {
    try {
      const nuevo = cifrarDosPasos(config, descifrarDosPasos(config, guardado));
      return { guardado: nuevo, antes: claveDe(guardado), despues: actual };
    } catch (e) {
      if (!(e instanceof SecretoIlegible)) throw e;
      ilegibles.set(e.clave, (ilegibles.get(e.clave) ?? 0) + 1);
      return undefined;
    }
  });
  return { actual, recifrados, ilegibles };
}
