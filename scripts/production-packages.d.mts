/** Types of production-packages.mjs, for the TypeScript tests that import it. */
export interface ProductionPackage {
  name: string;
  version: string;
  /** Absolute folder of this installed copy. */
  dir: string;
  engines: string | undefined;
  requiredBy: string;
  /** Absolute folder of the first dependant found, where Node resolves the name from. */
  requiredFrom: string;
}

export function productionPackages(root: string, workspaceDirs: string[]): ProductionPackage[];
