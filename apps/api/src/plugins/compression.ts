import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * The API's answers above 1 kB, compressed for a browser that accepts it (brotli, else gzip).
 * Registered in the /api/v1 scope only: the web app's files are compressed once, at build time
 * (plugins/web.ts serves those). Request bodies are read as sent (no request decompression), so
 * signed raw bodies (the Cashfree webhook) reach their handlers byte for byte.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    // Per request, a fast level: quality 4 gets most of brotli's gain for a fraction of 11's time.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
});
