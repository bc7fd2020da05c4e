import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for compose's Caddy (deploy/Caddyfile) in bench:upgrade, where no Docker engine
 * runs: round robin over the APIs of `destinos()`, keep-alive connections to them, and a request
 * that cannot reach one goes to the next, every 250 ms for up to 5 s (lb_try_duration,
 * lb_try_interval). Cannot reach: the connection is refused, or it closes before any answer and
 * the request carries an Idempotency-Key (Caddy's Go transport replays only such a POST).
 * Anything else is the API's answer, passed as it is; a request it gives up on gets 502.
 */
export async function proxyComoCaddy(destinos: () => string[]) {
  let turno = 0;
  const agente = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const servidor = http.createServer(async (req, res) => {
    const partes: Buffer[] = [];
    for await (const p of req) partes.push(p as Buffer);
    const cuerpo = Buffer.concat(partes);
    const limite = Date.now() + 5000;
    for (;;) {
      const lista = destinos();
      const destino = lista[turno++ % lista.length] ?? '';
      try {
        const r = await enviar(destino, req, cuerpo, agente);
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
        return;
      } catch (e) {
        const codigo = (e as NodeJS.ErrnoException).code;
        const otraVez =
          codigo === 'ECONNREFUSED' || (codigo === 'ECONNRESET' && !!req.headers['idempotency-key']);
        if (!otraVez || Date.now() > limite) {
          res.writeHead(502).end();
          return;
        }
        await new Promise((ok) => setTimeout(ok, 250));
      }
    }
  });
  await new Promise<void>((ok) => servidor.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`,
    cerrar: () => {
      agente.destroy();
      servidor.closeAllConnections();
      servidor.close();
    },
  };
}

function enviar(destino: string, req: http.IncomingMessage, cuerpo: Buffer, agent: http.Agent) {
  return new Promise<http.IncomingMessage>((ok, mal) => {
    const salida = http.request(
      `${destino}${req.url}`,
      { method: req.method, headers: { ...req.headers, host: new URL(destino).host }, agent },
      ok,
    );
    salida.on('error', mal);
    salida.end(cuerpo);
  });
}
