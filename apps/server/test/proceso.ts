import { type ChildProcess, spawn } from 'node:child_process';

/**
 * The API as its own process (`src/main.ts`), as `npm start` runs it, so a test can kill it
 * with SIGKILL and start it again on the same database.
 */
export class ProcesoApi {
  private hijo: ChildProcess | undefined;
  private matando = false;
  /** Set when the process ended without being killed by the test: a crash. */
  murio: string | undefined;

  constructor(
    readonly url: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  async arrancar(): Promise<void> {
    this.hijo = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: new URL('..', import.meta.url).pathname,
      env: this.env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.hijo.once('exit', (codigo, senal) => {
      if (!this.matando) this.murio = `el API terminó solo (${codigo ?? senal})`;
    });
    const limite = Date.now() + 90_000;
    while (Date.now() < limite) {
      try {
        if ((await fetch(`${this.url}/health`)).ok) return;
      } catch {}
      await new Promise((ok) => setTimeout(ok, 200));
    }
    throw new Error('el servidor no arrancó');
  }

  /** SIGKILL: no shutdown hooks, no goodbye to the database or the provider. */
  matar(): Promise<void> {
    const h = this.hijo;
    if (!h || h.exitCode !== null) return Promise.resolve();
    this.matando = true;
    return new Promise((ok) => {
      h.once('exit', () => {
        this.matando = false;
        ok();
      });
      h.kill('SIGKILL');
    });
  }
}

/** Logs in over HTTP: the headers a browser would send afterwards. */
export async function sesionHttp(api: string, username: string, password: string, empresa = 'demo') {
  const r = await fetch(`${api}/iniciarSesion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, empresa }),
  });
  if (!r.ok) throw new Error(`login ${username}: ${r.status}`);
  const { token } = (await r.json()) as { token: string };
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(r.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf };
}
