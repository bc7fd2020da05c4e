import { beforeAll } from 'vitest';
import { PLANTILLAS } from '../src/modules/subidas/service.ts';
import { demo, e, prepararDemo } from './demo-entorno.ts';
import { nuevoLider } from './entorno.ts';

/**
 * The set-up the upload test files share: the demo environment with a second leader, 'Lider
 * Norte', and the templates of administrators and sellers. Small limits for these files, read
 * when the upload routes are registered.
 */
process.env.SUBIDA_MAX_FILAS = '60';
process.env.SUBIDA_MAX_MB = '2';
process.env.SUBIDA_MAX_DESCOMPRIMIDO_MB = '20';

export let liderNorte: number;

export const ADMIN = [...PLANTILLAS.admin];
export const VENDEDOR = [...PLANTILLAS.vendedor];

/** Registers the demo environment and 'Lider Norte'. */
export function prepararSubidas(): void {
  prepararDemo();
  beforeAll(async () => {
    liderNorte = await nuevoLider(e, demo, 'Lider Norte');
  });
}
