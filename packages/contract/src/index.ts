export * from './constants.js';
export * from './errors.js';
export * from './permissions.js';
export * from './auth.js';
export * from './health.js';
