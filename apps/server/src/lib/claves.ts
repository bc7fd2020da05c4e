import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (OWASP-grade memory cost). */
export const hashPassword = (password: string) => hash(password);

// Verified when the username does not exist, so both paths take the same time.
const HASH_FICTICIO = await hash('sin-usuario');

export const verificarPassword = (hashGuardado: string | undefined, password: string) =>
  verify(hashGuardado ?? HASH_FICTICIO, password).then((ok) => ok && hashGuardado !== undefined);

export const sha256 = (datos: string | Buffer) => createHash('sha256').update(datos).digest('base64url');

export const hmac = (secreto: string, texto: string) =>
  createHmac('sha256', secreto).update(texto).digest('base64url');

export const aleatorio = (bytes = 32) => randomBytes(bytes).toString('base64url');

export function iguales(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** AES-256-GCM for secrets at rest (TOTP seeds: auth/llaves.ts), keyed from `secreto`. */
export function cifrar(secreto: string, texto: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', createHash('sha256').update(`cifrado:${secreto}`).digest(), iv);
  const datos = Buffer.concat([c.update(texto, 'utf8'), c.final()]);
  return [iv, c.getAuthTag(), datos].map((b) => b.toString('base64url')).join('.');
}

export function descifrar(secreto: string, cifrado: string): string {
  const [iv, tag, datos] = cifrado.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !datos) throw new Error('cifrado inválido');
  const d = createDecipheriv('aes-256-gcm', createHash('sha256').update(`cifrado:${secreto}`).digest(), iv);
  d.setAuthTag(tag);
  return Buffer.concat([d.update(datos), d.final()]).toString('utf8');
}
