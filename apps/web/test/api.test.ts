import { API_AUTH } from '@recargas/contracts/auth';
import { M } from '@recargas/contracts/mensajes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ErrorApi, relevarSesion } from '../src/lib/api.ts';
import { SESION_CAMBIADA } from '../src/lib/sesion.ts';

/** fetch replaced by a list of answers, one per call; each call's request is kept. */
function servidor(...respuestas: Response[]) {
  const llamadas: { ruta: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (ruta: string, init: RequestInit) => {
      llamadas.push({ ruta, init });
      const r = respuestas.shift();
      if (!r) throw new TypeError('sin red');
      return r;
    }),
  );
  return llamadas;
}

const json = (status: number, cuerpo: unknown) =>
  new Response(JSON.stringify(cuerpo), { status, headers: { 'Content-Type': 'application/json' } });
const cabeceras = (init: RequestInit) => init.headers as Record<string, string>;

/** The cookie the server sets; api() reads it the way the page does, from document.cookie. */
function cookieXsrf(valor: string, caduca = '') {
  // biome-ignore lint/suspicious/noDocumentCookie: the page under test reads document.cookie itself
  document.cookie = `XSRF-TOKEN=${valor}; path=/${caduca}`;
}

beforeEach(() => {
  cookieXsrf('xsrf-123');
  localStorage.setItem('token', 'tok-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  cookieXsrf('', '; expires=Thu, 01 Jan 1970 00:00:00 GMT');
  localStorage.clear();
});

describe('api()', () => {
  it('sends the XSRF cookie back as a header on a POST, with the token and a JSON body', async () => {
    const llamadas = servidor(json(200, { ok: 1 }));
    await expect(api('/api/algo', { cuerpo: { a: 1 } })).resolves.toEqual({ ok: 1 });
    const init = llamadas[0]?.init ?? {};
    expect(init.method).toBe('POST');
    expect(cabeceras(init)['X-XSRF-TOKEN']).toBe('xsrf-123');
    expect(cabeceras(init).Authorization).toBe('Bearer tok-1');
    expect(cabeceras(init)['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });

  it('leaves the XSRF header off a GET', async () => {
    const llamadas = servidor(json(200, {}));
    await api('/api/algo');
    expect(llamadas[0]?.init.method).toBe('GET');
    expect(cabeceras(llamadas[0]?.init ?? {})['X-XSRF-TOKEN']).toBeUndefined();
  });

  it("turns a 4xx's Spanish mensaje into an ErrorApi with its status and body", async () => {
    servidor(json(409, { mensaje: 'El usuario ya existe', campo: 'username' }));
    const error = await api('/api/algo', { cuerpo: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorApi);
    expect(error).toMatchObject({
      message: 'El usuario ya existe',
      status: 409,
      cuerpo: { campo: 'username' },
    });
  });

  it('falls back to the generic Spanish text when there is no mensaje', async () => {
    servidor(json(500, {}));
    await expect(api('/api/algo')).rejects.toMatchObject({ message: M.errorInesperado, status: 500 });
  });

  it('a failed network, an abort and a timeout say so in Spanish (issue 41: no English)', async () => {
    servidor();
    await expect(api('/api/algo')).rejects.toMatchObject({ message: M.errorRed, status: 0 });
    vi.stubGlobal('fetch', async () => {
      throw new DOMException('The user aborted a request.', 'AbortError');
    });
    await expect(api('/api/algo')).rejects.toMatchObject({ message: M.solicitudAbortada, status: 0 });
    vi.stubGlobal('fetch', async () => {
      throw new DOMException('signal timed out', 'TimeoutError');
    });
    await expect(api('/excel', { cuerpo: {}, tiempoMaximo: 600_000 })).rejects.toMatchObject({
      message: 'El servidor no respondió en 600 segundos, intenta de nuevo',
      status: 0,
    });
  });

  it('waits without limit unless told: the Excel call gives up after its time', async () => {
    const llamadas = servidor(json(200, {}), json(200, {}));
    await api('/api/algo');
    expect(llamadas[0]?.init.signal).toBeNull();
    await api('/excel', { cuerpo: {}, tiempoMaximo: 50 });
    const senal = llamadas[1]?.init.signal as AbortSignal;
    expect(senal.aborted).toBe(false);
    await new Promise((r) => setTimeout(r, 120));
    expect(senal.aborted).toBe(true);
  });

  it('returns the body of a status the caller accepts', async () => {
    servidor(json(422, { estado: 'rechazada' }));
    await expect(api('/api/algo', { cuerpo: {}, aceptar: [422] })).resolves.toEqual({ estado: 'rechazada' });
  });

  it('renews an expired token once, reads the permissions again and retries the call', async () => {
    localStorage.setItem('permisos', 'GRAFICAS-INVENTARIO');
    const cambio = vi.fn();
    window.addEventListener(SESION_CAMBIADA, cambio);
    const llamadas = servidor(
      json(401, { mensaje: M.tokenExpirado }),
      json(200, { token: 'tok-2' }),
      json(200, { permisos: ['GRAFICAS'] }),
      json(200, { hecho: true }),
    );
    await expect(api('/api/algo')).resolves.toEqual({ hecho: true });
    expect(llamadas.map((l) => l.ruta)).toEqual([
      '/api/algo',
      '/api/renuevaToken',
      API_AUTH.permisos,
      '/api/algo',
    ]);
    expect(cabeceras(llamadas[2]?.init ?? {}).Authorization).toBe('Bearer tok-2');
    expect(cabeceras(llamadas[3]?.init ?? {}).Authorization).toBe('Bearer tok-2');
    expect(localStorage.getItem('token')).toBe('tok-2');
    // An administrator's change reaches the open session: stored, and the shell is told.
    await vi.waitFor(() => expect(localStorage.getItem('permisos')).toBe('GRAFICAS'));
    expect(cambio).toHaveBeenCalledTimes(1);
    window.removeEventListener(SESION_CAMBIADA, cambio);
  });

  it("sends an invalid token's session back to the company's login, with nothing stored", async () => {
    localStorage.setItem('empresa', 'demo');
    const ir = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    servidor(json(401, { mensaje: M.tokenInvalido }));
    await expect(api('/api/algo')).rejects.toMatchObject({ message: M.tokenInvalido, status: 401 });
    expect(ir).toHaveBeenCalledWith('/demo');
    expect(localStorage.getItem('token')).toBeNull();
    ir.mockRestore();
  });

  it('a 401 for a token replaced meanwhile (a switch of company) ends nothing', async () => {
    localStorage.setItem('empresa', 'demo');
    const ir = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    let responder: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((r) => (responder = r))),
    );
    const vieja = api('/api/algo');
    localStorage.setItem('token', 'tok-2');
    responder(json(401, { mensaje: M.tokenInvalido }));
    await expect(vieja).rejects.toMatchObject({ status: 401 });
    expect(ir).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('tok-2');
    ir.mockRestore();
  });

  it('calls made during a switch of company wait for it and carry the new token', async () => {
    const llamadas: string[] = [];
    let terminar: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((ruta: string, init: RequestInit) => {
        llamadas.push(`${ruta} ${cabeceras(init).Authorization}`);
        return ruta === '/cambiarEmpresa'
          ? new Promise<Response>((r) => (terminar = r))
          : Promise.resolve(json(200, {}));
      }),
    );
    const cambio = relevarSesion(
      api<{ token: string }>('/cambiarEmpresa', { cuerpo: { empresa: 'vcell' }, sinEsperar: true }).then(
        (r) => {
          localStorage.setItem('token', r.token);
          return r;
        },
      ),
    );
    const durante = api('/movimientos');
    await new Promise((r) => setTimeout(r, 10));
    expect(llamadas).toEqual(['/cambiarEmpresa Bearer tok-1']);
    terminar(json(200, { token: 'tok-2' }));
    await cambio;
    await durante;
    expect(llamadas).toEqual(['/cambiarEmpresa Bearer tok-1', '/movimientos Bearer tok-2']);
  });
});
