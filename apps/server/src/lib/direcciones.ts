import { type LookupAddress, type LookupOptions, lookup } from 'node:dns';
import { request as http } from 'node:http';
import { request as https } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Outbound calls to addresses a tenant chose (webhooks, issue 44): never to this machine, its
 * network or the cloud's metadata service. A host is refused when any of its addresses is not
 * public, and the connection goes only to an address checked the moment it is made, so a name
 * that resolves to a public address when checked and a private one when called (DNS rebinding)
 * connects nowhere.
 */

// Two lists: one list matches IPv4 addresses against its IPv4-mapped IPv6 rule (::ffff:0:0/96).
const VEDADAS_4 = new BlockList();
const VEDADAS_6 = new BlockList();
for (const [red, bits] of [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the local host
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the metadata service 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  VEDADAS_4.addSubnet(red, bits, 'ipv4');
for (const [red, bits] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96], // IPv4-compatible
  ['::ffff:0:0', 96], // IPv4-mapped: the IPv4 address it names is reached
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  VEDADAS_6.addSubnet(red, bits, 'ipv6');

/** Whether `ip` is a public address a call may go to (not an address at all: no). */
export function esPublica(ip: string): boolean {
  const v = isIP(ip);
  return v === 4 ? !VEDADAS_4.check(ip, 'ipv4') : v === 6 && !VEDADAS_6.check(ip, 'ipv6');
}

/** A URL's host as an address when it is one (`[::1]` -> `::1`), else undefined. */
const literal = (url: URL) => {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) ? host : undefined;
};

/** The refusal of a host that is, or resolves to, an address that is not public. */
export class DireccionVedada extends Error {
  constructor() {
    super('dirección vedada');
  }
}

/**
 * Whether a URL's host may be called now: an address is judged as it is; a name by all of its
 * addresses (dns.lookup, as the call would). A name that does not resolve is not refused here
 * (`sin-resolver`): the call itself re-resolves and checks.
 */
export async function revisarUrl(url: URL): Promise<'publica' | 'vedada' | 'sin-resolver'> {
  const ip = literal(url);
  if (ip) return esPublica(ip) ? 'publica' : 'vedada';
  const todas = await new Promise<LookupAddress[] | undefined>((ok) =>
    lookup(url.hostname, { all: true }, (e, a) => ok(e ? undefined : a)),
  );
  if (!todas || todas.length === 0) return 'sin-resolver';
  return todas.every((a) => esPublica(a.address)) ? 'publica' : 'vedada';
}

/** net's `lookup` for a connection: every address of the name, refused if any is not public. */
const resolverPublica: LookupFunction = (host, opciones: LookupOptions, listo) => {
  lookup(host, { ...opciones, all: true }, (e, todas) => {
    if (e) return listo(e, '', 4);
    if (todas.length === 0 || !todas.every((a) => esPublica(a.address)))
      return listo(new DireccionVedada(), '', 4);
    if (opciones.all) return (listo as unknown as (e: null, a: LookupAddress[]) => void)(null, todas);
    const [a] = todas as [LookupAddress];
    listo(null, a.address, a.family);
  });
};

export interface Envio {
  cabeceras: Record<string, string>;
  cuerpo: string;
  esperaMs: number;
  /** Private addresses allowed (a local receiver under test: WEBHOOKS_PERMITIR_PRIVADAS=1). */
  privadas: boolean;
}

/**
 * POSTs `cuerpo` to `url` and answers the status; the answer's body is not read and a redirect
 * is an answer like any other (never followed: it could point inside). A host that is not public
 * throws DireccionVedada before any connection is made.
 */
export function postear(url: string, e: Envio): Promise<number> {
  const destino = new URL(url);
  const ip = literal(destino);
  if (!e.privadas && ip && !esPublica(ip)) return Promise.reject(new DireccionVedada());
  const pedir = destino.protocol === 'https:' ? https : http;
  return new Promise((ok, mal) => {
    const req = pedir(destino, {
      method: 'POST',
      headers: { ...e.cabeceras, 'content-length': Buffer.byteLength(e.cuerpo) },
      signal: AbortSignal.timeout(e.esperaMs),
      ...(e.privadas ? {} : { lookup: resolverPublica }),
    });
    req.on('response', (r) => {
      ok(r.statusCode ?? 0);
      r.destroy();
    });
    req.on('error', mal);
    req.end(e.cuerpo);
  });
}
