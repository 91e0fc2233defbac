import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERROR_KINDS } from '@indicata/contracts';
import { errorBody } from './errors.ts';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Indicata</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>Indicata</h1>
<p>The API is running, but the web app has not been built yet.</p>
<p>Run <code>npm run build</code> (or start with <code>npm start</code>, which builds it when needed), then reload this page.</p>
</body></html>
`;

/**
 * Serves the built web app at / from `distDir`, with a fallback to index.html for every non-/api GET
 * (client routes such as /selectmlstep). Hashed files under /assets are cached for a year, index.html never.
 * Unknown /api routes answer 404 not_found in the API error shape. Without a build, pages answer a short
 * HTML page saying to run `npm run build`.
 */
export async function installStaticApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      setHeaders(reply, filePath) {
        const relative = path.relative(distDir, filePath).split(path.sep).join('/');
        reply.header('Cache-Control', relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    // request.url has its escaped unreserved characters decoded (normalise-path.ts); routes ignore case.
    const lower = url.toLowerCase();
    const isApi = lower === '/api' || lower.startsWith('/api/') || lower.startsWith('/api?');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send(errorBody('not_found', ERROR_KINDS.not_found));
    }
    // A missing file with an extension (/assets/x.js) is a 404, not the app: a browser would parse HTML as JS.
    const pathname = url.split('?')[0] ?? '/';
    if (/\.[a-z0-9]+$/i.test(pathname) && !pathname.endsWith('.html')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    if (!built) return reply.code(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(NOT_BUILT_PAGE);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
