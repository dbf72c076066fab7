// The compatibility record of a release (docs/architecture.md §9), collected from the
// source the release was built from — never written by hand:
// - what `@stride/shared` provides: the value exports of its root entry, the
//   only part of it shared at run time (loaded-first: every remote gets the
//   host's copy);
// - what a remote needs of it: every value it imports from that entry;
// - which exposed modules the host's routes load from each remote.
// The gate (gate.ts) compares these records across the apps that run together.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { CommandError } from './errors';
import { SHARED_MODULE } from './release-record';
import { ROOT } from './store';

const SHARED_ENTRY = join(ROOT, 'shared', 'src', 'index.ts');

/** The value exports of `@stride/shared`'s entry (types are erased, so they are no promise). */
export function sharedProvides(entry = SHARED_ENTRY): string[] {
  const program = ts.createProgram([entry], {
    noEmit: true,
    allowJs: false,
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const module = source && checker.getSymbolAtLocation(source);
  if (!module) throw new CommandError(`cannot read the exports of ${relative(ROOT, entry)}`);
  return checker
    .getExportsOfModule(module)
    .filter((symbol) => {
      const target =
        symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return (target.flags & ts.SymbolFlags.Value) !== 0;
    })
    .map((symbol) => symbol.getName())
    .sort();
}

/** The files a build compiles: the app's sources, not its tests or test helpers. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const isShared = (node: ts.Node | undefined) =>
  node !== undefined && ts.isStringLiteral(node) && node.text === SHARED_MODULE;

/**
 * The names one file takes from `@stride/shared` at run time, or `'*'` when
 * it takes the whole module (a namespace import, `export *`, a dynamic
 * import): then it may use any export, and the record says so.
 */
export function importsOfShared(code: string, fileName = 'file.tsx'): string[] | '*' {
  const file = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  const names = new Set<string>();
  let whole = false;
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && isShared(node.moduleSpecifier)) {
      const clause = node.importClause;
      if (clause && !clause.isTypeOnly) {
        if (clause.name) names.add('default');
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) whole = true;
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) {
            if (!element.isTypeOnly) names.add((element.propertyName ?? element.name).text);
          }
        }
      }
    } else if (ts.isExportDeclaration(node) && isShared(node.moduleSpecifier) && !node.isTypeOnly) {
      const clause = node.exportClause;
      if (!clause || ts.isNamespaceExport(clause)) whole = true;
      else {
        for (const element of clause.elements) {
          if (!element.isTypeOnly) names.add((element.propertyName ?? element.name).text);
        }
      }
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      isShared(node.arguments[0])
    ) {
      whole = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return whole ? '*' : [...names].sort();
}

/**
 * What an app's sources need of `@stride/shared` at run time: the value
 * exports they import (a type import is erased; `verbatimModuleSyntax` makes
 * every type import say so). A file that takes the whole module needs every
 * export the build's shared provided: the record errs toward refusing.
 */
export function sharedNeeds(appDir: string, provides: readonly string[]): string[] {
  const needed = new Set<string>();
  for (const file of sourceFiles(join(appDir, 'src'))) {
    const names = importsOfShared(readFileSync(file, 'utf8'), file);
    for (const name of names === '*' ? provides : names) needed.add(name);
  }
  return [...needed].sort();
}

/** The exposed modules the host's routes load, by remote (`./GoalsPage`), read from its route table. */
export async function hostRoutes(hostDir: string): Promise<Record<string, string[]>> {
  const file = join(hostDir, 'src', 'remotes', 'route-pages.ts');
  const { ROUTE_PAGES } = (await import(pathToFileURL(file).href)) as {
    ROUTE_PAGES?: Record<string, readonly string[]>;
  };
  if (!ROUTE_PAGES) throw new CommandError(`${relative(ROOT, file)} exports no ROUTE_PAGES`);
  return Object.fromEntries(
    Object.entries(ROUTE_PAGES).map(([remote, pages]) => [
      remote,
      pages.map((page) => `./${page}`).sort(),
    ]),
  );
}
