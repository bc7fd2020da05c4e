import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Below this many bytes an answer fits a packet or two anyway: encoding it costs more than it saves. */
const UMBRAL = 1024;
const CODIFICACIONES: ('br' | 'gzip')[] = ['br', 'gzip'];
/** @fastify/compress's own brotli level: the default 11 costs several times the CPU for little. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Answers over UMBRAL bytes go out brotli- or gzip-encoded, as the client accepts. The plugin hooks
 * each route added after it (so this comes before them) and checks the type: an .xlsx (already a
 * zip) and text/event-stream go as they are, and so do the web build's .br and .gz files (their
 * Content-Encoding is set). Request bodies are taken as sent: no inflating past the upload limits.
 */
export const compresion = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    threshold: UMBRAL,
    encodings: CODIFICACIONES,
    brotliOptions: BROTLI,
    globalDecompression: false,
  });
  // Fastify's not-found handler is no route, so the plugin never hooks it; the web app's page
  // (plugins/web.ts) is sent from there. What routes send is the plugin's alone.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.routeOptions.url !== undefined || typeof payload !== 'string') return payload;
    if (Buffer.byteLength(payload) < UMBRAL) return payload;
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const codificacion = negotiate(req.headers['accept-encoding'] ?? '', CODIFICACIONES);
    if (!codificacion) return payload;
    reply.header('content-encoding', codificacion);
    return codificacion === 'br' ? brotliCompressSync(payload, BROTLI) : gzipSync(payload);
  });
});
