// The account's data out and in: GET /export/ as a file to save, and an
// import read first (POST /import/preview/, which writes nothing), then
// applied (POST /import/).

import { apiRequest, getRuntimeConfig } from '@stride/shared';
import type { ExportFormat, ImportReport } from '@stride/shared/contract';

/** A large import is one transaction on the server: give it longer than a page's read. */
const IMPORT_TIMEOUT_MS = 60_000;

export const previewImport = (content: string) =>
  apiRequest<ImportReport>('/import/preview/', {
    method: 'POST',
    body: { content },
    timeoutMs: IMPORT_TIMEOUT_MS,
  });

export const applyImport = (content: string) =>
  apiRequest<ImportReport>('/import/', {
    method: 'POST',
    body: { content },
    timeoutMs: IMPORT_TIMEOUT_MS,
  });

/** `stride-2026-11-25.csv`, dated on the user's calendar. */
export function exportFileName(format: ExportFormat, now = new Date()): string {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
  return `stride-${day}.${format}`;
}

/**
 * Fetches the export and hands it to the browser as a download. Not through
 * apiRequest, which reads JSON answers: this is a file, kept byte for byte.
 */
export async function downloadExport(format: ExportFormat): Promise<void> {
  const response = await fetch(`${getRuntimeConfig().apiBase}/export/?format=${format}`, {
    credentials: 'include',
  });
  if (!response.ok) throw new Error(`GET /export/ answered ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(format);
  document.body.append(link);
  link.click();
  link.remove();
  // After this turn: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
