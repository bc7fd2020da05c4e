import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from './entorno.ts';
import { pedir } from './peticion.ts';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e.cerrar());

describe('operational endpoints', () => {
  it('/health answers while the process lives (readiness: plataforma-salud.test.ts)', async () => {
    const r = await pedir(e.app, null, 'GET', '/health');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ estado: 'ok' });
  });

  it('/metrics exposes request durations by route', async () => {
    await pedir(e.app, null, 'GET', '/getEmpresa/demo');
    const r = await pedir(e.app, null, 'GET', '/metrics');
    expect(r.statusCode).toBe(200);
    expect(r.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/getEmpresa\/:name",status="200"\} 1/,
    );
  });

  it('/docs/json is the OpenAPI document generated from the contracts', async () => {
    const r = await pedir(e.app, null, 'GET', '/docs/json');
    const doc = r.json();
    expect(doc.openapi).toMatch(/^3\./);
    const login = doc.paths['/iniciarSesion'].post;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual([
      'username',
      'password',
      'empresa',
    ]);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/getEmpresa/{name}',
        '/api/2fa/setup',
        '/api/2fa/verify',
        '/api/renuevaToken',
        '/quienSoy',
        '/api/permisos',
      ]),
    );
  });

  it('security headers are set and no CORS is offered', async () => {
    const r = await pedir(e.app, null, 'GET', '/getEmpresa/demo', undefined, {
      cabeceras: { origin: 'https://otro.example' },
    });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(r.headers['content-security-policy']).toContain("default-src 'self'");
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('every answer carries the same helmet headers: a route, a refusal, a not-found', async () => {
    const helmet = (h: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(h).filter(([k]) => HELMET.includes(k)));
    const [ok, rechazo, falta] = [
      await pedir(e.app, null, 'GET', '/getEmpresa/demo'),
      await pedir(e.app, null, 'GET', '/quienSoy'),
      await pedir(e.app, null, 'GET', '/no-existe.json'),
    ];
    expect([ok.statusCode, rechazo.statusCode, falta.statusCode]).toEqual([200, 401, 404]);
    expect(Object.keys(helmet(ok.headers)).sort()).toEqual([...HELMET].sort());
    expect(helmet(rechazo.headers)).toEqual(helmet(ok.headers));
    expect(helmet(falta.headers)).toEqual(helmet(ok.headers));
    expect(ok.headers['content-security-policy']).toContain("img-src 'self' data: https:");
    expect(ok.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});

/** Helmet's headers without HSTS (COOKIE_SECURE off here). */
const HELMET = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
