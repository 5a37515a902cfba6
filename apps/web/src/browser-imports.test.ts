import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * What the browser runs is what main.tsx reaches through value imports, re-exports and dynamic
 * imports (every lazy page among them). ADR 007: none of it may reach zod (the contract's schemas
 * cost the profile page ~25 kB gzip and tens of milliseconds building schemas it never parses
 * with) or anything server-only. Type-only imports are erased and do not count.
 */

const WEB_SRC = path.dirname(fileURLToPath(import.meta.url));
const CONTRACT_SRC = path.resolve(WEB_SRC, '../../../packages/contract/src');
const FORBIDDEN_PACKAGES = ['zod', 'drizzle-orm', 'fastify', 'pino', 'pg', '@electric-sql/pglite'];

/** The module specifiers a file loads at run time, in source order. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!isTypeOnlyImport(node)) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause !== undefined &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // `import './side-effect'`
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return (
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** A project file for a specifier, or the package name for a dependency (null: not code). */
function resolve(specifier: string, from: string): { file: string } | { pkg: string } | null {
  if (/\.(css|json|svg|png|woff2?)(\?.*)?$/.test(specifier) || specifier.includes('?')) return null;
  let base: string | null = null;
  if (specifier.startsWith('@/')) base = path.join(WEB_SRC, specifier.slice(2));
  else if (specifier.startsWith('@cloud-portal/contract/'))
    base = path.join(CONTRACT_SRC, specifier.slice('@cloud-portal/contract/'.length));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  if (base === null) {
    const parts = specifier.split('/');
    return { pkg: specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]! };
  }
  if (fs.existsSync(base) && fs.statSync(base).isFile()) return { file: base };
  const candidates = SOURCE_EXTENSIONS.map((extension) => base + extension);
  if (/\.js$/.test(base)) candidates.unshift(base.replace(/\.js$/, '.ts'));
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error(`${specifier} (imported by ${from}) does not resolve`);
  return { file: found };
}

/** Every package the browser loads from `entry`, each with the chain of files that reaches it. */
function browserPackages(entry: string): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const chains = new Map<string, string[]>([[entry, [entry]]]);
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    for (const specifier of runtimeImports(file)) {
      const target = resolve(specifier, file);
      if (!target) continue;
      if ('pkg' in target) {
        if (!packages.has(target.pkg)) packages.set(target.pkg, chains.get(file)!);
      } else if (!chains.has(target.file)) {
        chains.set(target.file, [...chains.get(file)!, target.file]);
        queue.push(target.file);
      }
    }
  }
  return packages;
}

const relative = (file: string) => path.relative(path.resolve(WEB_SRC, '../../..'), file);

describe('what the browser bundle can reach', () => {
  const reached = browserPackages(path.join(WEB_SRC, 'main.tsx'));

  it('reaches the web app and the contract through lazy pages (the walk itself works)', () => {
    expect(reached.has('react')).toBe(true);
    expect(reached.has('react-pdf')).toBe(true); // only through a dynamic import
  });

  it.each(FORBIDDEN_PACKAGES)('never reaches %s', (pkg) => {
    const chain = reached.get(pkg);
    expect(chain?.map(relative), `${pkg} is reached through`).toBeUndefined();
  });

  it('never reaches a Node.js built-in module', () => {
    const builtins = [...reached.keys()].filter((pkg) => pkg.startsWith('node:'));
    expect(builtins).toEqual([]);
  });
});
