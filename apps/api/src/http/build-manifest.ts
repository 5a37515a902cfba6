import path from 'node:path';
import { builtFileReader } from './built-file';

type ManifestChunk = { file: string; css?: string[]; imports?: string[] };
type Chunks = Record<string, ManifestChunk>;
/** Vite's ssr-manifest.json: each source module's chunk (and stylesheet) files, `/assets/…`. */
type ModuleFiles = Record<string, string[]>;

export type BuildFiles = { styles: string[]; scripts: string[] };

/**
 * The web build's manifests (`.vite/manifest.json`, `.vite/ssr-manifest.json`), read again after
 * a rebuild: which files a source module's code needs, so a page can link them in its head.
 */
export class BuildManifest {
  private readonly readChunks: () => Chunks | null;
  private readonly readModules: () => ModuleFiles | null;

  constructor(webDistDir: string) {
    this.readChunks = builtFileReader(
      path.join(webDistDir, '.vite', 'manifest.json'),
      (text) => JSON.parse(text) as Chunks,
    );
    this.readModules = builtFileReader(
      path.join(webDistDir, '.vite', 'ssr-manifest.json'),
      (text) => JSON.parse(text) as ModuleFiles,
    );
  }

  /** The stylesheets and scripts `modules` need, without what index.html loads itself. */
  filesFor(modules: readonly string[]): BuildFiles {
    const chunks = this.readChunks();
    if (!chunks) return { styles: [], scripts: [] };
    const keyByFile = new Map(Object.entries(chunks).map(([key, chunk]) => [chunk.file, key]));
    const moduleFiles = this.readModules() ?? {};
    const styles = new Set<string>();
    const scripts = new Set<string>();
    const visit = (key: string) => {
      const chunk = chunks[key];
      if (!chunk || scripts.has(chunk.file)) return;
      scripts.add(chunk.file);
      for (const css of chunk.css ?? []) styles.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit('index.html');
    const inIndex = { styles: new Set(styles), scripts: new Set(scripts) };
    for (const module of modules) {
      // A module of its own chunk is named in the manifest; one that shares a chunk is found
      // through the ssr-manifest's file.
      const chunkFile = moduleFiles[module]
        ?.find((file) => file.endsWith('.js'))
        ?.replace(/^\//, '');
      const key = chunks[module] ? module : chunkFile && keyByFile.get(chunkFile);
      if (key) visit(key);
    }
    return {
      styles: [...styles].filter((file) => !inIndex.styles.has(file)),
      scripts: [...scripts].filter((file) => !inIndex.scripts.has(file)),
    };
  }
}

/** `<link>`s for the files: stylesheets (render-blocking) and module preloads. */
export function linkTags(files: BuildFiles, scriptPriority?: 'low'): string {
  const priority = scriptPriority ? ` fetchpriority="${scriptPriority}"` : '';
  return [
    ...files.styles.map((file) => `<link rel="stylesheet" href="/${file}" />`),
    ...files.scripts.map((file) => `<link rel="modulepreload"${priority} href="/${file}" />`),
  ].join('');
}
