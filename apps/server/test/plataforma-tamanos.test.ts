import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Sizes a reader can hold (issue 43): no source file over 400 lines; no function over 80 lines
 * in the server's modules or in the web's screens. Lines as an editor shows them, blank ones and
 * comments included: the formatter's line width keeps code from being squeezed to pass.
 */
const MAX_ARCHIVO = 400;
const MAX_FUNCION = 80;

const raiz = new URL('../../../', import.meta.url);
const leer = (ruta: string) => readFileSync(new URL(ruta, raiz), 'utf8');

/** The .ts and .tsx files under `carpeta`, as paths from the repository's root. */
function fuentes(carpeta: string): string[] {
  return readdirSync(new URL(carpeta, raiz), { withFileTypes: true, recursive: true })
    .filter((x) => x.isFile() && /\.tsx?$/.test(x.name))
    .map((x) => `${x.parentPath}/${x.name}`.slice(new URL(raiz).pathname.length))
    .sort();
}

const lineas = (texto: string) => texto.split('\n').length - (texto.endsWith('\n') ? 1 : 0);

/** A function's name: its own, its variable's, property's or attribute's, or the call it is passed to. */
function nombre(f: ts.SignatureDeclaration, archivo: ts.SourceFile): string {
  if (f.name) return f.name.getText(archivo);
  let hijo: ts.Node = f;
  let p = f.parent;
  // Through parentheses and an immediate call: `const x = (() => {...})()` is x.
  while (ts.isParenthesizedExpression(p) || (ts.isCallExpression(p) && p.expression === hijo)) {
    hijo = p;
    p = p.parent;
  }
  if (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isJsxAttribute(p))
    return p.name.getText(archivo);
  if (ts.isCallExpression(p)) return `${p.expression.getText(archivo)}(…)`;
  return '(anónima)';
}

/** Every function of a file longer than MAX_FUNCION, as `path name[ › inner name]` → lines. */
function funcionesLargas(ruta: string, texto = leer(ruta)): Record<string, number> {
  const archivo = ts.createSourceFile(ruta, texto, ts.ScriptTarget.Latest, true);
  const largas: Record<string, number> = {};
  const visitar = (nodo: ts.Node, dentro: string[]) => {
    let camino = dentro;
    if (ts.isFunctionLike(nodo) && 'body' in nodo && nodo.body) {
      camino = [...dentro, nombre(nodo, archivo)];
      const linea = (pos: number) => archivo.getLineAndCharacterOfPosition(pos).line;
      const n = linea(nodo.end) - linea(nodo.getStart(archivo)) + 1;
      if (n > MAX_FUNCION) largas[`${ruta} ${camino.join(' › ')}`] = n;
    }
    ts.forEachChild(nodo, (hijo) => visitar(hijo, camino));
  };
  visitar(archivo, []);
  return largas;
}

/**
 * Where functions are measured: the server's modules (services, rules, uploads, repositories)
 * but not their route plugins, which list one route after another; and the web's screens.
 */
const CON_FUNCIONES = [
  ...fuentes('apps/server/src/modules/').filter((r) => !/\/(routes|v1)\.ts$/.test(r)),
  ...fuentes('apps/web/src/features/'),
];
const largas: Record<string, number> = Object.assign({}, ...CON_FUNCIONES.map((r) => funcionesLargas(r)));

describe('file and function sizes', () => {
  it.each(['apps/server/src/', 'apps/web/src/', 'packages/contracts/src/'])(
    `no file under %s has more than ${MAX_ARCHIVO} lines`,
    (carpeta) => {
      const grandes = fuentes(carpeta)
        .map((r) => [r, lineas(leer(r))] as const)
        .filter(([, n]) => n > MAX_ARCHIVO);
      expect(grandes).toEqual([]);
    },
  );

  it(`no function of the server's modules or the web's screens has more than ${MAX_FUNCION} lines`, () => {
    expect(largas).toEqual({});
  });

  it('the check measures: a function of 82 lines is found, its inner one of 80 is not', () => {
    const cuerpo = (n: number) => Array.from({ length: n }, (_, i) => `    const x${i} = ${i};`).join('\n');
    const texto = `function larga() {\n  const corta = () => {\n${cuerpo(MAX_FUNCION - 2)}\n  };\n}\n`;
    expect(funcionesLargas('x.ts', texto)).toEqual({ 'x.ts larga': MAX_FUNCION + 2 });
  });
});

/**
 * Issue 43 item 5: a screen changes data through its feature's api.ts hooks, so a reader finds
 * every write of an area in one file (lib/mutaciones.ts' useMutacion or React Query's own).
 */
describe("screens' mutations", () => {
  const llamaMutacion = /\buse(Mutation|Mutacion)\(/;
  // auth's api.ts is part of the login page's download, at 149.4 of its 150 KB (fundacion-peso-
  // login): the switch of company, used after login only, keeps its hook in a file of its own.
  const apiDe = (r: string) => r.endsWith('/api.ts') || r.endsWith('/auth/cambioEmpresa.ts');
  it('every mutation hook of the web features is in the feature’s api.ts', () => {
    const fuera = fuentes('apps/web/src/features/').filter((r) => !apiDe(r) && llamaMutacion.test(leer(r)));
    expect(fuera).toEqual([]);
  });
  it('the check sees a call', () => {
    expect(llamaMutacion.test('const m = useMutation({ mutationFn })')).toBe(true);
  });
});
