// GET /export/, POST /import/preview/ and POST /import/: a user's data out as
// JSON or CSV, and a Stride or Todoist file in, previewed first.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { LIMITS } from '@stride/shared/limits';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { localDate } from '../lib/dates.js';
import { exportSchema, importPreviewSchema, importSchema } from '../schemas/transfer.js';
import { exportCsv } from '../transfer/export-csv.js';
import { readImport } from '../transfer/read-import.js';

/** The body is the file's text in JSON: room for the longest file and its escaping. */
const IMPORT_BODY_LIMIT = LIMITS.importChars * 2 + 1024;

export default async function transferRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/export/', { schema: exportSchema }, async (request, reply) => {
    const document = await app.transfer.exportDocument(request.userId);
    const format = request.query.format ?? 'json';
    const day = document.exported_at.slice(0, 10);
    reply
      .header('content-disposition', `attachment; filename="stride-${day}.${format}"`)
      .header('cache-control', 'no-store');
    if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(exportCsv(document));
    // Compact: an account at the import's record limit must fit its size limit too.
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(document));
  });

  /** The file read into a plan, its words-for-dates read on the user's calendar. */
  const plan = (request: FastifyRequest, content: string) => {
    const timeZone = request.auth?.user.timezone ?? null;
    const now = app.clock();
    return readImport(content, { now, timeZone, today: localDate(now, timeZone) });
  };

  app.post(
    '/import/preview/',
    { schema: importPreviewSchema, bodyLimit: IMPORT_BODY_LIMIT },
    async (request) =>
      app.transfer.report(request.userId, await plan(request, request.body.content)),
  );

  app.post(
    '/import/',
    { schema: importSchema, bodyLimit: IMPORT_BODY_LIMIT },
    async (request, reply) => {
      const read = await plan(request, request.body.content);
      if (read.problemCount > 0) {
        return reply.code(422).send({
          error: 'The file has problems, so nothing was imported',
          code: 'import_invalid' as const,
          report: await app.transfer.report(request.userId, read),
        });
      }
      return app.transfer.apply(request.userId, read);
    },
  );
}
