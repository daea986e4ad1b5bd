/**
 * The baseline's server: a build served as static files, compressed per response by the
 * `compression` middleware (what `express` + `compression` or nginx's gzip do), clean URLs mapped
 * to `.html` as Docusaurus lays them out.
 *   tsx bench/plain-server.ts <build dir> <port>
 */
import http from 'node:http';
import compression from 'compression';
import send from 'send';

const [root, port] = process.argv.slice(2);
const compress = compression();

http
  .createServer((request, response) => {
    compress(request as never, response as never, () => {
      send(request, new URL(request.url ?? '/', 'http://localhost').pathname, { root, extensions: ['html'] })
        .on('error', (error: { status?: number }) => {
          response.statusCode = error.status ?? 500;
          response.end();
        })
        .pipe(response);
    });
  })
  .listen(Number(port), '127.0.0.1');
