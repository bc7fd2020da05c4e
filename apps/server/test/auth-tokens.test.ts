import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokensDe } from '../src/modules/auth/tokens.ts';

const usuario = { id: 7, empresa_id: 3, nivel: 2 };
const sid = '0b8a4b7e-8d8f-4b1e-9b1a-3f2a1c0d9e8f';

afterEach(() => vi.useRealTimers());

describe('access tokens', () => {
  it('a token verified once is remembered but still expires on time', async () => {
    const t = tokensDe('secreto-de-prueba-de-tokens-0123456789');
    const token = await t.firmar(usuario, sid, 60);
    expect(await t.verificar(token)).toMatchObject({ usuarioId: 7, empresaId: 3, sid });
    expect(await t.verificar(token)).toMatchObject({ usuarioId: 7 });
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    expect(await t.verificar(token)).toBe('expirado');
  });

  it('a remembered token does not vouch for a tampered copy or for another secret', async () => {
    const t = tokensDe('secreto-de-prueba-de-tokens-0123456789');
    const token = await t.firmar(usuario, sid, 60);
    expect(await t.verificar(token)).not.toBeTypeOf('string');
    const [cabecera, , firma] = token.split('.');
    const otroCuerpo = Buffer.from(JSON.stringify({ emp: 1, niv: 0, sid, sub: '1', exp: 9e9 })).toString(
      'base64url',
    );
    expect(await t.verificar(`${cabecera}.${otroCuerpo}.${firma}`)).toBe('invalido');
    expect(await tokensDe('otro-secreto-de-prueba-0123456789-abc').verificar(token)).toBe('invalido');
  });
});
