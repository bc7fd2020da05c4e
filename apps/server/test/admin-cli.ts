import { spawn } from 'node:child_process';

/** What one run of the admin CLI left: exit code and its output. */
export interface Salida {
  codigo: number | null;
  stdout: string;
  stderr: string;
}

const servidor = new URL('..', import.meta.url).pathname;

/**
 * Runs `npm run admin -- <args>` as its own process (node + tsx, as the script does), with
 * `entrada` piped to its stdin (the passwords, one per line) and `env` over a clean one.
 */
export const admin = (args: string[], env: NodeJS.ProcessEnv, entrada = '') =>
  ejecutar(['--import', 'tsx', 'src/cli/admin.ts', ...args], env, entrada);

/** The same with the compiled CLI, as the image runs it: `node dist/cli/admin.js`, no tsx (build first). */
export const adminCompilado = (args: string[], env: NodeJS.ProcessEnv, entrada = '') =>
  ejecutar(['dist/cli/admin.js', ...args], env, entrada);

function ejecutar(argumentos: string[], env: NodeJS.ProcessEnv, entrada: string): Promise<Salida> {
  return new Promise((ok, no) => {
    const hijo = spawn(process.execPath, argumentos, {
      cwd: servidor,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'silent', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    hijo.stdout.on('data', (d: Buffer) => {
      stdout += d;
    });
    hijo.stderr.on('data', (d: Buffer) => {
      stderr += d;
    });
    hijo.on('error', no);
    hijo.on('exit', (codigo) => ok({ codigo, stdout, stderr }));
    hijo.stdin.end(entrada);
  });
}
