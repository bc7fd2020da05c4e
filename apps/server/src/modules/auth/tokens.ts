import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { hmac } from '../../lib/claves.ts';

/** What an access token says: who, of which company, in which session, until when (seconds). */
export interface Reclamos {
  usuarioId: number;
  empresaId: number;
  sid: string;
  exp: number;
}

/** Tokens verified and XSRF values remembered per secret, at most this many each (the oldest go first). */
const RECORDADOS = 10_000;

function recordar<V>(m: Map<string, V>, clave: string, valor: V) {
  if (m.size >= RECORDADOS) {
    const masViejo = m.keys().next().value;
    if (masViejo !== undefined) m.delete(masViejo);
  }
  m.set(clave, valor);
}

/**
 * Signs and verifies the access tokens of one secret (HS256), and gives its sessions' XSRF
 * values. The key is imported once: given the secret's bytes, jose imports a key on every call,
 * 115 µs of CPU a verify (more than the rest of a request). A token verified once is remembered,
 * so a session's later requests only check its expiry: the same text was signed by us. Only good
 * tokens are remembered, so bad ones cannot push them out. A session's XSRF value is remembered
 * too: its HMAC on every state-changing request was 2.7 % of a top-up's CPU (issue 42).
 */
class Tokens {
  private readonly llave: Promise<webcrypto.CryptoKey>;
  private readonly recordados = new Map<string, Reclamos>();
  private readonly xsrfs = new Map<string, string>();

  constructor(private readonly secreto: string) {
    this.llave = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secreto),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async firmar(u: { id: number; empresa_id: number; nivel: number }, sid: string, ttl: number) {
    return new SignJWT({ emp: u.empresa_id, niv: u.nivel, sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(u.id))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
      .sign(await this.llave);
  }

  /** The token's claims, or why it is refused: 'expirado' lets the browser renew it. */
  async verificar(token: string): Promise<Reclamos | 'expirado' | 'invalido'> {
    const recordado = this.recordados.get(token);
    if (recordado) return recordado.exp > Math.floor(Date.now() / 1000) ? recordado : 'expirado';
    let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
    try {
      ({ payload } = await jwtVerify(token, await this.llave, { algorithms: ['HS256'] }));
    } catch (e) {
      return e instanceof errors.JWTExpired ? 'expirado' : 'invalido';
    }
    const usuarioId = Number(payload.sub);
    const { emp, sid, exp } = payload;
    if (
      !Number.isInteger(usuarioId) ||
      typeof emp !== 'number' ||
      typeof sid !== 'string' ||
      typeof exp !== 'number'
    )
      return 'invalido';
    const reclamos = { usuarioId, empresaId: emp, sid, exp };
    recordar(this.recordados, token, reclamos);
    return reclamos;
  }

  /** The session's anti-forgery value under this secret. */
  xsrf(sid: string): string {
    let valor = this.xsrfs.get(sid);
    if (valor === undefined) {
      valor = hmac(this.secreto, `xsrf:${sid}`);
      recordar(this.xsrfs, sid, valor);
    }
    return valor;
  }
}

const porSecreto = new Map<string, Tokens>();

/** The signer and verifier of a secret (one per secret: tests run apps with their own). */
export function tokensDe(secreto: string): Tokens {
  let t = porSecreto.get(secreto);
  if (!t) {
    t = new Tokens(secreto);
    porSecreto.set(secreto, t);
  }
  return t;
}
