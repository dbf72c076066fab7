import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRsbuild, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { isServerHtmlFile, type RenderPageWithData, SERVER_HTML } from '../server-html';

/**
 * What a server entry (`src/server/render.tsx`) exports: the build's
 * server-rendered HTML, by file name (`LoginPage.html`, `routes.json`);
 * and, if it renders pages with the user's data, `renderPageWithData`.
 */
export type RenderServerHtml = () => Promise<Record<string, string>>;

/**
 * Renders an app's server HTML when it is built (docs/architecture.md §2,
 * "Pages as HTML"): the entry is bundled for Node with the
 * app's own sources (React and @stride/shared compiled in; nothing is
 * federated at render time), run once, and its files written to
 * `server-html/` of the build, so a release carries the HTML of its own
 * version in its immutable folder; with the bundle in `server-html/render/`
 * when it renders pages with data. Production builds only.
 */
export function pluginServerHtml(entry: string, define: Record<string, string>): RsbuildPlugin {
  return {
    name: 'stride:server-html',
    setup(api) {
      api.onAfterBuild(async () => {
        const { rootPath, distPath } = api.context;
        const outDir = join(rootPath, 'node_modules', '.cache', 'stride-server-html');
        const server = await createRsbuild({
          cwd: rootPath,
          rsbuildConfig: {
            plugins: [pluginReact()],
            source: { entry: { render: entry }, define },
            output: {
              target: 'node',
              module: true,
              minify: false,
              cleanDistPath: true,
              distPath: { root: outDir },
              filenameHash: false,
            },
            performance: { chunkSplit: { strategy: 'all-in-one' } },
          },
        });
        await server.build();
        const url = `${pathToFileURL(join(outDir, 'render.js')).href}?at=${Date.now()}`;
        const entryExports = (await import(url)) as {
          renderServerHtml: RenderServerHtml;
          renderPageWithData?: RenderPageWithData;
        };
        const { renderServerHtml } = entryExports;
        const files = await renderServerHtml();
        const dir = join(distPath, SERVER_HTML.dir);
        mkdirSync(dir, { recursive: true });
        for (const [name, html] of Object.entries(files)) {
          if (!isServerHtmlFile(name) && name !== SERVER_HTML.routes) {
            throw new Error(`server HTML: "${name}" is not a file name the servers read`);
          }
          writeFileSync(join(dir, name), html);
        }
        // The bundle itself, for the server to render pages with data per
        // request ("Pages with data"): self-contained (React compiled in),
        // ESM, so it runs from the release's folder as it is.
        if (typeof entryExports.renderPageWithData === 'function') {
          const bundle = join(dir, SERVER_HTML.renderDir);
          cpSync(outDir, bundle, { recursive: true });
          writeFileSync(join(bundle, 'package.json'), '{ "type": "module" }\n');
        }
      });
    },
  };
}
