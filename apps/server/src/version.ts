import serverPackage from '../package.json' with { type: 'json' };

/** The server's version, from its package.json (bundled in at build time). */
export const VERSION: string = serverPackage.version;
