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
  private readonly indexes = new WeakMap<Chunks, ChunkIndex>();

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
    const { keyByFile, inIndex } = this.indexOf(chunks);
    const moduleFiles = this.readModules() ?? {};
    const files = { styles: new Set<string>(), scripts: new Set<string>() };
    for (const module of modules) {
      // A module of its own chunk is named in the manifest; one that shares a chunk is found
      // through the ssr-manifest's file.
      const chunkFile = moduleFiles[module]
        ?.find((file) => file.endsWith('.js'))
        ?.replace(/^\//, '');
      const key = chunks[module] ? module : chunkFile && keyByFile.get(chunkFile);
      if (key) collect(chunks, key, files);
    }
    return {
      styles: [...files.styles].filter((file) => !inIndex.styles.has(file)),
      scripts: [...files.scripts].filter((file) => !inIndex.scripts.has(file)),
    };
  }

  /** What each build's index.html loads, and its chunks by file, worked out once per build. */
  private indexOf(chunks: Chunks): ChunkIndex {
    let index = this.indexes.get(chunks);
    if (!index) {
      const inIndex = { styles: new Set<string>(), scripts: new Set<string>() };
      collect(chunks, 'index.html', inIndex);
      const keyByFile = new Map(Object.entries(chunks).map(([key, chunk]) => [chunk.file, key]));
      index = { keyByFile, inIndex };
      this.indexes.set(chunks, index);
    }
    return index;
  }
}

type FileSets = { styles: Set<string>; scripts: Set<string> };
type ChunkIndex = { keyByFile: Map<string, string>; inIndex: FileSets };

/** A chunk's script and stylesheets and those of every chunk it imports. */
function collect(chunks: Chunks, key: string, into: FileSets): void {
  const chunk = chunks[key];
  if (!chunk || into.scripts.has(chunk.file)) return;
  into.scripts.add(chunk.file);
  for (const css of chunk.css ?? []) into.styles.add(css);
  for (const imported of chunk.imports ?? []) collect(chunks, imported, into);
}

/** Render-blocking `<link>`s for the stylesheets. */
export function stylesheetLinks(styles: readonly string[]): string {
  return styles.map((file) => `<link rel="stylesheet" href="/${file}" />`).join('');
}
