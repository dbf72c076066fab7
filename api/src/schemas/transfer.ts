// /export/ and /import/: the contract's documents with what only the API adds.
import { Type } from '@sinclair/typebox';
import {
  ExportDocumentSchema,
  ExportQuerySchema,
  ImportReportSchema,
  ImportRequestSchema,
} from '@stride/shared/contract';
import { errorResponses } from './common.js';

export const exportSchema = {
  tags: ['transfer'],
  summary: 'Every goal and task, with steps, repeat rules and completed occurrences',
  description:
    'format=json (default) is the document POST /import/ reads back; format=csv is for a ' +
    'spreadsheet, one row per goal, task, step or completion. Sent as an attachment.',
  querystring: ExportQuerySchema,
  response: {
    200: {
      description: 'The export',
      content: {
        'application/json': { schema: ExportDocumentSchema },
        'text/csv': { schema: Type.String() },
      },
    },
    ...errorResponses(503),
  },
} as const;

export const importPreviewSchema = {
  tags: ['transfer'],
  summary: 'Read a Stride JSON export or a Todoist CSV: what it would add, and every problem',
  description: 'Writes nothing. The answer is 200 even when the file has problems.',
  body: ImportRequestSchema,
  response: { 200: ImportReportSchema, ...errorResponses(503) },
} as const;

export const importSchema = {
  tags: ['transfer'],
  summary: 'Import a file: all of it in one transaction, or nothing if any line has a problem',
  body: ImportRequestSchema,
  response: {
    200: ImportReportSchema,
    422: Type.Object({
      error: Type.String(),
      code: Type.Literal('import_invalid'),
      report: ImportReportSchema,
    }),
    ...errorResponses(503),
  },
} as const;
