import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { admin, e } from './demo-entorno.ts';
import { prepararLineas } from './lineas-entorno.ts';
import { pedir } from './peticion.ts';

/** Generated bad input to GET /iccs, POST /actualizarIcc and /desbloquearIcc: never a 500. */
prepararLineas();

describe('generated bad input', () => {
  const texto = fc.oneof(
    fc.string({ maxLength: 60 }),
    fc.constantFrom('\u0000', '%', '_', '\\', "'; drop table lineas; --", '\ud800', '9'.repeat(40), ''),
  );
  const valor = fc.oneof(
    texto,
    fc.integer(),
    fc.double(),
    fc.constant(null),
    fc.boolean(),
    fc.array(texto, { maxLength: 3 }),
  );

  it('GET /iccs with generated queries never answers 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            fechaInicial: texto,
            fechaFinal: texto,
            filtros: fc.oneof(
              texto,
              fc
                .dictionary(fc.constantFrom('icc', 'dn', 'lider', 'compania', 'x'), valor)
                .map((d) => JSON.stringify(d)),
            ),
            after: texto,
            limit: fc.oneof(texto, fc.integer()),
          },
          { requiredKeys: [] },
        ),
        async (q) => {
          const params = new URLSearchParams(
            Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]),
          );
          const r = await pedir(e.app, admin, 'GET', `/iccs?${params}`);
          expect(r.statusCode, JSON.stringify(q)).toBeLessThan(500);
          if (r.statusCode >= 400) expect(r.json().mensaje).toEqual(expect.any(String));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('POST /actualizarIcc and /desbloquearIcc with generated bodies never answer 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            id: valor,
            icc: valor,
            dn: valor,
            compania: valor,
            lider: valor,
            cliente: valor,
            monto: valor,
            nir: valor,
          },
          { requiredKeys: [] },
        ),
        async (cuerpo) => {
          for (const url of ['/actualizarIcc', '/desbloquearIcc']) {
            const r = await pedir(e.app, admin, 'POST', url, cuerpo);
            expect(r.statusCode, `${url} ${JSON.stringify(cuerpo)}`).toBeLessThan(500);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
