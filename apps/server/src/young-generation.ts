import { setFlagsFromString } from 'node:v8';

/**
 * Keeps V8's young generation ("new space") at its initial 1 MB per semi-space instead of letting
 * it grow to 16 MB: at start-up, module loading grows it to 32 MB reserved of which ~9 MB stays in
 * use, and that reservation alone put the idle server over its 100 MB RSS budget (docs/performance.md).
 * `--max-semi-space-size` can only be given on the command line (V8 sizes the heap once, before any
 * code runs); the growth factor is read at every scavenge, so setting it here, as the entry's first
 * import, holds however the server is started (npm start, node dist/main.js, tests, benchmarks).
 * Measured: idle RSS 108–113 → 95–96 MB; board loads and 304s no slower (more, cheaper scavenges).
 */
setFlagsFromString('--semi-space-growth-factor=1');
