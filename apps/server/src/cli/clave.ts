import { createInterface } from 'node:readline';

/**
 * Passwords of the admin CLI never go on the command line (shell history, `ps`): typed at a
 * terminal without echo and asked twice, or read one per line from stdin when piped (scripts).
 */
let lineas: AsyncIterator<string> | undefined;

async function deTuberia(): Promise<string> {
  lineas ??= createInterface({ input: process.stdin, terminal: false })[Symbol.asyncIterator]();
  const r = await lineas.next();
  if (r.done) throw new Error('Falta la contraseña en la entrada estándar');
  return r.value;
}

/** One line typed without echo (raw mode: each key arrives as it is pressed). */
function sinEco(pregunta: string): Promise<string> {
  const entrada = process.stdin;
  process.stderr.write(pregunta);
  return new Promise((ok) => {
    let valor = '';
    const tecla = (datos: Buffer) => {
      for (const c of datos.toString('utf8')) {
        if (c === '\r' || c === '\n' || c === '\u0004') {
          entrada.setRawMode(false);
          entrada.pause();
          entrada.off('data', tecla);
          process.stderr.write('\n');
          return ok(valor);
        }
        if (c === '\u0003') {
          entrada.setRawMode(false);
          process.stderr.write('\n');
          process.exit(130);
        }
        valor = c === '\u007f' || c === '\b' ? valor.slice(0, -1) : valor + c;
      }
    };
    entrada.setRawMode(true);
    entrada.resume();
    entrada.on('data', tecla);
  });
}

export async function leerPassword(para: string): Promise<string> {
  if (!process.stdin.isTTY) return deTuberia();
  const una = await sinEco(`Contraseña de ${para}: `);
  const otra = await sinEco('Repítela: ');
  if (una !== otra) throw new Error('Las contraseñas no coinciden');
  return una;
}
