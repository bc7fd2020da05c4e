import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_EMPRESAS, codigoEmpresa } from '@recargas/contracts/empresas';
import { M } from '@recargas/contracts/mensajes';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const DIST = resolve(import.meta.dirname, '../../../web/dist');

/** Vite names every file under assets/ by its content: a new version is a new address. */
const INMUTABLE = 'public, max-age=31536000, immutable';
/** The page, the service worker and the other fixed names: asked again each time (ETag keeps it cheap). */
const REVALIDAR = 'no-cache';

/**
 * Every answer that is not a file of the web app is never stored by browsers or proxies: API
 * data is per user and changes. Registered before the routes so it reaches all of them; a route
 * that may be cached (a company's logo, its icons) sets its own header.
 */
export const sinCache = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (req, reply) => {
    if (!req.routeOptions.config?.file) reply.header('cache-control', 'no-store');
  });
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by @fastify/static on the routes of the web app's files. */
    file?: string;
  }
}

/**
 * The JavaScript of the login route (.vite/login.json) or of the shell (.vite/shell.json) as the
 * build lists it: the page asks for it with the entry instead of after the entry has run.
 */
function precargaDe(dir: string, indice: string, lista: 'login.json' | 'shell.json'): string {
  const leer = (l: string) => {
    const ruta = join(dir, '.vite', l);
    return existsSync(ruta) ? (JSON.parse(readFileSync(ruta, 'utf8')) as string[]) : [];
  };
  const archivos = leer(lista).filter((f) => f.endsWith('.js') && !indice.includes(`/${f}"`));
  // The shell's own come after the app's core (what the login list shares: React, MUI, the
  // entry's app) and marco.js (issue 21: /in/*'s LCP).
  const nucleo = lista === 'shell.json' ? new Set(leer('login.json')) : undefined;
  return archivos
    .map((f) => {
      const prioridad = nucleo && !nucleo.has(f) ? ' fetchpriority="low"' : '';
      return `<link rel="modulepreload"${prioridad} crossorigin href="/${f}" />\n  `;
    })
    .join('');
}

/** Cargando… in #root until the app draws; under /in/, marco.js after it. */
const cargando = (indice: string, marco = '') =>
  indice.replace(
    '<div id="root"></div>',
    `<div id="root"><p style="${ESTILO_CARGANDO}">${M.cargando}</p>${marco}</div>`,
  );

/**
 * The web build's marco.js (apps/web/public): a classic script that draws /in/*'s frame with the
 * company's notice from the copy the app stored, before any module runs (issue 21: LCP). Asked
 * for first thing in the head, so it does not wait for a connection behind the app's and the
 * shell's files; async, so Cargando… paints without it.
 */
const MARCO = {
  cabeza: '<link rel="preload" as="script" fetchpriority="high" href="/marco.js" />',
  raiz: '<script async src="/marco.js"></script>',
};

/**
 * /<empresa> and its pages link that company's manifest (the browser offers to install it),
 * preload the login's code, and say Cargando… until the app draws. /in/… preloads the shell's
 * code, says Cargando… too and runs marco.js: a phone shows text at once, not a white page (issue 21).
 */
function paginaDeEmpresa(
  indice: string,
  precarga: { login: string; shell: string; marco: boolean },
  url: string,
): string {
  let primero = '';
  try {
    primero = decodeURIComponent(url.split(/[/?#]/)[1] ?? '');
  } catch {
    return indice;
  }
  if (primero === 'in') {
    const pagina = indice.replace('</head>', `${precarga.shell}</head>`);
    if (!precarga.marco) return cargando(pagina);
    return cargando(pagina.replace('<head>', `<head>\n  ${MARCO.cabeza}`), MARCO.raiz);
  }
  const codigo = codigoEmpresa.safeParse(primero);
  if (!codigo.success) return indice;
  const href = API_EMPRESAS.manifiesto.replace(':name', encodeURIComponent(codigo.data));
  // Only the login itself (/<empresa>) needs the login's code.
  const esLogin = (url.split(/[?#]/)[0] ?? '').split('/').filter(Boolean).length === 1;
  return cargando(
    indice.replace(
      '</head>',
      `${esLogin ? precarga.login : ''}<link rel="manifest" href="${href}" />\n  </head>`,
    ),
  );
}

// Padding, not margin: a margin would collapse through #root and body, and body would move up
// (a layout shift) when the app or marco.js replaces this line.
const ESTILO_CARGANDO = 'margin:0;padding:16px;font-family:Roboto,Arial,sans-serif;color:#555';

/** What the service worker shows when the network is away: Spanish, self-contained, no script. */
const SIN_RED = `<!doctype html>
<html lang="es-MX">
<head>
<meta charset="UTF-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${M.sinConexionTitulo}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:Roboto,Arial,sans-serif;background:#f5f5f5;color:#212121}
main{max-width:360px;margin:16px;padding:32px 24px;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.2);text-align:center}
h1{font-size:1.5rem;margin:0 0 12px}p{margin:0 0 24px;line-height:1.5}
a{display:inline-block;padding:10px 24px;border-radius:4px;background:#1f5f5f;color:#fff;text-decoration:none;font-weight:500}
</style>
</head>
<body><main><h1>${M.sinConexionTitulo}</h1><p>${M.sinConexion}</p><a href="">${M.reintentar}</a></main></body>
</html>
`;

/**
 * Serves the built single-page app from the same origin as the API: hashed files precompressed
 * (brotli or gzip, made by the web build) and cached for a year, the page itself per company with
 * its manifest. Unknown GET paths that ask for HTML get the page (the router decides); everything
 * else gets a JSON 404.
 */
export const web = fp(async (app: FastifyInstance, opciones: { dir?: string | undefined }) => {
  const dir = opciones.dir ? resolve(opciones.dir) : DIST;
  const hayWeb = existsSync(join(dir, 'index.html'));
  const assets = join(dir, 'assets') + sep;
  if (hayWeb) {
    await app.register(fastifyStatic, {
      root: dir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, ruta) => {
        res.setHeader('cache-control', ruta.startsWith(assets) ? INMUTABLE : REVALIDAR);
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  } else {
    app.log.warn(`No hay web compilada en ${dir}: ejecuta npm run build`);
  }
  const indice = hayWeb ? readFileSync(join(dir, 'index.html'), 'utf8') : '';
  const precarga = {
    login: hayWeb ? precargaDe(dir, indice, 'login.json') : '',
    shell: hayWeb ? precargaDe(dir, indice, 'shell.json') : '',
    marco: existsSync(join(dir, 'marco.js')),
  };
  app.get('/offline.html', { schema: { hide: true }, config: { rateLimit: false } }, (_req, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', REVALIDAR).send(SIN_RED),
  );
  app.setNotFoundHandler((req, reply) => {
    if (hayWeb && req.method === 'GET' && req.headers.accept?.includes('text/html')) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', REVALIDAR)
        .send(paginaDeEmpresa(indice, precarga, req.url));
    }
    return reply.code(404).send({ mensaje: M.noEncontrado });
  });
});
