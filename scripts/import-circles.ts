/**
 * No import circles (part of `npm run lint`): in a circle neither file can finish loading before the
 * other, so values are read before they exist, and one circle invites the next. Every .ts and .tsx
 * file's imports and re-exports are read with TypeScript's own parser and resolved as the build
 * resolves them (relative paths, and `@pravesh/*` through each workspace's package.json exports);
 * `import type` and `export type` are left out, as the build erases them. The graph's strongly
 * connected components (Tarjan) are the circles.
 *
 * This replaced eslint-plugin-import-x's no-cycle, which walked the same graph once per file and was
 * an eighth of the lint's time. scripts/import-circles.test.ts plants circles for it to find.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.tsbuild', '.data', 'artifacts', '.scratch', 'migrations']);
const SOURCE = /\.tsx?$/;
const CANDIDATE_SUFFIXES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

export function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory())
      return SKIPPED_FOLDERS.has(entry.name) || entry.name.startsWith('.') ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The value imports of one file: static imports, re-exports and `import()` calls, type-only ones left out. */
export function importSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly === true ||
        (clause !== undefined &&
          clause.name === undefined &&
          clause.namedBindings !== undefined &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

interface Workspace {
  folder: string;
  exports: Record<string, string>;
}

/** Each workspace package by name, with its exports map (`.` and `./sub` paths, `./*` patterns). */
export function workspaces(root: string): Map<string, Workspace> {
  const found = new Map<string, Workspace>();
  for (const group of ['packages', 'apps']) {
    const groupFolder = path.join(root, group);
    if (!existsSync(groupFolder)) continue;
    for (const name of readdirSync(groupFolder)) {
      const manifest = path.join(groupFolder, name, 'package.json');
      if (!existsSync(manifest)) continue;
      const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string; exports?: unknown };
      const exports = typeof parsed.exports === 'object' && parsed.exports !== null ? parsed.exports : {};
      found.set(parsed.name, {
        folder: path.join(groupFolder, name),
        exports: Object.fromEntries(
          Object.entries(exports).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        ),
      });
    }
  }
  return found;
}

function existingFile(candidate: string): string | undefined {
  for (const suffix of CANDIDATE_SUFFIXES) {
    const file = candidate + suffix;
    if (SOURCE.test(file) && existsSync(file) && statSync(file).isFile()) return file;
  }
  return undefined;
}

/** The file a specifier names, or undefined for one outside the repository's sources (npm, node:, CSS). */
export function resolveSpecifier(
  specifier: string,
  fromFile: string,
  packages: Map<string, Workspace>,
): string | undefined {
  if (specifier.startsWith('.')) return existingFile(path.resolve(path.dirname(fromFile), specifier));
  const match = /^(@pravesh\/[^/]+)(\/.*)?$/.exec(specifier);
  const workspace = match && packages.get(match[1]!);
  if (!workspace) return undefined;
  const subpath = `.${match[2] ?? ''}`;
  const exact = workspace.exports[subpath];
  if (exact) return existingFile(path.join(workspace.folder, exact));
  for (const [pattern, target] of Object.entries(workspace.exports)) {
    if (!pattern.endsWith('/*') || !subpath.startsWith(pattern.slice(0, -1))) continue;
    return existingFile(path.join(workspace.folder, target.replace('*', subpath.slice(pattern.length - 1))));
  }
  return undefined;
}

/** Every circle among `files` (each a strongly connected component of two or more, or a file importing itself). */
export function findImportCircles(files: readonly string[], root: string): string[][] {
  const packages = workspaces(root);
  const known = new Set(files);
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const targets = importSpecifiers(file, readFileSync(file, 'utf8'))
      .map((specifier) => resolveSpecifier(specifier, file, packages))
      .filter((target): target is string => target !== undefined && known.has(target));
    edges.set(file, [...new Set(targets)]);
  }

  // Tarjan's strongly connected components, iterative so a deep import chain cannot overflow the stack.
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const circles: string[][] = [];
  let counter = 0;
  for (const start of files) {
    if (index.has(start)) continue;
    const work: { file: string; next: number }[] = [{ file: start, next: 0 }];
    index.set(start, counter);
    lowLink.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = edges.get(frame.file)!;
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          lowLink.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ file: target, next: 0 });
        } else if (onStack.has(target)) {
          lowLink.set(frame.file, Math.min(lowLink.get(frame.file)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) lowLink.set(parent.file, Math.min(lowLink.get(parent.file)!, lowLink.get(frame.file)!));
      if (lowLink.get(frame.file) !== index.get(frame.file)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.file);
      if (component.length > 1 || targets.includes(frame.file)) circles.push(component.sort());
    }
  }
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files = ['packages', 'apps', 'e2e', 'bench', 'scripts']
    .map((folder) => path.join(root, folder))
    .filter((folder) => existsSync(folder))
    .flatMap((folder) => sourceFiles(folder));
  const circles = findImportCircles(files, root);
  for (const circle of circles) {
    console.error(`import circle: ${circle.map((file) => path.relative(root, file)).join(' ↔ ')}`);
  }
  if (circles.length > 0) process.exitCode = 1;
  else console.log(`no import circles among ${files.length} files`);
}
