// A page load drawn as a timeline: what the browser fetched and when, the
// main thread's long tasks, and the first and largest contentful paints.
// `pnpm perf:waterfall` records one load on a throttled phone (waterfall.spec.ts)
// and writes the drawing as SVG, the README's "On a phone" pictures.

/** One fetched file, in ms from the navigation's start. */
export interface Fetched {
  name: string;
  kind: 'document' | 'script' | 'css' | 'data' | 'other';
  start: number;
  end: number;
}

export interface LoadTimeline {
  title: string;
  fetched: Fetched[];
  /** The main thread's tasks over 50 ms. */
  longTasks: { start: number; duration: number }[];
  fcp: number;
  lcp: number;
}

const COLOURS: Record<Fetched['kind'], string> = {
  document: '#475569',
  script: '#d97706',
  css: '#7c3aed',
  data: '#059669',
  other: '#2563eb',
};

const ROW = 16;
const LABEL_WIDTH = 330;
const PLOT_WIDTH = 620;
const MAX_ROWS = 60;
const MAX_LABEL = 48;

const xmlText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A file's kind from its resource-timing initiator and its path. */
export function kindOf(path: string, initiator: string): Fetched['kind'] {
  if (initiator === 'navigation') return 'document';
  if (/\.js(\?|$)/.test(path) || initiator === 'script') return 'script';
  if (/\.css(\?|$)/.test(path)) return 'css';
  if (initiator === 'fetch' || initiator === 'xmlhttprequest' || path.startsWith('/api/')) {
    return 'data';
  }
  return 'other';
}

/** The path a row is labelled with: long hashed names are cut from the left. */
function label(name: string): string {
  return name.length <= MAX_LABEL ? name : `…${name.slice(name.length - MAX_LABEL + 1)}`;
}

/** The timeline as a self-contained SVG (no fonts or scripts fetched). */
export function drawTimeline(timeline: LoadTimeline): string {
  const fetched = [...timeline.fetched].sort((a, b) => a.start - b.start).slice(0, MAX_ROWS);
  const lastEnd = Math.max(
    timeline.lcp,
    ...fetched.map((file) => file.end),
    ...timeline.longTasks.map((task) => task.start + task.duration),
  );
  // The axis in whole half-seconds, so two pictures of one page compare at a glance.
  const span = Math.max(500, Math.ceil(lastEnd / 500) * 500);
  const x = (ms: number) => LABEL_WIDTH + (ms / span) * PLOT_WIDTH;
  const top = 40;
  const tasksTop = top + fetched.length * ROW + 12;
  const height = tasksTop + ROW + 52;
  const width = LABEL_WIDTH + PLOT_WIDTH + 20;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<title>${xmlText(timeline.title)}</title>`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="8" y="18" font-size="13" font-weight="bold">${xmlText(timeline.title)}</text>`,
  ];
  for (let ms = 0; ms <= span; ms += 500) {
    parts.push(
      `<line x1="${x(ms)}" y1="${top - 6}" x2="${x(ms)}" y2="${tasksTop + ROW}" stroke="#e2e8f0"/>`,
      `<text x="${x(ms)}" y="${top - 10}" text-anchor="middle" fill="#64748b">${(ms / 1000).toFixed(1)} s</text>`,
    );
  }
  fetched.forEach((file, row) => {
    const y = top + row * ROW;
    const barWidth = Math.max(2, x(file.end) - x(file.start));
    parts.push(
      `<text x="8" y="${y + 11}" fill="#0f172a">${xmlText(label(file.name))}</text>`,
      `<rect x="${x(file.start)}" y="${y + 3}" width="${barWidth}" height="${ROW - 6}" fill="${COLOURS[file.kind]}"><title>${xmlText(file.name)}: ${Math.round(file.start)}–${Math.round(file.end)} ms</title></rect>`,
    );
  });
  parts.push(
    `<text x="8" y="${tasksTop + 11}" fill="#0f172a">main thread: tasks over 50 ms</text>`,
  );
  for (const task of timeline.longTasks) {
    parts.push(
      `<rect x="${x(task.start)}" y="${tasksTop + 2}" width="${Math.max(2, x(task.start + task.duration) - x(task.start))}" height="${ROW - 4}" fill="#dc2626"><title>${Math.round(task.duration)} ms</title></rect>`,
    );
  }
  const marks = [
    ['FCP', timeline.fcp],
    ['LCP', timeline.lcp],
  ] as const;
  marks.forEach(([name, ms], i) => {
    parts.push(
      `<line x1="${x(ms)}" y1="${top - 6}" x2="${x(ms)}" y2="${tasksTop + ROW + 2 + i * 12}" stroke="#0f172a" stroke-dasharray="4 3"/>`,
      `<text x="${x(ms) + 3}" y="${tasksTop + ROW + 12 + i * 12}" fill="#0f172a">${name} ${(ms / 1000).toFixed(2)} s</text>`,
    );
  });
  const legend = Object.entries(COLOURS);
  legend.forEach(([kind, colour], i) => {
    const lx = 8 + i * 90;
    parts.push(
      `<rect x="${lx}" y="${height - 14}" width="10" height="10" fill="${colour}"/>`,
      `<text x="${lx + 14}" y="${height - 5}" fill="#334155">${kind}</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
