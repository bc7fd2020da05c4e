import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { puertoLibre } from './comun.ts';

/**
 * compose's Caddy in front of local APIs, for bench:upgrade: a tree's deploy/Caddyfile with its
 * upstreams (api1:3000 api2:3000) made the local ports and its site plain HTTP on a free port,
 * the admin API on another so that `recargar` can reload it as deploy/actualizar.sh does. Needs
 * Debian's caddy (`apt-get install caddy`).
 */
export async function caddy(arbol: string, puertos: number[]) {
  const [sitio, admin] = [await puertoLibre(), await puertoLibre()];
  const archivo = (de: string) => {
    const texto = readFileSync(join(de, 'deploy/Caddyfile'), 'utf8').replace(
      'api1:3000 api2:3000',
      puertos.map((p) => `127.0.0.1:${p}`).join(' '),
    );
    const ruta = `/tmp/recargas-caddy-${sitio}-${Date.now()}`;
    writeFileSync(ruta, `{\n\tadmin 127.0.0.1:${admin}\n}\n${texto}`);
    return ruta;
  };
  const env = { ...process.env, SITE_ADDRESS: `http://127.0.0.1:${sitio}` };
  const hijo: ChildProcess = spawn('caddy', ['run', '--adapter', 'caddyfile', '--config', archivo(arbol)], {
    env,
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${sitio}`;
  for (let i = 0; i < 100; i++) {
    if (hijo.exitCode !== null) throw new Error(`caddy terminó con ${hijo.exitCode}`);
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  return {
    url,
    hijo,
    /**
     * `caddy reload` with a tree's Caddyfile (no connection dropped), as deploy/actualizar.sh does:
     * UPSTREAMS of the ports given, else the Caddyfile's upstreams.
     */
    recargar: (de: string, solo?: number[]) =>
      execFileSync(
        'caddy',
        ['reload', '--adapter', 'caddyfile', '--config', archivo(de), '--address', `127.0.0.1:${admin}`],
        { env: solo ? { ...env, UPSTREAMS: solo.map((p) => `127.0.0.1:${p}`).join(' ') } : env },
      ),
  };
}
