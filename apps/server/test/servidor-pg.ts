import pg from 'pg';

/**
 * The PostgreSQL server the tests and benches make their databases on: one statement on its
 * maintenance connection (create and drop database), and the URL of one of its databases.
 */
export async function administrar(servidor: string, sentencia: string) {
  const c = new pg.Client({ connectionString: servidor });
  await c.connect();
  try {
    return await c.query(sentencia);
  } finally {
    await c.end();
  }
}

/** The URL of database `nombre` on the server of `servidor`. */
export function urlDe(servidor: string, nombre: string) {
  const url = new URL(servidor);
  url.pathname = `/${nombre}`;
  return url.toString();
}
