import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An event as a webhook receiver gets it. */
export interface Evento {
  id: string;
  tipo: string;
  creado: string;
  datos: { id: number; estado: string; folio: string | null; referencia: string | null };
}

/** What a receiver checks, as README shows: the HMAC of "<t>.<body>" with the secret. */
export function firmaValida(secreto: string, cuerpo: string, cabecera: string | undefined): boolean {
  const partes = Object.fromEntries((cabecera ?? '').split(',').map((p) => p.split('=') as [string, string]));
  if (!partes.t || !partes.v1) return false;
  const esperada = createHmac('sha256', secreto).update(`${partes.t}.${cuerpo}`).digest();
  const dada = Buffer.from(partes.v1, 'hex');
  return dada.length === esperada.length && timingSafeEqual(dada, esperada);
}

const leer = (req: IncomingMessage) =>
  new Promise<string>((ok) => {
    let s = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      s += c;
    });
    req.on('end', () => ok(s));
  });

/**
 * A local webhook receiver (http on 127.0.0.1: WEBHOOKS_PERMITIR_HTTP=1 and
 * WEBHOOKS_PERMITIR_PRIVADAS=1): records every request with its body and signature header;
 * `responder` decides each answer's status (default 200) and may hold it (ms) before answering.
 */
export async function receptor() {
  const recibidos: { cuerpo: string; firma: string | undefined; evento: Evento }[] = [];
  let responder: (e: Evento, intento: number) => { status: number; esperaMs?: number } = () => ({
    status: 200,
  });
  const intentos = new Map<string, number>();
  const server = createServer(async (req, res) => {
    const cuerpo = await leer(req);
    const evento = JSON.parse(cuerpo) as Evento;
    const n = (intentos.get(evento.id) ?? 0) + 1;
    intentos.set(evento.id, n);
    recibidos.push({ cuerpo, firma: req.headers['x-firma'] as string | undefined, evento });
    const { status, esperaMs } = responder(evento, n);
    if (esperaMs) await new Promise((ok) => setTimeout(ok, esperaMs));
    res.writeHead(status).end();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/eventos`,
    recibidos,
    intentos,
    responder: (f: typeof responder) => {
      responder = f;
    },
    cerrar: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/** Waits until `listo` holds (checked every 100 ms), or fails after `maximoMs`. */
export async function esperar(listo: () => boolean | Promise<boolean>, maximoMs: number, que: string) {
  const fin = Date.now() + maximoMs;
  while (!(await listo())) {
    if (Date.now() > fin) throw new Error(`no llegó: ${que}`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
}
