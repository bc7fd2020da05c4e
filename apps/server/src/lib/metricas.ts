import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * What every process (API or worker) counts for its whole life, apart from any one app:
 * process figures and the provider calls. Served by /metrics with the app's own registry.
 */
export const registroProceso = new Registry();
collectDefaultMetrics({ register: registroProceso });

export const enviosRecargas = new Counter({
  name: 'recargas_envios_total',
  help: 'Envíos de recargas al proveedor por resultado (aceptada, rechazada, desconocida, error)',
  labelNames: ['proveedor', 'resultado'],
  registers: [registroProceso],
});

export const latenciaProveedor = new Histogram({
  name: 'proveedor_latencia_segundos',
  help: 'Duración de las llamadas al proveedor (send: envío, status: consulta)',
  labelNames: ['proveedor', 'operacion'],
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
  registers: [registroProceso],
});
