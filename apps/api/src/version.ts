import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './config';

/** The product version, from the root package.json (shown in the footer as v2.4.35). */
export const APP_VERSION: string = JSON.parse(
  fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'),
).version;
